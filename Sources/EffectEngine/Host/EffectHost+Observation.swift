import Observation

// Observing state: the `Observable` conformance and the readers of `states` (R16).
//
// Both are lazy, so a host nobody watches pays one flag test per settled chain:
// - a tracker (`withObservationTracking`, a SwiftUI view) can only wait on `state` if
//   `state` was read since the last publish, so the host publishes only then;
// - a reader of `states` reads the state itself when it runs, so the host only counts
//   settled chains and wakes the readers that wait.

extension EffectHost {
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

    /// A stream of settled states, projected by `project`.
    func stream<Element: Sendable>(
        _ project: @escaping @MainActor @Sendable (State) -> Element,
        isSame: @escaping @Sendable (Element, Element) -> Bool
    ) -> StateStream<Element> {
        StateStream(
            read: { [weak self] in
                self.map { StateStream.Reading(value: project($0.currentState), isStopped: $0.isStopped) }
            },
            readers: { [weak self] in
                guard let self, !self.isStopped else { return nil }
                self.settledWatchers |= Self.readersBit
                return (self.stateReaders, self.stateReaders.epoch)
            },
            isSame: isSame)
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
