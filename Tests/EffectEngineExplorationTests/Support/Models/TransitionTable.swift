import EffectEngine
import EffectEngineExploration

/// A transition system given as a table, as a feature: states are numbers, and each
/// transition is an action (a number) taking one state to another. The random systems of
/// the liveness tests, and the small cases of issue 50, are written this way.
struct TransitionTable: Hashable, Sendable {
    struct Transition: Hashable, Sendable {
        let from: Int
        let action: Int
        let to: Int
    }

    /// An event: take the transition by `action` to `to`.
    struct Event: Hashable, Sendable {
        let action: Int
        let to: Int
    }

    let states: Int
    let initial: [Int]
    let transitions: [Transition]
    /// Per action: `nil` (not fair), weak or strong.
    let fairness: [FairnessKind?]

    func update(state: inout Int, event: Event) -> Effect<Event, Void>? {
        if transitions.contains(Transition(from: state, action: event.action, to: event.to)) {
            state = event.to
        }
        return nil
    }

    func enabled(_ state: Int) -> [Event] {
        transitions.filter { $0.from == state }.map { Event(action: $0.action, to: $0.to) }
    }

    var explorer: Explorer<Int, Event, Void> {
        var explorer = Explorer(initialStates: initial, update: update, events: enabled)
        for (action, kind) in fairness.enumerated() {
            guard let kind else { continue }
            explorer = explorer.fair(kind, "A\(action)") { $0.action == action }
        }
        return explorer
    }

    /// A seeded random table: 2 to `maxStates` states, up to three actions, no transition
    /// from a state to itself.
    static func random(seed: UInt64, maxStates: Int = 4) -> (TransitionTable, p: Set<Int>, q: Set<Int>) {
        var random = SplitMix(seed: seed)
        let states = 2 + random.next(maxStates - 1)
        let actions = 1 + random.next(3)
        var transitions: [Transition] = []
        for from in 0..<states {
            for to in 0..<states where to != from {
                for action in 0..<actions where random.next(100) < 30 {
                    transitions.append(Transition(from: from, action: action, to: to))
                }
            }
        }
        let kinds: [FairnessKind?] = [nil, .weak, .strong]
        let fairness = (0..<actions).map { _ in kinds[random.next(3)] }
        let p = Set((0..<states).filter { _ in random.next(2) == 0 })
        let q = Set((0..<states).filter { _ in random.next(3) == 0 })
        return (
            TransitionTable(states: states, initial: [0], transitions: transitions, fairness: fairness), p, q
        )
    }

    /// The shortest fair lasso's length by brute force: every path of up to `limit`
    /// transitions from an initial state, closed into a loop at each earlier visit of its
    /// last state (or stuttering there), is tried in order of length. A lasso passes a
    /// `trigger` state from which on every state is in `region`, and its loop visits a
    /// `mustVisit` state when one is given. `nil` when none is that short.
    func shortestLasso(trigger: (Int) -> Bool, region: (Int) -> Bool, mustVisit: ((Int) -> Bool)?, limit: Int)
        -> Int?
    {
        for length in 0...limit {
            var found = false
            func extend(_ path: [Int], _ actions: [Int]) {
                if found { return }
                if actions.count == length {
                    if isLasso(path, actions, trigger: trigger, region: region, mustVisit: mustVisit) {
                        found = true
                    }
                    return
                }
                for transition in transitions where transition.from == path.last! {
                    extend(path + [transition.to], actions + [transition.action])
                }
            }
            for start in initial { extend([start], []) }
            if found { return length }
        }
        return nil
    }

    /// Whether a path (states and the actions between them) closes into a fair lasso.
    /// `actions` are the ones the path took; fairness reads each step as a step of every
    /// action relating its two states, as TLA+ does.
    func isLasso(
        _ path: [Int], _ actions: [Int], trigger: (Int) -> Bool, region: (Int) -> Bool,
        mustVisit: ((Int) -> Bool)?
    ) -> Bool {
        let last = path.count - 1
        for loopStart in 0...last where path[loopStart] == path[last] {
            let loop = Array(path[loopStart...last])
            // As TLA+ reads actions (X18): a step is a step of every action that takes its
            // state to the next, whichever the path took.
            let loopActions = Set(
                (loopStart..<last).flatMap { at in
                    transitions.filter { $0.from == path[at] && $0.to == path[at + 1] }.map(\.action)
                })
            guard mustVisit.map({ need in loop.contains(where: need) }) ?? true else { continue }
            let fair = fairness.indices.allSatisfy { action in
                guard let kind = fairness[action], !loopActions.contains(action) else { return true }
                let enabled = loop.map { state in
                    transitions.contains { $0.from == state && $0.action == action }
                }
                return kind == .weak ? enabled.contains(false) : !enabled.contains(true)
            }
            guard fair else { continue }
            for at in 0...last where trigger(path[at]) {
                if path[min(at, loopStart)...last].allSatisfy(region) { return true }
            }
        }
        return false
    }
}

/// A small seeded generator (SplitMix64), the same on every platform.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
