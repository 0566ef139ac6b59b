import EffectEngine
import EffectEngineShared

/// What ``Explorer/checkLiveness(depth:states:)`` found: for each `eventually` property,
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
        /// The property's name.
        ///
        /// ```swift
        /// #expect(report.results.map(\.name) == ["loading ends"])
        /// ```
        public let name: String
        /// How many reached states speak of the property and can no longer reach its goal.
        ///
        /// ```swift
        /// #expect(report.results[0].stuckStates == 0)
        /// ```
        public let stuckStates: Int
        /// The shortest trace to the nearest such state; `nil` when the property holds.
        ///
        /// ```swift
        /// #expect(report.results[0].trace?.events.count ?? 0 <= 3)
        /// ```
        public let trace: ExplorationTrace<State, Event>?
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
        if results.isEmpty { lines.append("  (no eventually property)") }
        for result in results {
            guard let trace = result.trace else {
                lines.append("  ✓ eventually \"\(result.name)\" stays reachable from every state")
                continue
            }
            lines.append("  ✗ " + result.message)
            for (index, step) in trace.steps.enumerated() {
                let from = step.task.map { "   (from task \"\($0)\")" } ?? ""
                lines.append("      \(index + 1). \(StateDiff.render(step.event))\(from)")
            }
            lines.append("      state: \(StateDiff.render(trace.state))")
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
