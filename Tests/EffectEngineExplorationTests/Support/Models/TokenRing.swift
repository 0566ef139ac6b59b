import EffectEngine

/// TLA+'s `TokenRing` (tlaplus/Examples, ewd426): Dijkstra's self-stabilising token ring
/// of EWD426 as a feature. Every node keeps a counter below `M`; node 0 makes a new token
/// when its counter equals the last node's, any other node copies its predecessor's when
/// they differ. From any start, the ring stabilises to one token (`Stab == <>[]UniqueToken`).
enum TokenRing {
    struct State: Hashable, Sendable {
        /// `c`, a function from `Node` to `0..M-1`.
        var c: [UInt8]
    }

    enum Event: Hashable, Sendable {
        /// `CreateToken`, node 0's action.
        case createToken
        /// `PassToken(i)`.
        case passToken(Int)
    }

    /// `Init == c \in [Node -> 0..M-1]`: every function, `M^N` states.
    static func initialStates(nodes: Int, values: Int) -> [State] {
        var states = [State(c: [])]
        for _ in 0..<nodes {
            states = states.flatMap { state in (0..<values).map { State(c: state.c + [UInt8($0)]) } }
        }
        return states
    }

    static func update(values: Int) -> (inout State, Event) -> Effect<Event, Void>? {
        { state, event in
            let last = state.c.count - 1
            switch event {
            case .createToken:
                guard state.c[0] == state.c[last] else { return nil }
                state.c[0] = UInt8((Int(state.c[last]) + 1) % values)
            case .passToken(let i):
                guard i != 0, state.c[i] != state.c[i - 1] else { return nil }
                state.c[i] = state.c[i - 1]
            }
            return nil
        }
    }

    static func enabled(_ state: State) -> [Event] {
        let last = state.c.count - 1
        return (state.c[0] == state.c[last] ? [.createToken] : [])
            + (1...last).filter { state.c[$0] != state.c[$0 - 1] }.map(Event.passToken)
    }

    /// `UniqueToken`: before some `i` every counter equals node 0's, from `i` on every one
    /// is one less (modulo `M`).
    static func uniqueToken(values: Int) -> (State) -> Bool {
        { state in
            let nodes = state.c.count
            let first = Int(state.c[0])
            let before = UInt8((first + values - 1) % values)
            return (0...nodes).contains { i in
                (0..<i).allSatisfy { state.c[$0] == state.c[0] }
                    && (i..<nodes).allSatisfy { state.c[$0] == before }
            }
        }
    }
}
