import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// TLC's `CONSTRAINT` (X15): `x` counts up (`Inc == x' = x + 1`), `CONSTRAINT x <= 3`.
/// TLC 2.20: under `WF_x(Inc)`, `<>(x = 5)` and `<>(x >= 4)` both hold (the one behaviour
/// leaves the constraint, so no fair behaviour stays within it; stuttering at 3 is unfair
/// while `Inc` is enabled); without fairness `<>(x >= 4)` is violated, stuttering at 0.
/// TLC checks `x = 4` against the invariants but counts 4 distinct states; the explorer
/// counts 5.
@Suite("Explorer: a state constraint, as TLC's CONSTRAINT (X15)", .onThreadOfItsOwn)
struct StateConstraintTests {
    static func counter(fair: Bool) -> Explorer<Int, Int, Void> {
        let explorer = Explorer(
            initialState: 0,
            update: { (x: inout Int, step: Int) -> Effect<Int, Void>? in
                x += step
                return nil
            }
        ) { _ in [1] }
        .constraint { $0 <= 3 }
        .eventuallyHolds("ReachFive") { $0 == 5 }
        .eventuallyHolds("ReachFour") { $0 >= 4 }
        return fair ? explorer.fair(.weak, "Inc") { _ in true } : explorer
    }

    @Test func aStateOutsideIsKeptButNotExpanded() throws {
        let report = try Self.counter(fair: true).always("x <= 3") { $0 <= 3 }.explore()
        #expect(report.isExhaustive)
        #expect(report.states == 5)
        // Checked like any other state, as TLC checks it.
        #expect(report.failures.map(\.trace?.events.count) == [4])
    }

    @Test func fairPropertiesSeeOnlyBehavioursWithinTheConstraintAsTLCDoes() throws {
        let fair = try Self.counter(fair: true).checkLiveness()
        #expect(fair.results.map(\.verdict) == [.holds, .holds], "\(fair)")
        let unfair = try Self.counter(fair: false).checkLiveness()
        #expect(unfair.results.map(\.verdict) == [.violated, .violated], "\(unfair)")
        #expect(unfair.results[1].trace?.steps.isEmpty == true)
        #expect(unfair.results[1].cycle?.isEmpty == true)
    }
}
