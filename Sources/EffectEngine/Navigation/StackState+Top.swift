extension StackState {
    /// The screen on top of the stack, with its id: what a line program shows and answers,
    /// and what a screen's commands send to (N11); `nil` for an empty stack.
    ///
    /// ```swift
    /// var path = StackState([Screen.detail(7), .record])
    /// #expect(path.top?.id == 1 && path.top?.element == .record)
    /// ```
    @inlinable
    public var top: (id: StackElementID, element: Element)? {
        guard let id = elementIDs.last, let element = elements.last else { return nil }
        return (id, element)
    }
}
