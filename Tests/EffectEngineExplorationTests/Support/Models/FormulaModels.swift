import EffectEngine
import EffectEngineExploration

/// Small specs written as features, for the temporal formulas of issue 57 (X17). Each
/// mirrors a TLA+ spec whose verdicts TLC 2.20 gave (see `TemporalFormulaTests`).
enum FormulaModels {
    /// LiveHourClock: `HCini == hr \in 1..12`, `HCnxt == hr' = IF hr = 12 THEN 1 ELSE
    /// hr + 1`, `Spec == HCini /\ [][HCnxt]_hr /\ WF_hr(HCnxt)` (the fairness when `fair`).
    enum Clock: Hashable, Sendable { case tick }

    static func clock(fair: Bool) -> Explorer<Int, Clock, Void> {
        let explorer = Explorer(
            initialStates: 1...12,
            update: { (hr: inout Int, _: Clock) -> Effect<Clock, Void>? in
                hr = hr == 12 ? 1 : hr + 1
                return nil
            }
        ) { _ in [.tick] }
        return fair ? explorer.fair(.weak, "HCnxt") { _ in true } : explorer
    }

    /// A replicated counter: `Inc` raises `x` (to 2, or round modulo 3 when `wraps`),
    /// `Sync == y # x /\ y' = x`; `WF_vars(Inc) /\ WF_vars(Sync)`.
    struct Replica: Hashable, Sendable {
        var x = 0
        var y = 0
    }

    enum ReplicaEvent: Hashable, Sendable { case inc, sync }

    static func replica(wraps: Bool) -> Explorer<Replica, ReplicaEvent, Void> {
        Explorer(
            initialState: Replica(),
            update: { (state: inout Replica, event: ReplicaEvent) -> Effect<ReplicaEvent, Void>? in
                switch event {
                case .inc: state.x = (state.x + 1) % 3
                case .sync: state.y = state.x
                }
                return nil
            }
        ) { state in
            (wraps || state.x < 2 ? [.inc] : []) + (state.y != state.x ? [.sync] : [])
        }
        .fair(.weak, "Inc") { $0 == .inc }
        .fair(.weak, "Sync") { $0 == .sync }
    }

    /// CoffeeCan with `MaxBeanCount = 3`: every can of 1 to 3 beans to begin with,
    /// `WF_can(Next)`.
    struct Can: Hashable, Sendable {
        var black: Int
        var white: Int
    }

    enum Pick: Hashable, Sendable { case sameBlack, sameWhite, different }

    static var coffeeCan: Explorer<Can, Pick, Void> {
        let cans = (0...3).flatMap { black in (0...3).map { white in Can(black: black, white: white) } }
            .filter { (1...3).contains($0.black + $0.white) }
        return Explorer(
            initialStates: cans,
            update: { (can: inout Can, pick: Pick) -> Effect<Pick, Void>? in
                switch pick {
                case .sameBlack: can.black -= 1
                case .sameWhite:
                    can.black += 1
                    can.white -= 2
                case .different: can.black -= 1
                }
                return nil
            }
        ) { can in
            guard can.black + can.white > 1 else { return [] }
            return (can.black >= 2 ? [.sameBlack] : []) + (can.white >= 2 ? [.sameWhite] : [])
                + (can.black >= 1 && can.white >= 1 ? [.different] : [])
        }
        .fair(.weak, "Next") { _ in true }
    }

    /// A leader election after ChangRoberts: three nodes, each a candidate or idle to
    /// begin with; the highest candidate wins, the others lose; `WF_state(Next)`.
    enum Role: Hashable, Sendable { case candidate, idle, won, lost }

    enum Election: Hashable, Sendable {
        case win(Int)
        case lose(Int)
    }

    static var election: Explorer<[Role], Election, Void> {
        let starts = (0..<8).map { bits in (0..<3).map { bits >> $0 & 1 == 1 ? Role.candidate : .idle } }
        return Explorer(
            initialStates: starts,
            update: { (roles: inout [Role], event: Election) -> Effect<Election, Void>? in
                switch event {
                case .win(let n): roles[n] = .won
                case .lose(let n): roles[n] = .lost
                }
                return nil
            }
        ) { roles in
            (0..<3).flatMap { n -> [Election] in
                guard roles[n] == .candidate else { return [] }
                let wins = !(n + 1..<3).contains { roles[$0] == .candidate }
                let loses = (n + 1..<3).contains { roles[$0] == .candidate || roles[$0] == .won }
                return (wins ? [.win(n)] : []) + (loses ? [.lose(n)] : [])
            }
        }
        .fair(.weak, "Next") { _ in true }
    }

    /// A ring buffer after Disruptor: two slots written once each, two readers copying
    /// them; `WF_vars(Write(i))` and `WF_vars(Read(0, i))` for each slot, reader 1 not
    /// fair.
    struct Ring: Hashable, Sendable {
        var written = [0, 0]
        var read = [[0, 0], [0, 0]]
    }

    enum RingEvent: Hashable, Sendable {
        case write(Int)
        case read(Int, Int)
    }

    static var ring: Explorer<Ring, RingEvent, Void> {
        var explorer = Explorer(
            initialState: Ring(),
            update: { (ring: inout Ring, event: RingEvent) -> Effect<RingEvent, Void>? in
                switch event {
                case .write(let i): ring.written[i] = 1
                case .read(let r, let i): ring.read[r][i] = ring.written[i]
                }
                return nil
            }
        ) { ring in
            (0..<2).filter { ring.written[$0] == 0 }.map { RingEvent.write($0) }
                + (0..<2).flatMap { r in
                    (0..<2).filter { ring.read[r][$0] != ring.written[$0] }.map { RingEvent.read(r, $0) }
                }
        }
        for i in 0..<2 {
            explorer = explorer.fair(.weak, "Write(\(i))") { $0 == .write(i) }
                .fair(.weak, "Read(0, \(i))") { $0 == .read(0, i) }
        }
        return explorer
    }
}
