// Written by Scripts/tlc-formula-fixtures with TLC 2.20: do not edit.

/// Random transition systems, each with a random nested temporal formula (in prefix
/// notation), TLC's verdict under the system's fairness, its distinct states, and the
/// events of its counterexample (-1 when the formula holds).
enum TLCFormulaFixtures {
    struct Case {
        let states: Int
        let initial: [Int]
        /// (from, action, to).
        let transitions: [(Int, Int, Int)]
        /// Per action: nil, "weak" or "strong".
        let fairness: [String?]
        let p: Set<Int>
        let q: Set<Int>
        let formula: String
        let tla: String
        let holds: Bool
        let distinctStates: Int
        let tlcEvents: Int
    }

    static let cases: [Case] = [
        Case(states: 2, initial: [0, 1], transitions: [(0, 2, 1)], fairness: ["weak", "strong", "strong"], p: [1], q: [1], formula: "eventually(not(or(Q,Q)))", tla: "<>(~(((Q) \\/ (Q))))", holds: false, distinctStates: 2, tlcEvents: 0),
        Case(states: 5, initial: [2], transitions: [(0, 0, 2), (0, 1, 2), (0, 0, 3), (0, 1, 3), (1, 0, 0), (1, 0, 2), (1, 0, 4), (2, 0, 3), (2, 1, 3), (2, 0, 4), (2, 1, 4), (3, 0, 0), (3, 1, 2), (3, 2, 2), (4, 1, 0), (4, 2, 0), (4, 1, 1)], fairness: [nil, "weak", nil], p: [0, 2, 3, 4], q: [1], formula: "eventually(implies(eventually(P),always(Q)))", tla: "<>(((<>(P)) => ([](Q))))", holds: false, distinctStates: 5, tlcEvents: 2),
        Case(states: 3, initial: [2], transitions: [(0, 0, 2), (0, 1, 2), (1, 0, 0), (2, 0, 0), (2, 0, 1)], fairness: ["strong", nil], p: [0, 1], q: [0, 1], formula: "or(eventually(P),or(Q,P))", tla: "((<>(P)) \\/ (((Q) \\/ (P))))", holds: true, distinctStates: 3, tlcEvents: -1),
        Case(states: 3, initial: [2], transitions: [(0, 1, 1), (1, 0, 0), (1, 1, 0), (1, 1, 2), (2, 0, 0), (2, 2, 1)], fairness: ["weak", nil, "weak"], p: [0, 1], q: [], formula: "eventually(eventually(eventually(Q)))", tla: "<>(<>(<>(Q)))", holds: false, distinctStates: 3, tlcEvents: 3),
        Case(states: 2, initial: [0], transitions: [(1, 0, 0), (1, 1, 0)], fairness: [nil, nil, "strong"], p: [0], q: [0, 1], formula: "P", tla: "P", holds: true, distinctStates: 1, tlcEvents: -1),
        Case(states: 2, initial: [0, 1], transitions: [(0, 1, 1), (1, 2, 0)], fairness: ["strong", "weak", "strong"], p: [0, 1], q: [], formula: "always(P)", tla: "[](P)", holds: true, distinctStates: 2, tlcEvents: -1),
        Case(states: 3, initial: [0, 1], transitions: [], fairness: ["strong"], p: [0, 1, 2], q: [0, 2], formula: "eventually(P)", tla: "<>(P)", holds: true, distinctStates: 2, tlcEvents: -1),
        Case(states: 5, initial: [3], transitions: [(2, 0, 1), (2, 0, 3), (3, 1, 1), (3, 1, 2), (4, 1, 0), (4, 1, 3)], fairness: [nil, nil], p: [1, 3, 4], q: [0, 4], formula: "enabled(1)", tla: "(ENABLED <<A(1)>>_s)", holds: true, distinctStates: 3, tlcEvents: -1),
        Case(states: 4, initial: [2], transitions: [(0, 0, 2), (0, 0, 3), (0, 1, 3), (0, 2, 3), (1, 2, 0), (1, 0, 3), (1, 2, 3), (2, 2, 1), (3, 0, 0), (3, 2, 1)], fairness: ["weak", "weak", "strong"], p: [0], q: [3], formula: "implies(P,Q)", tla: "((P) => (Q))", holds: true, distinctStates: 4, tlcEvents: -1),
        Case(states: 5, initial: [0, 2], transitions: [(0, 0, 1), (0, 0, 3), (0, 1, 3), (0, 2, 3), (0, 0, 4), (1, 0, 0), (1, 2, 4), (2, 0, 0), (2, 1, 0), (2, 1, 1), (2, 2, 1), (2, 1, 3), (2, 1, 4), (3, 2, 0), (3, 1, 1), (3, 1, 2), (4, 1, 0), (4, 1, 1), (4, 1, 2), (4, 2, 2), (4, 2, 3)], fairness: ["strong", "weak", "strong"], p: [2, 4], q: [0, 2], formula: "eventually(and(Q,not(P)))", tla: "<>(((Q) /\\ (~(P))))", holds: true, distinctStates: 5, tlcEvents: -1),
        Case(states: 4, initial: [0, 2], transitions: [(0, 0, 2), (0, 2, 3), (1, 1, 0), (1, 0, 2), (2, 0, 0), (2, 0, 3), (3, 1, 0), (3, 2, 0), (3, 0, 1), (3, 0, 2), (3, 1, 2)], fairness: ["weak", "strong", nil], p: [1], q: [1, 2], formula: "not(P)", tla: "~(P)", holds: true, distinctStates: 4, tlcEvents: -1),
        Case(states: 2, initial: [0], transitions: [(1, 0, 0), (1, 2, 0)], fairness: ["weak", "weak", "strong"], p: [0], q: [1], formula: "implies(Q,Q)", tla: "((Q) => (Q))", holds: true, distinctStates: 1, tlcEvents: -1),
        Case(states: 4, initial: [0], transitions: [(0, 0, 1), (0, 1, 2), (0, 1, 3), (1, 0, 0), (1, 2, 0), (1, 0, 3), (1, 1, 3), (1, 2, 3), (2, 1, 1), (2, 0, 3), (3, 2, 0), (3, 0, 1), (3, 1, 1), (3, 2, 1), (3, 0, 2)], fairness: ["weak", nil, nil], p: [1, 2], q: [3], formula: "always(or(P,enabled(1)))", tla: "[](((P) \\/ ((ENABLED <<A(1)>>_s))))", holds: true, distinctStates: 4, tlcEvents: -1),
        Case(states: 4, initial: [3], transitions: [(0, 0, 2), (1, 0, 0), (1, 1, 0), (1, 2, 0), (1, 1, 2), (1, 1, 3), (2, 1, 0), (2, 0, 3), (3, 2, 0), (3, 1, 1), (3, 2, 1), (3, 0, 2), (3, 1, 2)], fairness: ["strong", "weak", nil], p: [0, 1, 2, 3], q: [1, 2, 3], formula: "eventually(leadsTo(eventually(P),eventually(enabled(2))))", tla: "<>(((<>(P)) ~> (<>((ENABLED <<A(2)>>_s)))))", holds: false, distinctStates: 4, tlcEvents: 3),
        Case(states: 3, initial: [1], transitions: [(0, 0, 1), (1, 0, 2), (2, 0, 1)], fairness: ["weak"], p: [1, 2], q: [1], formula: "and(or(P,enabled(0)),always(P))", tla: "((((P) \\/ ((ENABLED <<A(0)>>_s)))) /\\ ([](P)))", holds: true, distinctStates: 2, tlcEvents: -1),
        Case(states: 5, initial: [1], transitions: [(1, 2, 0), (1, 0, 2), (1, 1, 2), (1, 2, 4), (2, 1, 0), (2, 1, 4), (3, 0, 0), (3, 2, 0), (3, 0, 1), (4, 0, 0), (4, 2, 0), (4, 0, 1), (4, 2, 1), (4, 2, 3)], fairness: ["strong", nil, "weak"], p: [0, 1, 4], q: [1], formula: "always(eventually(act(2)))", tla: "[](<>(<<A(2)>>_s))", holds: false, distinctStates: 5, tlcEvents: 1),
        Case(states: 3, initial: [1], transitions: [(0, 0, 2), (0, 1, 2), (1, 1, 0), (1, 0, 2), (1, 1, 2), (2, 1, 0), (2, 0, 1)], fairness: ["weak", "strong"], p: [0, 1], q: [1], formula: "P", tla: "P", holds: true, distinctStates: 3, tlcEvents: -1),
        Case(states: 4, initial: [3], transitions: [(0, 0, 3), (2, 1, 3), (3, 0, 1), (3, 1, 2)], fairness: [nil, nil], p: [3], q: [], formula: "eventually(Q)", tla: "<>(Q)", holds: false, distinctStates: 3, tlcEvents: 1),
        Case(states: 5, initial: [1, 4], transitions: [(0, 0, 1), (0, 0, 2), (0, 1, 4), (1, 1, 3), (2, 1, 0), (2, 1, 4), (3, 1, 0), (3, 0, 1), (3, 0, 2), (4, 0, 0), (4, 1, 0)], fairness: [nil, "strong"], p: [0, 1, 2, 4], q: [], formula: "enabled(1)", tla: "(ENABLED <<A(1)>>_s)", holds: true, distinctStates: 5, tlcEvents: -1),
        Case(states: 3, initial: [2], transitions: [(0, 0, 2), (0, 2, 2), (1, 0, 2), (1, 1, 2), (2, 2, 1)], fairness: ["weak", nil, nil], p: [0, 1], q: [0], formula: "or(always(eventually(Q)),eventually(not(Q)))", tla: "(([](<>(Q))) \\/ (<>(~(Q))))", holds: true, distinctStates: 2, tlcEvents: -1),
        Case(states: 3, initial: [0, 1], transitions: [(0, 2, 1), (1, 1, 0), (1, 2, 2), (2, 0, 0), (2, 2, 1)], fairness: ["strong", "strong", "weak"], p: [], q: [0], formula: "eventually(eventually(always(P)))", tla: "<>(<>([](P)))", holds: false, distinctStates: 3, tlcEvents: 2),
        Case(states: 4, initial: [1, 3], transitions: [(0, 0, 1), (0, 2, 1), (0, 0, 3), (1, 0, 2), (1, 1, 2), (1, 2, 2), (1, 1, 3), (2, 0, 0), (2, 2, 1), (2, 1, 3), (2, 2, 3), (3, 1, 0), (3, 1, 2), (3, 2, 2)], fairness: ["strong", "weak", "strong"], p: [0, 2], q: [], formula: "always(leadsTo(and(Q,P),and(Q,Q)))", tla: "[](((((Q) /\\ (P))) ~> (((Q) /\\ (Q)))))", holds: true, distinctStates: 4, tlcEvents: -1),
        Case(states: 4, initial: [2, 3], transitions: [(0, 1, 1), (0, 2, 1), (0, 2, 2), (0, 0, 3), (0, 1, 3), (1, 1, 0), (1, 2, 0), (1, 2, 2), (1, 1, 3), (2, 2, 0), (2, 2, 3), (3, 0, 0), (3, 2, 0), (3, 1, 1)], fairness: ["weak", "strong", "weak"], p: [0, 1, 2, 3], q: [0, 3], formula: "leadsTo(always(eventually(Q)),not(not(P)))", tla: "(([](<>(Q))) ~> (~(~(P))))", holds: true, distinctStates: 4, tlcEvents: -1),
        Case(states: 2, initial: [0, 1], transitions: [(0, 1, 1), (1, 1, 0)], fairness: ["strong", "strong"], p: [1], q: [], formula: "always(step(1))", tla: "[]([A(1)]_s)", holds: true, distinctStates: 2, tlcEvents: -1),
        Case(states: 2, initial: [0, 1], transitions: [(0, 0, 1)], fairness: ["weak"], p: [1], q: [], formula: "leadsTo(Q,P)", tla: "((Q) ~> (P))", holds: true, distinctStates: 2, tlcEvents: -1),
        Case(states: 2, initial: [1], transitions: [(1, 1, 0)], fairness: ["weak", nil, "weak"], p: [1], q: [1], formula: "eventually(enabled(1))", tla: "<>((ENABLED <<A(1)>>_s))", holds: true, distinctStates: 2, tlcEvents: -1),
        Case(states: 4, initial: [3], transitions: [(0, 0, 1), (0, 0, 2), (0, 1, 3), (1, 1, 0), (1, 0, 2), (2, 0, 0), (2, 0, 3), (2, 1, 3), (3, 0, 0), (3, 1, 0), (3, 0, 1), (3, 1, 1), (3, 0, 2)], fairness: ["strong", "strong"], p: [2, 3], q: [1], formula: "or(enabled(1),not(Q))", tla: "(((ENABLED <<A(1)>>_s)) \\/ (~(Q)))", holds: true, distinctStates: 4, tlcEvents: -1),
        Case(states: 3, initial: [0, 1], transitions: [(0, 1, 2), (1, 1, 0)], fairness: ["weak", "strong"], p: [], q: [0, 1, 2], formula: "Q", tla: "Q", holds: true, distinctStates: 3, tlcEvents: -1),
        Case(states: 4, initial: [2, 3], transitions: [(0, 0, 2), (1, 1, 0), (1, 0, 2), (1, 1, 3), (2, 0, 0), (2, 1, 0)], fairness: [nil, "weak"], p: [1, 3], q: [0, 1, 2, 3], formula: "always(implies(always(Q),P))", tla: "[]((([](Q)) => (P)))", holds: false, distinctStates: 3, tlcEvents: 2),
        Case(states: 5, initial: [0, 1], transitions: [(1, 0, 0), (1, 0, 2), (2, 0, 4), (4, 0, 1)], fairness: ["strong"], p: [0, 1, 2], q: [1, 2, 3], formula: "eventually(P)", tla: "<>(P)", holds: true, distinctStates: 4, tlcEvents: -1),
        Case(states: 2, initial: [1], transitions: [], fairness: [nil, "weak", "strong"], p: [], q: [0], formula: "not(or(P,Q))", tla: "~(((P) \\/ (Q)))", holds: true, distinctStates: 1, tlcEvents: -1),
        Case(states: 4, initial: [2], transitions: [(1, 0, 3), (2, 0, 0), (3, 0, 0)], fairness: ["strong"], p: [1], q: [0, 2], formula: "eventually(eventually(always(step(0))))", tla: "<>(<>([]([A(0)]_s)))", holds: true, distinctStates: 2, tlcEvents: -1),
        Case(states: 4, initial: [2], transitions: [(0, 1, 1), (1, 1, 0), (1, 0, 2), (1, 1, 2), (1, 0, 3), (2, 2, 1), (2, 0, 3), (3, 0, 2)], fairness: ["strong", "strong", "strong"], p: [], q: [3], formula: "not(P)", tla: "~(P)", holds: true, distinctStates: 4, tlcEvents: -1),
        Case(states: 4, initial: [3], transitions: [(2, 0, 1), (3, 0, 1)], fairness: ["weak"], p: [1, 2, 3], q: [], formula: "always(leadsTo(Q,P))", tla: "[](((Q) ~> (P)))", holds: true, distinctStates: 2, tlcEvents: -1),
        Case(states: 3, initial: [2], transitions: [(0, 0, 2), (1, 0, 2), (2, 1, 0), (2, 1, 1)], fairness: ["strong", nil], p: [0, 1, 2], q: [1, 2], formula: "P", tla: "P", holds: true, distinctStates: 3, tlcEvents: -1),
        Case(states: 4, initial: [3], transitions: [(0, 0, 2), (1, 0, 3), (3, 0, 1)], fairness: [nil], p: [0, 1], q: [1, 3], formula: "always(eventually(or(enabled(0),Q)))", tla: "[](<>((((ENABLED <<A(0)>>_s)) \\/ (Q))))", holds: true, distinctStates: 2, tlcEvents: -1),
        Case(states: 4, initial: [0, 3], transitions: [(0, 0, 3), (1, 0, 0), (2, 0, 0), (2, 0, 3)], fairness: [nil], p: [0], q: [0, 1], formula: "eventually(always(P))", tla: "<>([](P))", holds: false, distinctStates: 2, tlcEvents: 0),
        Case(states: 5, initial: [3, 4], transitions: [(0, 0, 4), (1, 0, 0), (1, 0, 2), (1, 0, 3), (2, 0, 3), (3, 0, 2), (4, 0, 0)], fairness: ["weak"], p: [0, 3], q: [3], formula: "eventually(eventually(enabled(0)))", tla: "<>(<>((ENABLED <<A(0)>>_s)))", holds: true, distinctStates: 4, tlcEvents: -1),
        Case(states: 4, initial: [3], transitions: [(0, 0, 3), (1, 0, 2), (1, 0, 3), (2, 0, 3), (3, 0, 1)], fairness: ["weak"], p: [1], q: [0, 2, 3], formula: "Q", tla: "Q", holds: true, distinctStates: 3, tlcEvents: -1),
        Case(states: 4, initial: [1], transitions: [(0, 0, 3), (2, 1, 0), (3, 0, 1), (3, 1, 2)], fairness: [nil, "strong"], p: [2], q: [0], formula: "eventually(enabled(0))", tla: "<>((ENABLED <<A(0)>>_s))", holds: false, distinctStates: 1, tlcEvents: 0),
        Case(states: 2, initial: [0, 1], transitions: [(0, 1, 1), (1, 0, 0)], fairness: ["weak", "weak"], p: [0], q: [], formula: "eventually(enabled(0))", tla: "<>((ENABLED <<A(0)>>_s))", holds: true, distinctStates: 2, tlcEvents: -1),
    ]
}
