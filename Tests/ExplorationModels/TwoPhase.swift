import EffectEngine

/// The two-phase commit protocol of TLA+'s `TwoPhase` spec (Lamport's TLA+ examples) as
/// an EffectEngine feature: resource managers that work, prepare, commit or abort; a
/// transaction manager that commits once all are prepared, or aborts; and the set of
/// messages sent, which only grows.
///
/// Each TLA+ action is an event; `enabled` lists the events whose guards hold, and
/// `update` checks the same guards, so an event sent when it is not enabled changes
/// nothing. TLC finds 288 distinct states with 3 resource managers, 296,448 with 7 and
/// 1,745,408 with 8.
///
/// Written once for the tests and the benchmarks, which both depend on this target.
public enum TwoPhase {
    /// `rmState[rm]`.
    public enum Manager: UInt8, Hashable, Sendable {
        case working, prepared, committed, aborted
    }

    /// `tmState`.
    public enum Coordinator: UInt8, Hashable, Sendable {
        case initial, committed, aborted
    }

    /// An element of `msgs`.
    public enum Message: Hashable, Sendable {
        case prepared(Int)
        case commit
        case abort
    }

    public struct State: Hashable, Sendable {
        public var managers: [Manager]
        public var coordinator = Coordinator.initial
        /// `tmPrepared`: the managers the coordinator knows are prepared.
        public var prepared: Set<Int> = []
        /// `msgs`.
        public var messages: Set<Message> = []

        public init(managers count: Int) {
            managers = Array(repeating: .working, count: count)
        }
    }

    public enum Event: Hashable, Sendable {
        /// `TMRcvPrepared(rm)`.
        case coordinatorReceivesPrepared(Int)
        /// `TMCommit`.
        case coordinatorCommits
        /// `TMAbort`.
        case coordinatorAborts
        /// `RMPrepare(rm)`.
        case prepare(Int)
        /// `RMChooseToAbort(rm)`.
        case chooseToAbort(Int)
        /// `RMRcvCommitMsg(rm)`.
        case receiveCommit(Int)
        /// `RMRcvAbortMsg(rm)`.
        case receiveAbort(Int)
    }

    @inlinable
    public static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .coordinatorReceivesPrepared(let rm):
            guard state.coordinator == .initial, state.messages.contains(.prepared(rm)) else { return nil }
            state.prepared.insert(rm)
        case .coordinatorCommits:
            guard state.coordinator == .initial, state.prepared.count == state.managers.count else {
                return nil
            }
            state.coordinator = .committed
            state.messages.insert(.commit)
        case .coordinatorAborts:
            guard state.coordinator == .initial else { return nil }
            state.coordinator = .aborted
            state.messages.insert(.abort)
        case .prepare(let rm):
            guard state.managers[rm] == .working else { return nil }
            state.managers[rm] = .prepared
            state.messages.insert(.prepared(rm))
        case .chooseToAbort(let rm):
            guard state.managers[rm] == .working else { return nil }
            state.managers[rm] = .aborted
        case .receiveCommit(let rm):
            guard state.messages.contains(.commit) else { return nil }
            state.managers[rm] = .committed
        case .receiveAbort(let rm):
            guard state.messages.contains(.abort) else { return nil }
            state.managers[rm] = .aborted
        }
        return nil
    }

    /// The events whose TLA+ guards hold: `Next`'s disjuncts.
    @inlinable
    public static func enabled(_ state: State) -> [Event] {
        var events: [Event] = []
        if state.coordinator == .initial {
            if state.prepared.count == state.managers.count { events.append(.coordinatorCommits) }
            events.append(.coordinatorAborts)
        }
        let commit = state.messages.contains(.commit)
        let abort = state.messages.contains(.abort)
        for rm in state.managers.indices {
            if state.coordinator == .initial, state.messages.contains(.prepared(rm)) {
                events.append(.coordinatorReceivesPrepared(rm))
            }
            if state.managers[rm] == .working {
                events.append(.prepare(rm))
                events.append(.chooseToAbort(rm))
            }
            if commit { events.append(.receiveCommit(rm)) }
            if abort { events.append(.receiveAbort(rm)) }
        }
        return events
    }

    /// `TCConsistent`: no manager has committed while another has aborted.
    public static func isConsistent(_ state: State) -> Bool {
        !(state.managers.contains(.committed) && state.managers.contains(.aborted))
    }

    /// The representative of a state under `Permutations(RM)`: the managers sorted by
    /// what they are, whether the coordinator knows they are prepared and whether they
    /// said so, the sets renumbered to match.
    public static func canonical(_ state: State) -> State {
        func key(_ rm: Int) -> Int {
            Int(state.managers[rm].rawValue) << 2 | (state.prepared.contains(rm) ? 2 : 0)
                | (state.messages.contains(.prepared(rm)) ? 1 : 0)
        }
        let order = state.managers.indices.sorted { key($0) < key($1) }
        var sorted = state
        sorted.managers = order.map { state.managers[$0] }
        sorted.prepared = Set(order.indices.filter { state.prepared.contains(order[$0]) })
        sorted.messages = state.messages.filter {
            if case .prepared = $0 { false } else { true }
        }
        for (new, old) in order.enumerated() where state.messages.contains(.prepared(old)) {
            sorted.messages.insert(.prepared(new))
        }
        return sorted
    }
}
