import EffectEngine

/// TLA+'s `TCommit` (Lamport's transaction commit, the spec TwoPhase refines) as a
/// feature: each resource manager prepares, then commits once all are prepared or
/// committed, or aborts while none has committed. TLC finds 34 states with 3.
enum TCommit {
    /// `rmState[rm]`: TCTypeOK holds by construction.
    enum Manager: UInt8, Hashable, Sendable {
        case working, prepared, committed, aborted
    }

    struct State: Hashable, Sendable {
        /// `rmState`, a function from `RM` to a manager's state.
        var managers: [Manager]

        /// `TCInit`.
        init(managers count: Int) {
            managers = Array(repeating: .working, count: count)
        }

        /// `canCommit`.
        var canCommit: Bool { managers.allSatisfy { $0 == .prepared || $0 == .committed } }
        /// `notCommitted`.
        var notCommitted: Bool { !managers.contains(.committed) }
    }

    enum Event: Hashable, Sendable {
        /// `Prepare(rm)`.
        case prepare(Int)
        /// `Decide(rm)`, its first disjunct.
        case commit(Int)
        /// `Decide(rm)`, its second disjunct.
        case abort(Int)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .prepare(let rm):
            guard state.managers[rm] == .working else { return nil }
            state.managers[rm] = .prepared
        case .commit(let rm):
            guard state.managers[rm] == .prepared, state.canCommit else { return nil }
            state.managers[rm] = .committed
        case .abort(let rm):
            guard state.managers[rm] == .working || state.managers[rm] == .prepared, state.notCommitted else {
                return nil
            }
            state.managers[rm] = .aborted
        }
        return nil
    }

    /// `TCNext`: `\E rm \in RM : Prepare(rm) \/ Decide(rm)`.
    static func enabled(_ state: State) -> [Event] {
        state.managers.indices.flatMap { rm in [Event.prepare(rm), .commit(rm), .abort(rm)] }
    }

    /// `TCConsistent`.
    static func isConsistent(_ state: State) -> Bool {
        !(state.managers.contains(.aborted) && state.managers.contains(.committed))
    }
}
