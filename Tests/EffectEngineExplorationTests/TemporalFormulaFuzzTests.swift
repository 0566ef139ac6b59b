import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// X17 and X18 against TLC on random nested formulas: 520 seeded random transition systems,
/// each with a random formula over state sets, actions' steps (`<<A>>_s`, `[A]_s`) and
/// `ENABLED`, nested with `~`, `/\`, `\/`, `=>`, `~>`, `[]` and `<>`, whose verdicts,
/// distinct states and counterexample lengths TLC 2.20 gave (`Scripts/tlc-formula-fixtures`
/// wrote them, so the test needs no Java). The explorer finds as many states, the same
/// verdict, and no counterexample longer than TLC's (stem and loop, in events).
@Suite("Liveness: random nested formulas against TLC (X17)", .onThreadOfItsOwn)
struct TemporalFormulaFuzzTests {
    @Test func everyVerdictAgreesWithTLC() throws {
        let kinds: [String: FairnessKind] = ["weak": .weak, "strong": .strong]
        #expect(TLCFormulaFixtures.cases.count >= 500)
        for (number, fixture) in TLCFormulaFixtures.cases.enumerated() {
            let table = TransitionTable(
                states: fixture.states, initial: fixture.initial,
                transitions: fixture.transitions.map { .init(from: $0.0, action: $0.1, to: $0.2) },
                fairness: fixture.fairness.map { $0.flatMap { kinds[$0] } })
            let formula = try #require(
                FormulaText(table: table, p: fixture.p, q: fixture.q).formula(fixture.formula),
                "case \(number): \(fixture.formula)")
            let report = try table.explorer.temporal(fixture.tla, formula).checkLiveness()
            #expect(report.states == fixture.distinctStates, "case \(number)")
            let result = report.results[0]
            #expect(result.holds == fixture.holds, "case \(number): \(fixture.tla)\n\(report)")
            if !result.holds && !fixture.holds {
                let events = (result.trace?.steps.count ?? 0) + (result.cycle?.count ?? 0)
                #expect(events <= fixture.tlcEvents, "case \(number): \(fixture.tla)\n\(report)")
            }
        }
    }
}
