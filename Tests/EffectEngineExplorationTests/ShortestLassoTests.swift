import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// X14: the lasso is the shortest fair one, stem and loop together, and the report
/// prints every state on it.
@Suite("Liveness: the shortest fair lasso (X14)", .onThreadOfItsOwn)
struct ShortestLassoTests {
    /// Issue 50's minimal case: states 0–4, start at 4; 4→0 by A, 4→3 and 3→4 by B;
    /// `SF(B)`; `(s ∈ {3, 4}) ~> (s = 2)`. TLC: 4→0, then a stutter (1 event). The loop
    /// 4→3→4 (2 events) is fair too, but longer.
    @Test func theMinimalCaseOfIssue50GivesOneEvent() throws {
        let table = TransitionTable(
            states: 5, initial: [4],
            transitions: [
                .init(from: 4, action: 0, to: 0), .init(from: 4, action: 1, to: 3),
                .init(from: 3, action: 1, to: 4),
            ],
            fairness: [nil, .strong])
        let report = try table.explorer.leadsTo("reaches 2", from: { [3, 4].contains($0) }, to: { $0 == 2 })
            .checkLiveness()
        let result = try #require(report.violations.first)
        #expect(result.verdict == .violated)
        #expect(result.trace?.events == [.init(action: 0, to: 0)])
        #expect(result.cycle?.isEmpty == true)
        #expect(
            result.message
                == "leads-to \"reaches 2\" fails: its trigger holds with the goal not holding in the initial state and "
                + "1 event on, a fair path stays in the state it reaches forever, and the goal never holds on it (2 trigger "
                + "states like it)")
        // Every state of the lasso is printed, as TLC prints them.
        #expect(
            report.description.contains(
                "      initial state: 4\n      1. Event(action: 0, to: 0)\n         state: 0\n"))
    }

    /// X13: a chain 0 → 1 → … → 9 whose one action is weakly fair, and `(s = 0) ~> (s = 100)`:
    /// the only lasso stutters at 9, past a bound of 5 states. The bounded check must not
    /// say "holds" (it did: states past the bound were assumed to reach the goal).
    @Test func aLeadsToViolatedOnlyPastTheBoundIsUndecided() throws {
        let chain = TransitionTable(
            states: 10, initial: [0], transitions: (0..<9).map { .init(from: $0, action: 0, to: $0 + 1) },
            fairness: [.weak])
        let explorer = chain.explorer.leadsTo("reaches 100", from: { $0 == 0 }, to: { $0 == 100 })
        let bounded = try explorer.checkLiveness(states: 5)
        #expect(!bounded.holds)
        #expect(bounded.results[0].verdict == .undecided(bound: "the bound of 5 states"))
        #expect(bounded.description.contains("  ? leads-to \"reaches 100\" is undecided"), "\(bounded)")
        #expect(!bounded.description.contains("✓"))
        let whole = try explorer.checkLiveness()
        #expect(whole.results[0].verdict == .violated)
        #expect(whole.results[0].trace?.steps.count == 9)
        #expect(whole.results[0].cycle?.isEmpty == true)
    }

    /// On seeded random systems (2–4 states, up to three actions, each action unfair,
    /// weakly or strongly fair), for each kind of fair property, the explorer's verdict
    /// agrees with a brute-force search of every lasso, and its lasso is no longer than
    /// the shortest one that search finds.
    @Test(arguments: 0..<4)
    func noShorterFairLassoExistsOnRandomSystems(kind: Int) throws {
        for seed in UInt64(0)..<60 {
            let (table, p, q) = TransitionTable.random(seed: seed &* 7919 &+ UInt64(kind))
            var explorer = table.explorer
            let trigger: (Int) -> Bool
            let region: (Int) -> Bool = { !q.contains($0) }
            var mustVisit: ((Int) -> Bool)?
            switch kind {
            case 0:
                explorer = explorer.leadsTo("P ~> Q", from: { p.contains($0) }, to: { q.contains($0) })
                trigger = { p.contains($0) }
            case 1:
                explorer = explorer.eventuallyHolds("<>Q") { q.contains($0) }
                trigger = { table.initial.contains($0) }
            case 2:
                explorer = explorer.alwaysEventually("[]<>Q") { q.contains($0) }
                trigger = { _ in true }
            default:
                explorer = explorer.eventuallyAlways("<>[]Q") { q.contains($0) }
                trigger = { _ in true }
                mustVisit = region
            }
            let everywhere: (Int) -> Bool = { _ in true }
            let result = try explorer.checkLiveness().results[0]
            let brute = table.shortestLasso(
                trigger: trigger, region: kind == 3 ? everywhere : region, mustVisit: mustVisit, limit: 8)
            let length = (result.trace?.steps.count ?? 0) + (result.cycle?.count ?? 0)
            #expect(result.holds == (brute == nil), "seed \(seed): \(table), p \(p), q \(q)")
            if let brute, !result.holds {
                #expect(length == brute, "seed \(seed): \(table), p \(p), q \(q)")
                // The reported lasso is a fair one.
                let trace = try #require(result.trace)
                let path = [trace.initialState] + trace.steps.map(\.state) + (result.cycle ?? []).map(\.state)
                let actions = trace.events.map(\.action) + (result.cycle ?? []).map(\.event.action)
                #expect(
                    table.isLasso(
                        path, actions, trigger: trigger, region: kind == 3 ? everywhere : region,
                        mustVisit: mustVisit),
                    "seed \(seed)")
            }
        }
    }
}
