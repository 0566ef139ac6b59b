import EffectEngine

// N11: a screen's commands, for the screen on top of a stack, with no projection of the
// stack and no wrapping of its events written by hand.

extension LineCommands {
    /// These commands, for the screen on top of a stack while it is in the case `screen`
    /// constructs: a line is parsed at that screen's state, and its event sent to that
    /// element (`.path(.element(id: top, event: .detail(...)))`).
    ///
    /// ```swift
    /// RecordMeeting.commands.onTop(
    ///     of: \.path, screen: Path.State.record, event: Path.Event.record, stack: Event.path)
    /// ```
    ///
    /// The screen's state is read from the top element with a `CasePath` made
    /// from `screen`. A line typed when another screen is on top is refused.
    ///
    /// - Parameters:
    ///   - stack: Where the stack lives in the larger state.
    ///   - screen: The constructor of the element's case whose value these commands read.
    ///   - event: Turns the screen's event into the element's.
    ///   - stackEvent: Turns a stack event into the larger feature's.
    /// - Returns: The same commands, at the larger state.
    public func onTop<Root, RootEvent: Sendable, Element, ElementEvent: Sendable>(
        of stack: KeyPath<Root, StackState<Element>> & Sendable,
        screen: @escaping @Sendable (State) -> Element,
        event: @escaping @Sendable (Event) -> ElementEvent,
        stack stackEvent: @escaping @Sendable (StackEvent<Element, ElementEvent>) -> RootEvent
    ) -> LineCommands<Root, RootEvent> {
        LineCommands<Root, RootEvent> { root in
            guard let top = root[keyPath: stack].top, let state = CasePath(screen).extract(from: top.element) else {
                return LineCommands<Root, RootEvent>([])
            }
            let id = top.id
            return self.at(state).scoped(
                state: { root in
                    guard let now = root[keyPath: stack].top, now.id == id else { return nil }
                    return CasePath(screen).extract(from: now.element)
                },
                event: { stackEvent(.element(id: id, event: event($0))) })
        }
    }
}
