import EffectEngine
import EffectEngineShared

/// What ``Explorer/checkLiveness(depth:states:workers:)`` found: a verdict for each
/// liveness and step property (X13): it holds, it is violated (with the shortest trace or
/// lasso that shows it), or it is undecided because the walk stopped at a bound before
/// seeing the whole space.
///
/// A bounded check never says "holds": a state past the bound may break any property,
/// so a property not violated within the bound is ``Result/Verdict/undecided(bound:)``,
/// and ``holds`` is `false`, naming the bound in the report's description.
///
/// ```swift
/// let report = try explorer.checkLiveness()
/// #expect(report.holds, "\(report)")
/// ```
public struct LivenessReport<State, Event> {
    /// One property's result.
    ///
    /// ```swift
    /// for result in report.results where result.trace != nil { print(result.message) }
    /// ```
    public struct Result {
        /// Which kind of liveness property a result is about.
        ///
        /// ```swift
        /// #expect(report.results.map(\.kind) == [.staysReachable, .leadsTo])
        /// ```
        public enum Kind: Hashable, Sendable {
            /// An `eventually` property (X7): the goal stays reachable.
            case staysReachable
            /// A `leadsTo` property (X11): every fair path reaches the goal.
            case leadsTo
            /// An `eventuallyHolds` property, TLA+'s `<>P` (X15): every fair path from an
            /// initial state reaches the goal.
            case eventuallyHolds
            /// An `alwaysEventually` property, `[]<>P` (X15): on every fair path the goal
            /// holds again and again.
            case alwaysEventually
            /// An `eventuallyAlways` property, `<>[]P` (X15): on every fair path the goal
            /// holds from some point on, for good.
            case eventuallyAlways
            /// An `everyStep` property, `[][A]_v` (X15): every step satisfies a predicate
            /// over a state, its event and the next state.
            case everyStep
            /// A ``TemporalFormula`` (X17), checked by ``Explorer/temporal(_:_:)``: it
            /// holds on every fair path.
            case temporal
        }

        /// Whether a property holds, is violated, or could not be decided within the
        /// walk's bound (X13).
        ///
        /// ```swift
        /// #expect(report.results[0].verdict == .undecided(bound: "the bound of 100 states"))
        /// ```
        public enum Verdict: Hashable, Sendable {
            /// The whole space was walked, and the property holds.
            case holds
            /// A trace (or lasso) breaks the property: ``Result/trace``, ``Result/cycle``.
            case violated
            /// Nothing within the bound breaks the property, but the walk stopped at the
            /// bound named, so a state past it may.
            case undecided(bound: String)
        }

        /// The property's name.
        ///
        /// ```swift
        /// #expect(report.results.map(\.name) == ["loading ends"])
        /// ```
        public let name: String
        /// Whether the property is an `eventually` or a `leadsTo` one.
        ///
        /// ```swift
        /// #expect(report.results[0].kind == .leadsTo)
        /// ```
        public let kind: Kind
        /// The property's verdict.
        ///
        /// ```swift
        /// #expect(report.results[0].verdict == .holds)
        /// ```
        public let verdict: Verdict
        /// For a property quantified over a set (`forAll:`), the element it fails for;
        /// `nil` otherwise.
        ///
        /// ```swift
        /// #expect(report.results[0].witness == "2")
        /// ```
        public let witness: String?
        /// How many reached states speak of the property and can no longer reach its goal
        /// (`eventually`), or from which a fair path never reaches it (`leadsTo`).
        ///
        /// ```swift
        /// #expect(report.results[0].stuckStates == 0)
        /// ```
        public let stuckStates: Int
        /// The shortest trace to the nearest such state; `nil` when the property holds.
        /// For a `leadsTo` property, the lasso's stem: the trace to that state and on to
        /// the first state of the ``cycle``.
        ///
        /// ```swift
        /// #expect(report.results[0].trace?.events.count ?? 0 <= 3)
        /// ```
        public let trace: ExplorationTrace<State, Event>?
        /// For a `leadsTo` property that fails, the lasso's loop: the steps from the state
        /// the ``trace`` ends in back to it, which a fair path repeats forever without the
        /// goal; empty when the path stays in that state (it stutters). `nil` otherwise.
        /// The lasso's length is the trace's steps and these.
        ///
        /// ```swift
        /// if let cycle = result.cycle { print(result.trace!.steps.count + cycle.count, "events") }
        /// ```
        public let cycle: [ExplorationTrace<State, Event>.Step]?
        /// What was lost and where; empty when the property holds.
        ///
        /// ```swift
        /// print(report.results[0].message)
        /// ```
        public let message: String
        /// The trace as a test that replays it with an `UpdateSpec`, ready to paste.
        ///
        /// ```swift
        /// print(report.results[0].test ?? "")
        /// ```
        public let test: String?

        /// Whether the property holds: `false` when it is violated, and when it is
        /// undecided within the bound.
        ///
        /// ```swift
        /// #expect(report.results.allSatisfy(\.holds))
        /// ```
        public var holds: Bool { verdict == .holds }
    }

    /// Every `eventually` property's result, in declaration order.
    ///
    /// ```swift
    /// #expect(report.results.count == 1)
    /// ```
    public let results: [Result]
    /// The states of the graph checked.
    ///
    /// ```swift
    /// #expect(report.states == 42)
    /// ```
    public let states: Int
    /// How many of the ``states`` lie outside the explorer's ``Explorer/constraint(_:)``
    /// (X19): on no lasso, and not counted by TLC among its distinct states.
    ///
    /// ```swift
    /// print(report.states - report.statesOutsideConstraint, "states as TLC counts them")
    /// ```
    public let statesOutsideConstraint: Int
    /// Whether the graph is the whole reachable space; otherwise no property is found to
    /// hold, only violated or undecided.
    ///
    /// ```swift
    /// #expect(report.isExhaustive)
    /// ```
    public let isExhaustive: Bool

    /// Whether every property holds: `false` when one is violated, or undecided because
    /// the walk stopped at a bound.
    ///
    /// ```swift
    /// #expect(report.holds, "\(report)")
    /// ```
    public var holds: Bool { results.allSatisfy(\.holds) }
    /// The properties that do not hold: those violated, and those undecided within the
    /// bound, so that an empty list means every property holds.
    ///
    /// ```swift
    /// #expect(report.violations.isEmpty, "\(report)")
    /// ```
    public var violations: [Result] { results.filter { !$0.holds } }
    /// The properties not decided within the walk's bound.
    ///
    /// ```swift
    /// #expect(report.undecided.isEmpty, "\(report)")
    /// ```
    public var undecided: [Result] {
        results.filter { if case .undecided = $0.verdict { true } else { false } }
    }
}

extension LivenessReport: CustomStringConvertible {
    /// One line per property; for each that fails, its trace or lasso with every state
    /// on it (as TLC prints a counterexample) and its test; for each undecided, the bound.
    ///
    /// ```swift
    /// print(report)
    /// ```
    public var description: String {
        let scope = isExhaustive ? "the whole space" : "a walk cut short by its bound"
        let outside =
            statesOutsideConstraint == 0
            ? "" : " (\(Numbers.grouped(statesOutsideConstraint)) of them outside the state constraint)"
        var lines = ["Liveness, checked on \(Numbers.grouped(states)) states\(outside), \(scope):"]
        if results.isEmpty { lines.append("  (no liveness or step property)") }
        for result in results {
            switch result.verdict {
            case .holds:
                lines.append("  ✓ " + result.holdsLine)
                continue
            case .undecided:
                lines.append("  ? " + result.message)
                continue
            case .violated:
                lines.append("  ✗ " + result.message)
            }
            guard let trace = result.trace else { continue }
            func list(_ steps: ArraySlice<ExplorationTrace<State, Event>.Step>, from first: Int) {
                for (index, step) in zip(first..., steps) {
                    let from = step.task.map { "   (from task \"\($0)\")" } ?? ""
                    lines.append("      \(index). \(StateDiff.render(step.event))\(from)")
                    lines.append("         state: \(StateDiff.render(step.state))")
                }
            }
            lines.append("      initial state: \(StateDiff.render(trace.initialState))")
            list(trace.steps[...], from: 1)
            if let cycle = result.cycle {
                if cycle.isEmpty {
                    lines.append("      then nothing more happens, forever")
                } else {
                    lines.append("      then, forever:")
                    list(cycle[...], from: trace.steps.count + 1)
                }
            }
            if let test = result.test {
                lines.append("    As a test:")
                lines += test.split(separator: "\n", omittingEmptySubsequences: false).map {
                    $0.isEmpty ? "" : "      " + $0
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension LivenessReport.Result {
    /// The line saying that the property holds.
    var holdsLine: String {
        switch kind {
        case .staysReachable: "eventually \"\(name)\" stays reachable from every state"
        case .leadsTo: "leads-to \"\(name)\" holds on every fair path"
        case .eventuallyHolds: "eventually-holds (<>) \"\(name)\" is reached on every fair path"
        case .alwaysEventually: "always-eventually ([]<>) \"\(name)\" holds again and again on every fair path"
        case .eventuallyAlways: "eventually-always (<>[]) \"\(name)\" holds for good on every fair path"
        case .everyStep: "every step ([][A]_v) \"\(name)\" holds on every transition"
        case .temporal: "temporal \"\(name)\" holds on every fair path"
        }
    }
}

extension LivenessReport: Sendable where State: Sendable, Event: Sendable {}
extension LivenessReport.Result: Sendable where State: Sendable, Event: Sendable {}
