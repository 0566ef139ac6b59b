// Written by Scripts/tlc-liveness-fixtures with TLC 2.20: do not edit.

/// Random transition systems with the verdicts TLC gave for `P ~> Q`, `<>Q`, `[]<>Q`
/// and `<>[]Q` under each system's fairness, and the distinct states it found.
enum TLCLivenessFixtures {
    struct System {
        let states: Int
        let initial: [Int]
        /// (from, action, to).
        let transitions: [(Int, Int, Int)]
        /// Per action: nil, "weak" or "strong".
        let fairness: [String?]
        let p: Set<Int>
        let q: Set<Int>
        /// TLC's verdicts: whether each of `P ~> Q`, `<>Q`, `[]<>Q`, `<>[]Q` holds.
        let holds: [Bool]
        let distinctStates: Int
    }

    static let systems: [System] = [
        System(states: 5, initial: [4], transitions: [(0, 0, 4), (1, 0, 2), (1, 0, 3), (1, 1, 3), (2, 0, 1), (2, 0, 3), (3, 1, 0), (3, 0, 4), (4, 0, 1), (4, 1, 2)], fairness: ["weak", "weak"], p: [3], q: [1, 4], holds: [true, true, true, false], distinctStates: 5),
        System(states: 2, initial: [0], transitions: [], fairness: [nil, "weak", "weak"], p: [1], q: [1], holds: [true, false, false, false], distinctStates: 1),
        System(states: 2, initial: [0, 1], transitions: [(0, 0, 1)], fairness: [nil, "weak", nil], p: [1], q: [], holds: [false, false, false, false], distinctStates: 2),
        System(states: 2, initial: [0, 1], transitions: [], fairness: [nil, "weak"], p: [0], q: [1], holds: [false, false, false, false], distinctStates: 2),
        System(states: 3, initial: [0], transitions: [(0, 0, 2), (2, 0, 1)], fairness: ["strong"], p: [], q: [0], holds: [true, true, false, false], distinctStates: 3),
        System(states: 3, initial: [2], transitions: [(1, 0, 0)], fairness: ["weak"], p: [0, 2], q: [], holds: [false, false, false, false], distinctStates: 1),
        System(states: 2, initial: [0, 1], transitions: [(1, 0, 0)], fairness: ["weak"], p: [0], q: [0], holds: [true, true, true, true], distinctStates: 2),
        System(states: 3, initial: [2], transitions: [(0, 1, 1), (0, 2, 1), (0, 0, 2), (1, 0, 0), (2, 0, 0), (2, 1, 0), (2, 0, 1)], fairness: ["weak", "weak", nil], p: [0, 2], q: [0, 1], holds: [true, true, true, false], distinctStates: 3),
        System(states: 4, initial: [1], transitions: [(0, 2, 2), (0, 0, 3), (0, 1, 3), (0, 2, 3), (1, 0, 0), (1, 1, 0), (1, 1, 2), (1, 0, 3), (2, 0, 0), (2, 2, 1), (3, 0, 0), (3, 2, 0), (3, 2, 2)], fairness: ["strong", nil, "weak"], p: [0], q: [3], holds: [false, false, false, false], distinctStates: 4),
        System(states: 3, initial: [0, 2], transitions: [(1, 0, 0)], fairness: [nil], p: [], q: [], holds: [true, false, false, false], distinctStates: 2),
        System(states: 5, initial: [2], transitions: [(0, 0, 1), (0, 1, 1), (0, 1, 3), (0, 2, 3), (0, 2, 4), (1, 2, 0), (1, 1, 4), (2, 2, 0), (3, 2, 1), (3, 1, 4), (4, 1, 0), (4, 0, 1), (4, 1, 1), (4, 1, 2), (4, 0, 3)], fairness: [nil, nil, "weak"], p: [0, 2], q: [], holds: [false, false, false, false], distinctStates: 5),
        System(states: 3, initial: [0, 2], transitions: [(0, 0, 1), (0, 0, 2), (1, 0, 2)], fairness: [nil], p: [], q: [1], holds: [true, false, false, false], distinctStates: 3),
        System(states: 4, initial: [3], transitions: [(0, 1, 1), (0, 1, 3), (1, 0, 2), (2, 0, 0), (3, 0, 0), (3, 1, 2)], fairness: ["strong", "weak"], p: [1, 2, 3], q: [1, 2, 3], holds: [true, true, true, false], distinctStates: 4),
        System(states: 2, initial: [0], transitions: [(0, 1, 1), (1, 2, 0)], fairness: ["strong", "weak", "strong"], p: [1], q: [], holds: [false, false, false, false], distinctStates: 2),
        System(states: 2, initial: [0, 1], transitions: [(1, 1, 0), (1, 2, 0)], fairness: [nil, "weak", nil], p: [0], q: [], holds: [false, false, false, false], distinctStates: 2),
        System(states: 4, initial: [0, 3], transitions: [(0, 1, 2), (0, 0, 3), (1, 2, 2), (1, 1, 3), (2, 1, 3), (3, 0, 0), (3, 1, 0), (3, 0, 1)], fairness: ["strong", nil, "weak"], p: [3], q: [], holds: [false, false, false, false], distinctStates: 4),
        System(states: 4, initial: [3], transitions: [(0, 1, 1), (0, 2, 2), (0, 2, 3), (1, 1, 0), (1, 1, 2), (2, 1, 1), (2, 2, 1), (2, 0, 3), (2, 1, 3), (3, 2, 0), (3, 2, 2)], fairness: ["strong", "strong", "strong"], p: [2], q: [0, 1], holds: [false, false, false, false], distinctStates: 4),
        System(states: 3, initial: [0], transitions: [(1, 0, 2)], fairness: ["strong"], p: [0], q: [], holds: [false, false, false, false], distinctStates: 1),
        System(states: 3, initial: [1], transitions: [(0, 0, 1), (0, 0, 2), (1, 0, 2), (2, 0, 0)], fairness: ["strong"], p: [1], q: [], holds: [false, false, false, false], distinctStates: 3),
        System(states: 3, initial: [0, 1], transitions: [(0, 0, 1), (0, 1, 1), (1, 1, 2), (2, 0, 0), (2, 1, 0), (2, 1, 1)], fairness: [nil, "strong"], p: [1, 2], q: [0], holds: [false, false, false, false], distinctStates: 3),
        System(states: 5, initial: [2, 3], transitions: [(0, 0, 2), (0, 0, 4), (1, 1, 2), (1, 1, 3), (2, 1, 0), (2, 0, 1), (2, 0, 3), (3, 1, 4), (4, 1, 2), (4, 0, 3)], fairness: ["weak", "strong"], p: [0, 2], q: [], holds: [false, false, false, false], distinctStates: 5),
        System(states: 5, initial: [0, 1], transitions: [(0, 0, 1), (0, 1, 3), (0, 0, 4), (1, 0, 3), (2, 1, 1), (2, 0, 4), (2, 1, 4), (3, 1, 1), (4, 1, 2)], fairness: ["strong", "weak"], p: [0, 1, 2, 3, 4], q: [3], holds: [false, false, false, false], distinctStates: 5),
        System(states: 4, initial: [3], transitions: [(0, 2, 1), (0, 0, 2), (1, 1, 0), (1, 2, 2), (1, 1, 3), (2, 2, 0), (2, 0, 1), (2, 1, 1), (2, 2, 1), (3, 1, 0), (3, 0, 1), (3, 1, 1), (3, 0, 2)], fairness: ["strong", "strong", "weak"], p: [1, 2, 3], q: [0, 2, 3], holds: [true, true, true, false], distinctStates: 4),
        System(states: 4, initial: [1], transitions: [(0, 1, 1), (0, 1, 2), (1, 1, 0), (1, 0, 2), (2, 1, 0), (2, 0, 1), (2, 0, 3), (3, 1, 0), (3, 1, 1)], fairness: ["strong", "weak"], p: [0, 2, 3], q: [3], holds: [false, false, false, false], distinctStates: 4),
        System(states: 3, initial: [0, 1], transitions: [(0, 0, 2), (0, 1, 2), (0, 2, 2), (1, 1, 0), (2, 0, 0), (2, 1, 1)], fairness: ["strong", nil, "strong"], p: [1], q: [2], holds: [false, false, false, false], distinctStates: 3),
        System(states: 3, initial: [1, 2], transitions: [(1, 0, 2)], fairness: ["strong"], p: [0, 1, 2], q: [0, 1, 2], holds: [true, true, true, true], distinctStates: 2),
        System(states: 4, initial: [0, 1], transitions: [(2, 0, 0), (3, 0, 1)], fairness: ["weak"], p: [1, 2, 3], q: [0, 2], holds: [false, false, false, false], distinctStates: 2),
        System(states: 5, initial: [0], transitions: [(0, 0, 1), (1, 0, 4), (3, 0, 4)], fairness: ["strong"], p: [0], q: [], holds: [false, false, false, false], distinctStates: 3),
        System(states: 3, initial: [1, 2], transitions: [(0, 2, 1), (0, 1, 2), (0, 2, 2), (1, 0, 0), (1, 2, 0), (1, 0, 2), (1, 2, 2)], fairness: [nil, "weak", nil], p: [0, 1], q: [0], holds: [false, false, false, false], distinctStates: 3),
        System(states: 3, initial: [2], transitions: [(0, 1, 1)], fairness: ["weak", "strong"], p: [0, 1], q: [], holds: [true, false, false, false], distinctStates: 1),
        System(states: 4, initial: [1, 2], transitions: [(0, 0, 1), (0, 1, 1), (0, 2, 3), (1, 0, 0), (1, 2, 3), (2, 2, 1), (3, 0, 0), (3, 2, 0), (3, 2, 1), (3, 0, 2)], fairness: ["weak", "strong", "strong"], p: [0, 3], q: [0, 1, 2, 3], holds: [true, true, true, true], distinctStates: 4),
        System(states: 5, initial: [3], transitions: [(0, 0, 3), (3, 0, 0), (4, 0, 0)], fairness: ["strong"], p: [0, 4], q: [1, 2], holds: [false, false, false, false], distinctStates: 2),
        System(states: 5, initial: [2, 3], transitions: [(0, 0, 1), (0, 0, 4), (1, 0, 0), (1, 0, 2), (1, 0, 4), (4, 0, 3)], fairness: ["strong"], p: [0, 1, 2, 3], q: [0], holds: [false, false, false, false], distinctStates: 2),
        System(states: 2, initial: [1], transitions: [(0, 0, 1), (1, 0, 0)], fairness: ["weak"], p: [0, 1], q: [0], holds: [true, true, true, false], distinctStates: 2),
        System(states: 2, initial: [0], transitions: [(0, 0, 1)], fairness: [nil], p: [0, 1], q: [0], holds: [false, true, false, false], distinctStates: 2),
        System(states: 4, initial: [1, 3], transitions: [(0, 0, 3), (1, 0, 0), (1, 2, 3), (2, 1, 0), (2, 0, 1), (2, 1, 1), (2, 0, 3), (3, 0, 0), (3, 1, 0), (3, 1, 1), (3, 1, 2)], fairness: ["strong", "weak", nil], p: [0, 2, 3], q: [0, 1], holds: [false, false, false, false], distinctStates: 4),
        System(states: 5, initial: [1, 4], transitions: [(0, 0, 1), (0, 2, 2), (0, 2, 3), (1, 0, 2), (1, 2, 2), (1, 0, 4), (2, 2, 0), (2, 0, 1), (2, 1, 1), (2, 1, 3), (2, 1, 4), (3, 0, 1), (3, 1, 1), (3, 0, 2), (3, 1, 2), (3, 2, 2), (4, 2, 0)], fairness: [nil, nil, nil], p: [1, 2, 3, 4], q: [0, 3], holds: [false, false, false, false], distinctStates: 5),
        System(states: 4, initial: [3], transitions: [(1, 0, 0), (1, 0, 2), (1, 0, 3)], fairness: ["strong"], p: [0], q: [1], holds: [true, false, false, false], distinctStates: 1),
        System(states: 5, initial: [0, 4], transitions: [(1, 0, 2), (1, 1, 3), (2, 1, 0), (2, 0, 1), (2, 0, 4), (3, 1, 2), (4, 1, 0), (4, 1, 3)], fairness: ["strong", "weak"], p: [1, 4], q: [1, 2, 3], holds: [false, false, false, false], distinctStates: 5),
        System(states: 3, initial: [1], transitions: [(1, 0, 2), (2, 0, 0)], fairness: [nil], p: [1, 2], q: [], holds: [false, false, false, false], distinctStates: 3),
        System(states: 4, initial: [2, 3], transitions: [(0, 0, 2), (2, 0, 3), (3, 0, 1)], fairness: [nil], p: [1, 3], q: [0], holds: [false, false, false, false], distinctStates: 3),
        System(states: 5, initial: [1, 3], transitions: [(0, 0, 1), (0, 0, 3), (1, 0, 0), (1, 1, 2), (2, 1, 0), (2, 1, 1), (2, 0, 3), (2, 1, 3)], fairness: ["strong", nil], p: [1, 2, 3], q: [], holds: [false, false, false, false], distinctStates: 4),
        System(states: 4, initial: [2, 3], transitions: [(0, 1, 1), (0, 2, 1), (0, 1, 2), (0, 2, 2), (0, 0, 3), (0, 2, 3), (1, 1, 3), (2, 0, 0), (2, 2, 0), (2, 0, 1), (2, 1, 1), (2, 2, 1), (3, 1, 0), (3, 0, 2), (3, 2, 2)], fairness: [nil, nil, "strong"], p: [0, 2], q: [], holds: [false, false, false, false], distinctStates: 4),
        System(states: 2, initial: [0, 1], transitions: [], fairness: ["strong", "weak"], p: [], q: [1], holds: [true, false, false, false], distinctStates: 2),
        System(states: 5, initial: [4], transitions: [(0, 2, 1), (0, 1, 3), (0, 0, 4), (1, 0, 0), (1, 2, 0), (1, 2, 2), (2, 0, 0), (2, 1, 0), (2, 2, 0), (2, 1, 1), (2, 1, 4), (3, 1, 4), (4, 1, 0), (4, 0, 2), (4, 0, 3)], fairness: ["strong", "weak", "strong"], p: [0, 1, 2], q: [0, 2, 4], holds: [true, true, true, false], distinctStates: 5),
        System(states: 4, initial: [1, 2], transitions: [(0, 0, 2), (0, 2, 2), (0, 1, 3), (1, 1, 0), (2, 0, 0), (2, 2, 0), (2, 2, 1), (3, 2, 0), (3, 0, 1), (3, 1, 1), (3, 2, 2)], fairness: [nil, "strong", nil], p: [0, 1], q: [], holds: [false, false, false, false], distinctStates: 4),
        System(states: 3, initial: [2], transitions: [(1, 0, 2), (2, 0, 1)], fairness: [nil], p: [1, 2], q: [1], holds: [false, false, false, false], distinctStates: 2),
        System(states: 2, initial: [0], transitions: [], fairness: [nil], p: [1], q: [0], holds: [true, true, true, true], distinctStates: 1),
        System(states: 5, initial: [1, 3], transitions: [(0, 0, 1), (0, 0, 4), (1, 0, 0), (3, 0, 4), (4, 0, 3)], fairness: [nil], p: [0, 3, 4], q: [1, 2, 4], holds: [false, false, false, false], distinctStates: 4),
        System(states: 2, initial: [0, 1], transitions: [(0, 0, 1)], fairness: [nil, "strong"], p: [1], q: [], holds: [false, false, false, false], distinctStates: 2),
    ]
}
