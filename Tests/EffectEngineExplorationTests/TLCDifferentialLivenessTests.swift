import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// Liveness against TLC on random transition systems (issue 50): 50 seeded systems of 2
/// to 5 states, with one or two initial states and up to three actions each unfair,
/// weakly or strongly fair, whose verdicts on `P ~> Q`, `<>Q`, `[]<>Q` and `<>[]Q` TLC
/// 2.20 gave (`Scripts/tlc-liveness-fixtures` wrote them, so the test needs no Java).
/// The explorer finds as many states, the same verdicts, a fair lasso for each
/// violation, and none shorter exists.
@Suite("Liveness against TLC on random transition systems", .onThreadOfItsOwn)
struct TLCDifferentialLivenessTests {
    @Test func everyVerdictAgreesWithTLC() throws {
        for (number, system) in TLCLivenessFixtures.systems.enumerated() {
            let kinds: [String: FairnessKind] = ["weak": .weak, "strong": .strong]
            let table = TransitionTable(
                states: system.states, initial: system.initial,
                transitions: system.transitions.map { .init(from: $0.0, action: $0.1, to: $0.2) },
                fairness: system.fairness.map { $0.flatMap { kinds[$0] } })
            let p = system.p
            let q = system.q
            let report = try table.explorer
                .leadsTo("P ~> Q", from: { p.contains($0) }, to: { q.contains($0) })
                .eventuallyHolds("<>Q") { q.contains($0) }
                .alwaysEventually("[]<>Q") { q.contains($0) }
                .eventuallyAlways("<>[]Q") { q.contains($0) }
                .checkLiveness()
            #expect(report.states == system.distinctStates, "system \(number)")
            #expect(report.results.map(\.holds) == system.holds, "system \(number): \(report)")
            let notQ: (Int) -> Bool = { !q.contains($0) }
            let shapes: [(trigger: (Int) -> Bool, region: (Int) -> Bool, mustVisit: ((Int) -> Bool)?)] = [
                ({ p.contains($0) }, notQ, nil), ({ system.initial.contains($0) }, notQ, nil),
                ({ _ in true }, notQ, nil),
                ({ _ in true }, { _ in true }, notQ),
            ]
            for (result, shape) in zip(report.results, shapes) where !result.holds {
                let trace = try #require(result.trace, "system \(number)")
                let cycle = try #require(result.cycle, "system \(number)")
                let path = [trace.initialState] + (trace.steps + cycle).map(\.state)
                let actions = (trace.steps + cycle).map(\.event.action)
                #expect(
                    table.isLasso(
                        path, actions, trigger: shape.trigger, region: shape.region,
                        mustVisit: shape.mustVisit),
                    "system \(number), \(result.name)")
                #expect(
                    table.shortestLasso(
                        trigger: shape.trigger, region: shape.region, mustVisit: shape.mustVisit,
                        limit: actions.count)
                        == actions.count, "system \(number), \(result.name)")
            }
        }
    }
}
