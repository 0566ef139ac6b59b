import EffectEngine
import EffectEngineShared

/// What ``Explorer/checkLiveness(depth:states:workers:)`` found: for each `eventually` property,
/// whether its goal stays reachable from every state it speaks of, and if not, the
/// shortest trace to the nearest state from which the goal is lost.
///
/// ```swift
/// let report = try explorer.checkLiveness()
/// #expect(report.violations.isEmpty, "\(report)")
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

        /// Whether the goal stays reachable from every state the property speaks of.
        ///
        /// ```swift
        /// #expect(report.results.allSatisfy(\.holds))
        /// ```
        public var holds: Bool { stuckStates == 0 }
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
    /// Whether the graph is the whole reachable space; otherwise states past the bound
    /// were assumed to reach every goal.
    ///
    /// ```swift
    /// #expect(report.isExhaustive)
    /// ```
    public let isExhaustive: Bool

    /// The properties that do not hold.
    ///
    /// ```swift
    /// #expect(report.violations.isEmpty, "\(report)")
    /// ```
    public var violations: [Result] { results.filter { !$0.holds } }
}

extension LivenessReport: CustomStringConvertible {
    /// One line per property, and for each that fails its trace and test.
    ///
    /// ```swift
    /// print(report)
    /// ```
    public var description: String {
        let scope = isExhaustive ? "the whole space" : "the bounded walk (states past the bound assumed to reach each goal)"
        var lines = ["Liveness, checked on \(Numbers.grouped(states)) states, \(scope):"]
        if results.isEmpty { lines.append("  (no eventually or leads-to property)") }
        for result in results {
            guard let trace = result.trace else {
                if !result.holds {
                    lines.append("  ✗ " + result.message)
                } else if result.kind == .leadsTo {
                    lines.append("  ✓ leads-to \"\(result.name)\" holds on every fair path")
                } else {
                    lines.append("  ✓ eventually \"\(result.name)\" stays reachable from every state")
                }
                continue
            }
            lines.append("  ✗ " + result.message)
            func list(_ steps: ArraySlice<ExplorationTrace<State, Event>.Step>, from first: Int) {
                for (index, step) in zip(first..., steps) {
                    let from = step.task.map { "   (from task \"\($0)\")" } ?? ""
                    lines.append("      \(index). \(StateDiff.render(step.event))\(from)")
                }
            }
            list(trace.steps[...], from: 1)
            lines.append("      state: \(StateDiff.render(trace.state))")
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

extension LivenessReport: Sendable where State: Sendable, Event: Sendable {}
extension LivenessReport.Result: Sendable where State: Sendable, Event: Sendable {}
