import EffectEngine

/// TLA+'s `PaxosCommit` (Gray and Lamport's Paxos Commit) as a feature, for the
/// benchmark: resource managers as in TwoPhase, one Paxos instance per manager run by
/// the acceptors, and the set of messages sent. TLC finds 1,321,761 states with 2
/// managers, 3 acceptors (any two a majority) and ballots {0, 1}.
///
/// Every set is a bit set, as its elements are few and known: `msgs`, a subset of the
/// finite set `Message`, is one bit per message that can be sent (90 here, in two words);
/// `rmState` is two bits a manager and `aState`, a function of instance and acceptor, a
/// byte a record. A state holds nothing on the heap, so workers on several cores never
/// count references to the same storage (an array shared by a state and its successors
/// would have them do so at every step).
enum PaxosCommit {
    enum Manager: UInt8, Hashable, Sendable {
        case working, prepared, committed, aborted
    }

    /// A vote a phase 1b, 2a or 2b message carries; `aState[ins][acc].val`.
    enum Value: UInt8, Hashable, Sendable {
        case prepared, aborted, none
    }

    /// `aState[ins][acc]`: the highest ballot seen, the ballot voted in (-1: none) and
    /// the vote.
    struct Acceptor: Hashable, Sendable {
        var maxBallot: Int8 = 0
        var ballot: Int8 = -1
        var value = Value.none

        init(maxBallot: Int8 = 0, ballot: Int8 = -1, value: Value = .none) {
            self.maxBallot = maxBallot
            self.ballot = ballot
            self.value = value
        }

        /// The record in one byte: `maxBallot` in bits 0–2, `ballot + 1` in 3–5, the value in 6–7.
        init(bits: UInt8) {
            maxBallot = Int8(bits & 7)
            ballot = Int8(bits >> 3 & 7) - 1
            value = Value(rawValue: bits >> 6)!
        }

        var bits: UInt8 { UInt8(maxBallot) | UInt8(ballot + 1) << 3 | value.rawValue << 6 }
    }

    /// The constants of the model: `RM`, `Acceptor`, `Majority` and `Ballot`, as counts
    /// and bit sets, so that reading them touches no shared storage (an array's reference
    /// count, which every worker would update at once).
    struct Constants: Sendable {
        let managers: Int
        let acceptors: Int
        /// Each majority as a bit set of acceptors, 8 bits each, the first in the low byte.
        let majorities: UInt64
        let majorityCount: Int
        /// `Ballot` is `0..<ballots`.
        let ballots: Int8

        init(managers: Int, acceptors: Int, majorities: [UInt8], ballots: Int8) {
            precondition(managers * acceptors <= 8 && majorities.count <= 8 && ballots <= 6 && managers <= 8)
            self.managers = managers
            self.acceptors = acceptors
            self.majorities = majorities.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
            majorityCount = majorities.count
            self.ballots = ballots
        }

        /// Majority number `index`, as a bit set of acceptors.
        func majority(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: majorities >> UInt64(8 * index)) }

        /// 2 managers, 3 acceptors (any two a majority), ballots {0, 1}: TLC's configuration.
        static let published = Constants(managers: 2, acceptors: 3, majorities: [0b011, 0b101, 0b110], ballots: 2)
    }

    /// A message's bit in ``State/messages``, numbered by type, then by field.
    struct Messages: Hashable, Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        func contains(_ bit: Int) -> Bool {
            bit < 64 ? low >> UInt64(bit) & 1 == 1 : high >> UInt64(bit - 64) & 1 == 1
        }

        mutating func insert(_ bit: Int) {
            if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
        }
    }

    /// The state in plain words, nothing on the heap: a successor copies it whole, and
    /// workers on several cores never touch the same storage.
    struct State: Hashable, Sendable {
        /// `rmState`: manager `rm`'s in bits `2rm` and `2rm + 1`.
        var managerBits: UInt16 = 0
        /// `aState`, instance-major: record `ins * A + acc` in byte `ins * A + acc`
        /// (``Acceptor/bits``).
        var acceptorBits: UInt64
        var messages = Messages()

        /// `PCInit`.
        init(_ constants: Constants) {
            acceptorBits = 0
            for index in 0..<constants.managers * constants.acceptors { self[acceptor: index] = Acceptor() }
        }

        subscript(manager rm: Int) -> Manager {
            get { Manager(rawValue: UInt8(truncatingIfNeeded: managerBits >> UInt16(2 * rm)) & 3)! }
            set { managerBits = managerBits & ~(3 << UInt16(2 * rm)) | UInt16(newValue.rawValue) << UInt16(2 * rm) }
        }

        subscript(acceptor index: Int) -> Acceptor {
            get { Acceptor(bits: UInt8(truncatingIfNeeded: acceptorBits >> UInt64(8 * index))) }
            set {
                acceptorBits = acceptorBits & ~(0xFF << UInt64(8 * index)) | UInt64(newValue.bits) << UInt64(8 * index)
            }
        }
    }

    enum Event: Hashable, Sendable {
        case prepare(Int)
        case chooseToAbort(Int)
        case receiveCommit(Int)
        case receiveAbort(Int)
        case phase1a(ballot: Int8, Int)
        /// `Phase2a(bal, rm)` with its `\E MS \in Majority` chosen.
        case phase2a(ballot: Int8, Int, majority: UInt8)
        case decideCommit
        case decideAbort
        /// `Phase1b(acc)` with its `\E m \in msgs` chosen: a phase 1a message.
        case phase1b(acceptor: Int, instance: Int, ballot: Int8)
        /// `Phase2b(acc)` with its `\E m \in msgs` chosen: a phase 2a message.
        case phase2b(acceptor: Int, instance: Int, ballot: Int8, Value)
    }

    /// Message numbering: the bits of each message type, one after another.
    struct Layout: Sendable {
        let c: Constants
        var ballots: Int { Int(c.ballots) }
        /// [type: phase1a, ins, bal \in Ballot \ {0}]
        func phase1a(_ ins: Int, _ bal: Int8) -> Int { ins * (ballots - 1) + Int(bal) - 1 }
        var phase1bStart: Int { c.managers * (ballots - 1) }
        /// [type: phase1b, ins, mbal, bal \in Ballot \cup {-1}, val, acc]; `mbal` is a
        /// phase 1a message's ballot, so never 0.
        func phase1b(_ ins: Int, _ mbal: Int8, _ bal: Int8, _ val: Value, _ acc: Int) -> Int {
            var index = ins
            index = index * (ballots - 1) + Int(mbal) - 1
            index = index * (ballots + 1) + Int(bal) + 1
            index = index * 3 + Int(val.rawValue)
            return phase1bStart + index * c.acceptors + acc
        }
        var phase2aStart: Int { phase1bStart + c.managers * (ballots - 1) * (ballots + 1) * 3 * c.acceptors }
        /// [type: phase2a, ins, bal, val \in {prepared, aborted}]
        func phase2a(_ ins: Int, _ bal: Int8, _ val: Value) -> Int {
            phase2aStart + (ins * ballots + Int(bal)) * 2 + Int(val.rawValue)
        }
        var phase2bStart: Int { phase2aStart + c.managers * ballots * 2 }
        /// [type: phase2b, acc, ins, bal, val]
        func phase2b(_ acc: Int, _ ins: Int, _ bal: Int8, _ val: Value) -> Int {
            phase2bStart + ((acc * c.managers + ins) * ballots + Int(bal)) * 2 + Int(val.rawValue)
        }
        var commit: Int { phase2bStart + c.acceptors * c.managers * ballots * 2 }
        var abort: Int { commit + 1 }
        var count: Int { abort + 1 }
    }

    /// The feature for a model's constants.
    struct Model: Sendable {
        let constants: Constants
        let layout: Layout

        /// How many events ``enabled(_:)`` lists: the same in every state.
        let eventCount: Int

        init(_ constants: Constants) {
            self.constants = constants
            layout = Layout(c: constants)
            precondition(layout.count <= 128, "the messages of this model do not fit in two words")
            let managers = constants.managers
            let ballots = Int(constants.ballots)
            eventCount =
                4 * managers + (ballots - 1) * managers * (1 + constants.majorityCount) + 2
                + constants.acceptors * managers * (3 * ballots - 1)
        }

        var initialState: State { State(constants) }

        func update(state: inout State, event: Event) -> Effect<Event, Void>? {
            let a = constants.acceptors
            switch event {
            case .prepare(let rm):
                guard state[manager: rm] == .working else { return nil }
                state[manager: rm] = .prepared
                state.messages.insert(layout.phase2a(rm, 0, .prepared))
            case .chooseToAbort(let rm):
                guard state[manager: rm] == .working else { return nil }
                state[manager: rm] = .aborted
                state.messages.insert(layout.phase2a(rm, 0, .aborted))
            case .receiveCommit(let rm):
                guard state.messages.contains(layout.commit) else { return nil }
                state[manager: rm] = .committed
            case .receiveAbort(let rm):
                guard state.messages.contains(layout.abort) else { return nil }
                state[manager: rm] = .aborted
            case .phase1a(let bal, let rm):
                state.messages.insert(layout.phase1a(rm, bal))
            case .phase2a(let bal, let rm, let majority):
                guard let value = phase2aValue(state, ballot: bal, rm, majority: majority) else { return nil }
                state.messages.insert(layout.phase2a(rm, bal, value))
            case .decideCommit:
                guard (0..<constants.managers).allSatisfy({ decided(state, $0, .prepared) }) else {
                    return nil
                }
                state.messages.insert(layout.commit)
            case .decideAbort:
                guard (0..<constants.managers).contains(where: { decided(state, $0, .aborted) }) else {
                    return nil
                }
                state.messages.insert(layout.abort)
            case .phase1b(let acc, let ins, let bal):
                let current = state[acceptor: ins * a + acc]
                guard state.messages.contains(layout.phase1a(ins, bal)), current.maxBallot < bal else {
                    return nil
                }
                state[acceptor: ins * a + acc].maxBallot = bal
                state.messages.insert(layout.phase1b(ins, bal, current.ballot, current.value, acc))
            case .phase2b(let acc, let ins, let bal, let value):
                guard state.messages.contains(layout.phase2a(ins, bal, value)),
                    state[acceptor: ins * a + acc].maxBallot <= bal
                else { return nil }
                state[acceptor: ins * a + acc] = Acceptor(maxBallot: bal, ballot: bal, value: value)
                state.messages.insert(layout.phase2b(acc, ins, bal, value))
            }
            return nil
        }

        /// `Phase2a(bal, rm)`'s guard and the value it sends, for majority `MS`; `nil`
        /// when it is not enabled.
        func phase2aValue(_ state: State, ballot bal: Int8, _ rm: Int, majority: UInt8) -> Value? {
            if state.messages.contains(layout.phase2a(rm, bal, .prepared))
                || state.messages.contains(layout.phase2a(rm, bal, .aborted))
            {
                return nil
            }
            // mset: the phase 1b messages for rm with mbal = bal from acceptors in MS.
            var answered: UInt8 = 0
            var maxBallot: Int8 = -1
            var value = Value.aborted
            for acc in 0..<constants.acceptors where majority >> UInt8(acc) & 1 == 1 {
                for b in Int8(-1)..<constants.ballots {
                    for raw in UInt8(0)...2 {
                        let v = Value(rawValue: raw)!
                        guard state.messages.contains(layout.phase1b(rm, bal, b, v, acc)) else { continue }
                        answered |= 1 << UInt8(acc)
                        if b > maxBallot {
                            maxBallot = b
                            value = v
                        }
                    }
                }
            }
            guard answered == majority else { return nil }
            return maxBallot == -1 ? .aborted : value
        }

        /// `Decided(rm, v)`: some majority voted `v` in one ballot of instance `rm`.
        func decided(_ state: State, _ rm: Int, _ value: Value) -> Bool {
            (0..<constants.ballots).contains { bal in
                (0..<constants.majorityCount).contains { index in
                    let majority = constants.majority(index)
                    return (0..<constants.acceptors).allSatisfy { acc in
                        majority >> UInt8(acc) & 1 == 0
                            || state.messages.contains(layout.phase2b(acc, rm, bal, value))
                    }
                }
            }
        }

        /// `PCNext`'s disjuncts, each existential choice an event; guards are `update`'s.
        func enabled(_ state: State) -> [Event] {
            var events: [Event] = []
            events.reserveCapacity(eventCount)
            for rm in 0..<constants.managers {
                events.append(.prepare(rm))
                events.append(.chooseToAbort(rm))
                events.append(.receiveCommit(rm))
                events.append(.receiveAbort(rm))
            }
            for bal in Int8(1)..<constants.ballots {
                for rm in 0..<constants.managers {
                    events.append(.phase1a(ballot: bal, rm))
                    for index in 0..<constants.majorityCount {
                        events.append(.phase2a(ballot: bal, rm, majority: constants.majority(index)))
                    }
                }
            }
            events.append(.decideCommit)
            events.append(.decideAbort)
            for acc in 0..<constants.acceptors {
                for ins in 0..<constants.managers {
                    for bal in Int8(0)..<constants.ballots {
                        if bal > 0 { events.append(.phase1b(acceptor: acc, instance: ins, ballot: bal)) }
                        events.append(.phase2b(acceptor: acc, instance: ins, ballot: bal, .prepared))
                        events.append(.phase2b(acceptor: acc, instance: ins, ballot: bal, .aborted))
                    }
                }
            }
            return events
        }
    }
}
