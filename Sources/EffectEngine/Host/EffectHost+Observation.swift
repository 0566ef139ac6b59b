// Observing a host on the main actor: the settled states as streams (R16).

extension EffectHost {
    /// A stream of settled states, projected by `project`, read on the main actor.
    func stream<Element: Sendable>(
        _ project: @escaping @Sendable (State) -> Element,
        isSame: @escaping @Sendable (Element, Element) -> Bool
    ) -> StateStream<Element> {
        StateStream(
            look: { @MainActor [weak self] delivered in self?.loop.look(project, after: delivered, isSame: isSame) },
            isSame: isSame)
    }

    /// One field of the settled states, as an `AsyncSequence`: its current value first,
    /// then each value that differs from the last one delivered; see ``states``.
    ///
    /// ```swift
    /// for await count in host.states(of: \.count) { print("count: \(count)") }
    /// ```
    ///
    /// - Parameter keyPath: The field.
    /// - Returns: The sequence of its values.
    public func states<Value: Sendable & Equatable>(of keyPath: KeyPath<State, Value> & Sendable) -> StateStream<Value> {
        stream({ $0[keyPath: keyPath] }, isSame: { $0 == $1 })
    }
}

extension EffectHost where State: Sendable & Equatable {
    /// The settled states, as an `AsyncSequence`: the current state first, then each
    /// settled state that differs from the last one delivered (R16).
    ///
    /// A reader slower than the loop sees the latest state, never a backlog: nothing is
    /// queued for it, and a reader that never reads costs the loop nothing. Any number of
    /// readers may read at once. The sequence ends when the host stops or is released,
    /// and for a reader whose task is cancelled.
    ///
    /// ```swift
    /// Task {
    ///     for await state in host.states { render(state) }
    /// }
    /// ```
    public var states: StateStream<State> {
        stream({ $0 }, isSame: { $0 == $1 })
    }

}
