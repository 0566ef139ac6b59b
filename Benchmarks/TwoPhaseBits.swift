import EffectEngine
import ExplorationModels

/// TLA+'s `TwoPhase` written as the Exploring article advises for a model checked at
/// scale: every set over the resource managers is a bit set and `rmState`, a function
/// from managers to four values, is two bits a manager in one word, so a state is 12
/// bytes with nothing on the heap. Its states are those of ``TwoPhase``: the benchmark
/// checks the counts against TLC's.
enum TwoPhaseBits {
    enum Manager: UInt32, Sendable {
        case working, prepared, committed, aborted
    }

    enum Coordinator: UInt8, Hashable, Sendable {
        case initial, committed, aborted
    }

    struct State: Hashable, Sendable {
        /// `rmState`: manager `rm`'s state in bits `2rm` and `2rm + 1`.
        var managerBits: UInt32 = 0
        /// `tmPrepared`.
        var prepared: UInt16 = 0
        /// The `Prepared` messages of `msgs`, by manager.
        var preparedMessages: UInt16 = 0
        var coordinator = Coordinator.initial
        /// `[type |-> "Commit"] \in msgs`, `[type |-> "Abort"] \in msgs`.
        var commitSent = false
        var abortSent = false
        let managers: UInt8

        /// `TPInit`, for 1 to 10 managers.
        init(managers: Int) {
            precondition((1...10).contains(managers), "TwoPhaseBits models 1 to 10 managers")
            self.managers = UInt8(managers)
        }

        subscript(rm: Int) -> Manager {
            get { Manager(rawValue: managerBits >> UInt32(2 * rm) & 3)! }
            set {
                managerBits = managerBits & ~(3 << UInt32(2 * rm)) | newValue.rawValue << UInt32(2 * rm)
            }
        }

        var everyone: UInt16 { UInt16(1 << managers - 1) }

        /// The whole state in one word, every field in bits of its own (up to 10
        /// managers), so different states hash different words: one `combine`, where the
        /// synthesised conformance would hash each field on its own.
        func hash(into hasher: inout Hasher) {
            var word = UInt64(managerBits) | UInt64(prepared) << 20 | UInt64(preparedMessages) << 30
            word |=
                UInt64(coordinator.rawValue) << 40 | (commitSent ? 1 << 42 : 0) | (abortSent ? 1 << 43 : 0)
            hasher.combine(word | UInt64(managers) << 44)
        }
    }

    /// The events of ``TwoPhase``.
    typealias Event = TwoPhase.Event

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .coordinatorReceivesPrepared(let rm):
            guard state.coordinator == .initial, state.preparedMessages >> UInt16(rm) & 1 == 1 else {
                return nil
            }
            state.prepared |= 1 << UInt16(rm)
        case .coordinatorCommits:
            guard state.coordinator == .initial, state.prepared == state.everyone else { return nil }
            state.coordinator = .committed
            state.commitSent = true
        case .coordinatorAborts:
            guard state.coordinator == .initial else { return nil }
            state.coordinator = .aborted
            state.abortSent = true
        case .prepare(let rm):
            guard state[rm] == .working else { return nil }
            state[rm] = .prepared
            state.preparedMessages |= 1 << UInt16(rm)
        case .chooseToAbort(let rm):
            guard state[rm] == .working else { return nil }
            state[rm] = .aborted
        case .receiveCommit(let rm):
            guard state.commitSent else { return nil }
            state[rm] = .committed
        case .receiveAbort(let rm):
            guard state.abortSent else { return nil }
            state[rm] = .aborted
        }
        return nil
    }

    /// The events whose TLA+ guards hold, in ``TwoPhase/enabled(_:)``'s order.
    static func enabled(_ state: State) -> [Event] {
        var events: [Event] = []
        events.reserveCapacity(4 * Int(state.managers) + 2)
        if state.coordinator == .initial {
            if state.prepared == state.everyone { events.append(.coordinatorCommits) }
            events.append(.coordinatorAborts)
        }
        for rm in 0..<Int(state.managers) {
            if state.coordinator == .initial, state.preparedMessages >> UInt16(rm) & 1 == 1 {
                events.append(.coordinatorReceivesPrepared(rm))
            }
            if state[rm] == .working {
                events.append(.prepare(rm))
                events.append(.chooseToAbort(rm))
            }
            if state.commitSent { events.append(.receiveCommit(rm)) }
            if state.abortSent { events.append(.receiveAbort(rm)) }
        }
        return events
    }
}
