import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// X19: a run with a constraint says how many states lie outside it, and a quantified
/// property's violation names its witness, whatever its form.
@Suite("Reports say what they cut (X19)", .onThreadOfItsOwn)
struct ReportsSayWhatTheyCutTests {
    /// `x` counts up by one while below 3 (`WF_x(Inc)`), then stays.
    static var chain: Explorer<Int, Int, Void> {
        Explorer(
            initialState: 0,
            update: { (x: inout Int, step: Int) -> Effect<Int, Void>? in
                x += step
                return nil
            }
        ) { x in x < 3 ? [1] : [] }
        .fair(.weak, "Inc") { _ in true }
    }

    /// TLC 2.20 on `x' = x + 1` with `CONSTRAINT x <= 3` finds 4 distinct states; the
    /// explorer keeps the fifth, `x = 4`, and says so.
    @Test func aRunWithAConstraintSaysHowManyStatesLieOutsideIt() throws {
        let counter = StateConstraintTests.counter(fair: true)
        let report = try counter.explore()
        #expect(report.states == 5)
        #expect(report.statesOutsideConstraint == 1)
        #expect(report.states - report.statesOutsideConstraint == 4)
        #expect(
            report.description.contains(
                "1 of them lies outside the state constraint (checked, not expanded); 4 within it, as TLC counts "
                    + "distinct states."), "\(report)")
        let liveness = try counter.checkLiveness()
        #expect(liveness.statesOutsideConstraint == 1)
        #expect(
            liveness.description.hasPrefix(
                "Liveness, checked on 5 states (1 of them outside the state constraint), the whole space:"),
            "\(liveness)")
        let parallel = try counter.explore(workers: 2)
        #expect(parallel.statesOutsideConstraint == 1)
    }

    @Test func aRunWithoutAConstraintSaysNothingOfOne() throws {
        let report = try Self.chain.explore()
        #expect(report.statesOutsideConstraint == 0)
        #expect(!report.description.contains("constraint"))
        #expect(try Self.chain.checkLiveness().statesOutsideConstraint == 0)
    }

    /// Bad input: a constraint the initial state breaks. The initial state is kept and
    /// checked, as TLC checks it, and it is the one state outside.
    @Test func aConstraintTheInitialStateBreaksLeavesOneStateOutside() throws {
        let report = try Self.chain.constraint { $0 < 0 }.explore()
        #expect(report.states == 1)
        #expect(report.statesOutsideConstraint == 1)
        #expect(report.description.contains("1 of them lies outside the state constraint"), "\(report)")
        // A constraint every state meets leaves none outside, and says so.
        let all = try Self.chain.constraint { _ in true }.explore()
        #expect(all.statesOutsideConstraint == 0)
        #expect(all.description.contains("0 of them lie outside the state constraint"), "\(all)")
    }

    @Test func aQuantifiedEventuallyHoldsNamesItsWitness() throws {
        let report = try Self.chain.eventuallyHolds("reaches k", forAll: 0..<5) { k, x in x >= k }.checkLiveness()
        let result = report.results[0]
        #expect(result.verdict == .violated)
        #expect(result.kind == .eventuallyHolds)
        #expect(result.witness == "4")
        #expect(result.message.hasSuffix("(for 4)"), "\(report)")
        #expect(result.trace?.steps.count == 3)
        #expect(result.cycle?.isEmpty == true)
    }

    /// Disruptor's `\A r, i : <>[]P`: two bound variables, one set of pairs; the
    /// violation names the pair.
    @Test func aQuantifiedEventuallyAlwaysOverPairsNamesThePair() throws {
        let pairs = [[0, 1], [3, 3], [2, 5]]
        let report = try Self.chain.eventuallyAlways("settles", forAll: pairs) { pair, x in
            x >= pair[0] && x != pair[1]
        }.checkLiveness()
        #expect(report.results[0].witness == "[3, 3]", "\(report)")
        #expect(report.results[0].kind == .eventuallyAlways)
        let holds = try Self.chain.eventuallyAlways("settles", forAll: [[0, 1], [2, 5]]) { pair, x in
            x >= pair[0] && x != pair[1]
        }.checkLiveness()
        #expect(holds.holds, "\(holds)")
    }

    @Test func aQuantifiedStepPropertyNamesItsWitness() throws {
        let report = try Self.chain.everyStep("no step to k + 1", forAll: [0, 2, 1]) { k, _, _, next in
            k != 1 || next != 2
        }.checkLiveness()
        #expect(report.results[0].witness == "1")
        #expect(report.results[0].kind == .everyStep)
        #expect(report.results[0].trace?.steps.count == 2)
        #expect(report.results[0].message.hasSuffix("(for 1)"))
    }

    @Test func aQuantifiedEventuallyNamesItsWitness() throws {
        let report = try Self.chain.eventually("k stays reachable", forAll: 0..<4) { k, x in x == k }.checkLiveness()
        // From x = 1, 0 is lost; from x = 2, 1 is: the nearest is for 0.
        #expect(report.results[0].witness == "0")
        #expect(report.results[0].trace?.steps.count == 1)
    }

    /// Bad input: a property quantified over the empty set holds, as `\A x \in {} : …`
    /// does.
    @Test func aPropertyQuantifiedOverNothingHolds() throws {
        let report = try Self.chain
            .eventuallyHolds("never", forAll: [Int]()) { _, _ in false }
            .eventuallyAlways("never either", forAll: [Int]()) { _, _ in false }
            .everyStep("no step", forAll: [Int]()) { _, _, _, _ in false }
            .checkLiveness()
        #expect(report.holds, "\(report)")
    }
}
