import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// X18: actions are relations. A fair class may read the state as well as the event, and
/// a step that satisfies several actions counts for each, as TLA+ reads them, so no
/// lasso is longer than TLC's.
@Suite("Liveness: actions as relations on states (X18)", .onThreadOfItsOwn)
struct ActionsAsRelationsTests {
    /// Issue 57's `SharedStep`:
    ///
    /// ```tla
    /// Go == x = 0 /\ x' = 1
    /// A  == x = 1 /\ x' = 0
    /// B  == x = 1 /\ x' = 0
    /// Spec == x = 0 /\ [][Go \/ A \/ B]_x /\ WF_x(Go) /\ SF_x(A) /\ SF_x(B)
    /// Prop == <>[](x = 1)
    /// ```
    ///
    /// TLC 2.20: violated, by the 2-event lasso `x = 0`, `x = 1` (Go), back to state 1
    /// (A): the step 1 → 0 is an A step and a B step at once. Read by event, the loop had to
    /// go round twice (4 events).
    @Test func sharedStepGivesATwoEventLassoAsTLCDoes() throws {
        let table = TransitionTable(
            states: 2, initial: [0],
            transitions: [.init(from: 0, action: 0, to: 1), .init(from: 1, action: 1, to: 0), .init(from: 1, action: 2, to: 0)],
            fairness: [.weak, .strong, .strong])
        let report = try table.explorer.eventuallyAlways("<>[](x = 1)") { $0 == 1 }.checkLiveness()
        let result = report.results[0]
        #expect(result.verdict == .violated)
        #expect(result.trace?.steps.isEmpty == true, "\(report)")
        #expect(result.cycle?.map(\.state) == [1, 0], "\(report)")
    }

    /// A counter modulo 3 with `inc` and `reset` (`x # 0 /\ x' = 0`), `WF_x(Next)`, and
    /// `Inc1 == x = 1 /\ x' = 2`, an action that reads the state. TLC 2.20 on
    /// `x = 1 ~> x = 2`: holds under `SF_x(Inc1)` (enabled at 1 again and again, so
    /// taken); violated under `WF_x(Inc1)`, by a loop through 0, where `Inc1` is disabled
    /// (TLC's lasso has 4 events, 0 → 1 → 0 and round 1 → 0 again; the explorer's 2 are the
    /// loop 0 → 1 → 0 alone).
    enum Step: Hashable, Sendable { case inc, reset }

    static func counter(_ fairness: FairnessKind) -> Explorer<Int, Step, Void> {
        Explorer(
            initialState: 0,
            update: { (x: inout Int, step: Step) -> Effect<Step, Void>? in
                x = step == .inc ? (x + 1) % 3 : 0
                return nil
            }
        ) { x in x == 0 ? [.inc] : [.inc, .reset] }
        .fair(.weak, "Next") { _ in true }
        .fair(fairness, "Inc(1)", over: { $0 }) { x, step in x == 1 && step == .inc }
        .leadsTo("x = 1 ~> x = 2", from: { $0 == 1 }, to: { $0 == 2 })
    }

    @Test func aFairClassReadsTheStateItIsTakenFrom() throws {
        let strong = try Self.counter(.strong).checkLiveness()
        #expect(strong.holds, "\(strong)")
        let weak = try Self.counter(.weak).checkLiveness()
        #expect(weak.results[0].verdict == .violated)
        #expect(weak.results[0].trace?.events == [], "\(weak)")
        #expect(weak.results[0].cycle?.map(\.event) == [.inc, .reset], "\(weak)")
    }

    /// Bad input: two classes of one name, one by state and event over a part.
    @Test func twoClassesOfOneNameAreAMistake() throws {
        let explorer = Self.counter(.weak).fair(.strong, "Inc(1)", over: { $0 }) { _, _ in true }
        #expect(throws: ExplorationError("two fair classes are named \"Inc(1)\"")) { try explorer.checkLiveness() }
    }
}
