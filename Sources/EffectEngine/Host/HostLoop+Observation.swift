import Observation

// Observing state: the `Observable` conformance and the readers of `states` (R16), the
// loop's side.
//
// Both are lazy, so a loop nobody watches pays one flag test per settled chain:
// - a tracker (`withObservationTracking`, a SwiftUI view) can only wait on `state` if
//   `state` was read since the last publish, so the loop publishes only then;
// - a reader of `states` reads the state itself when it runs, so the loop only counts
//   settled chains and wakes the readers that wait.

extension HostLoop {
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

    /// Wakes the readers of a host's `states` waiting (after a settled chain, or the stop).
    func wakeStateReaders() {
        settledWatchers &= ~Self.readersBit
        stateReaders.wakeAll()
    }

    /// What a reader of a ``StateStream`` sees when it looks, on the loop's actor: the
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
