import EffectEngine

/// TLA+'s `EWD840` (Dijkstra's termination detection in a ring) as a feature: nodes
/// that send messages and go passive, and a token that travels the ring from node N - 1
/// down to node 0, blackened by any node that sent a message to a higher number. `Init`
/// leaves the nodes' activity and colours and the token's position free, so with N = 3
/// there are 192 initial states; TLC finds 302 states in all.
enum EWD840 {
    enum Color: UInt8, Hashable, Sendable {
        case white, black
    }

    struct State: Hashable, Sendable {
        /// `active`, a function from `Node` to `BOOLEAN`.
        var active: [Bool]
        /// `color`, a function from `Node` to `Color`.
        var color: [Color]
        /// `tpos`.
        var tokenAt: Int
        /// `tcolor`.
        var tokenColor: Color
    }

    /// `Init`: every `active \in [Node -> BOOLEAN]`, `color \in [Node -> Color]` and
    /// `tpos \in Node`, with a black token. `\in` over a function set is every choice of
    /// a value per node: 2^N × 2^N × N states.
    static func initialStates(nodes: Int) -> [State] {
        var states: [State] = []
        for actives in 0..<(1 << nodes) {
            for colors in 0..<(1 << nodes) {
                for token in 0..<nodes {
                    states.append(
                        State(
                            active: (0..<nodes).map { actives >> $0 & 1 == 1 },
                            color: (0..<nodes).map { colors >> $0 & 1 == 1 ? .black : .white },
                            tokenAt: token, tokenColor: .black))
                }
            }
        }
        return states
    }

    enum Event: Hashable, Sendable {
        case initiateProbe
        case passToken(Int)
        /// `SendMsg(i)` with its `\E j \in Node \ {i}` chosen.
        case sendMessage(from: Int, to: Int)
        case deactivate(Int)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        let nodes = state.active.count
        switch event {
        case .initiateProbe:
            guard state.tokenAt == 0, state.tokenColor == .black || state.color[0] == .black else {
                return nil
            }
            state.tokenAt = nodes - 1
            state.tokenColor = .white
            state.color[0] = .white
        case .passToken(let i):
            guard i != 0, state.tokenAt == i,
                !state.active[i] || state.color[i] == .black || state.tokenColor == .black
            else { return nil }
            state.tokenAt = i - 1
            if state.color[i] == .black { state.tokenColor = .black }
            state.color[i] = .white
        case .sendMessage(let i, let j):
            guard state.active[i], i != j else { return nil }
            state.active[j] = true
            if j > i { state.color[i] = .black }
        case .deactivate(let i):
            guard state.active[i] else { return nil }
            state.active[i] = false
        }
        return nil
    }

    /// `Next == System \/ Environment`.
    static func enabled(_ state: State) -> [Event] {
        let nodes = state.active.indices
        var events: [Event] = [.initiateProbe]
        for i in nodes where i != 0 { events.append(.passToken(i)) }
        for i in nodes {
            for j in nodes where j != i { events.append(.sendMessage(from: i, to: j)) }
            events.append(.deactivate(i))
        }
        return events
    }

    /// `terminationDetected => terminated`.
    static func detectsTerminationCorrectly(_ state: State) -> Bool {
        let detected =
            state.tokenAt == 0 && state.tokenColor == .white && state.color[0] == .white && !state.active[0]
        return !detected || !state.active.contains(true)
    }

    /// `Inv`, the inductive invariant: P0 ∨ P1 ∨ P2.
    static func invariant(_ state: State) -> Bool {
        let p0 = state.active.indices.allSatisfy { i in !(state.tokenAt < i) || !state.active[i] }
        let p1 = (0...state.tokenAt).contains { state.color[$0] == .black }
        let p2 = state.tokenColor == .black
        return p0 || p1 || p2
    }
}

extension EWD840 {
    /// `terminated`: no node is active.
    static func terminated(_ state: State) -> Bool {
        !state.active.contains(true)
    }

    /// `terminationDetected`: a white token at node 0, which is white and passive.
    static func terminationDetected(_ state: State) -> Bool {
        state.tokenAt == 0 && state.tokenColor == .white && state.color[0] == .white && !state.active[0]
    }

    /// `System`, the actions `WF_vars(System)` makes fair: the token's.
    static func isSystem(_ event: Event) -> Bool {
        switch event {
        case .initiateProbe, .passToken: true
        case .sendMessage, .deactivate: false
        }
    }
}
