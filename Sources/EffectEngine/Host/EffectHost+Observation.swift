import Observation

// Observing state: the `Observable` conformance and the readers of `states` (R16).
//
// Both are lazy, so a host nobody watches pays one flag test per settled chain:
// - a tracker (`withObservationTracking`, a SwiftUI view) can only wait on `state` if
//   `state` was read since the last publish, so the host publishes only then;
// - a reader of `states` reads the state itself when it runs, so the host only counts
//   settled chains and wakes the readers that wait.

nonisolated extension EffectHost {
    /// The first read of `state` since the last publish: remembers what trackers saw.
    @usableFromInline
    func beginTrackingState() {
        settledWatchers |= Self.trackedBit
        if isSameState != nil { trackedState = currentState }
    }

    /// After a settled chain: tells trackers and wakes readers, when there are any.
    @usableFromInline
    func tellSettledWatchers() {
        if settledWatchers & Self.trackedBit != 0 { publishState() }
        if settledWatchers & Self.readersBit != 0 { wakeStateReaders() }
    }

    /// Tells trackers, once, that `state` changed.
    func publishState() {
        if let isSame = isSameState, let seen = trackedState, isSame(seen, currentState) { return }
        settledWatchers &= ~Self.trackedBit
        trackedState = nil
        observation.withMutation(of: self, keyPath: stateKeyPath) {}
    }

    /// Wakes the readers of ``states`` waiting (after a settled chain, or the stop).
    func wakeStateReaders() {
        settledWatchers &= ~Self.readersBit
        stateReaders.wakeAll()
    }

    /// What a reader of a ``StateStream`` sees when it looks, on the host's actor: the
    /// value now, and, when it is the one the reader has, where to wait for the next
    /// settled chain (`nil` once the host stopped). One step, so that no settled chain
    /// falls between the reading and the waiting.
    func look<Element: Sendable>(
        _ project: (State) -> Element, after delivered: Element?,
        isSame: (Element, Element) -> Bool
    ) -> StateStream<Element>.Look {
        let value = project(currentState)
        guard let delivered, isSame(delivered, value) else { return .value(value) }
        guard !core.isStopped else { return .ended }
        settledWatchers |= Self.readersBit
        return .wait(stateReaders, epoch: stateReaders.epoch)
    }

    /// `==` of `State` when it is `Equatable`, found once at creation.
    static func equality() -> ((State, State) -> Bool)? {
        guard let equatable = State.self as? any Equatable.Type else { return nil }
        func compare<Value: Equatable>(_: Value.Type) -> (State, State) -> Bool {
            { ($0 as! Value) == ($1 as! Value) }
        }
        return compare(equatable)
    }
}

extension EffectHost {
    /// A stream of settled states, projected by `project`, read on the main actor.
    func stream<Element: Sendable>(
        _ project: @escaping @Sendable (State) -> Element,
        isSame: @escaping @Sendable (Element, Element) -> Bool
    ) -> StateStream<Element> {
        StateStream(
            look: { @MainActor [weak self] delivered in self?.look(project, after: delivered, isSame: isSame) },
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
