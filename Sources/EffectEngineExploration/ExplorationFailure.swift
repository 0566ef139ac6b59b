import EffectEngine
import EffectEngineShared

/// A property the ``Explorer`` found false, with the shortest trace that shows it and
/// that trace written as a test.
///
/// ```swift
/// for failure in report.failures {
///     print(failure.message)
///     if let test = failure.test { print(test) }
/// }
/// ```
public struct ExplorationFailure<State, Event> {
    /// What failed.
    ///
    /// ```swift
    /// #expect(report.failures.map(\.kind) == [.always("the count is never negative")])
    /// ```
    public enum Kind: Hashable, Sendable {
        /// The named invariant is broken by the state the trace reaches.
        case always(String)
        /// No state explored satisfies the named reachability property.
        case sometimes(String)
        /// The state the trace reaches enables no event, and it is not marked terminal.
        case deadEnd
        /// The `.action` chain of the trace's last event ran past the limit and was cut.
        case chainCut(limit: Int)
        /// `update` or an `.action` gave two different results for the same state and
        /// event (X3): the trace reaches the state, ``ExplorationFailure/message`` names
        /// the event. The walk stops there: such a space is not the feature's and may
        /// never close.
        case nondeterministic
    }

    /// What failed.
    ///
    /// ```swift
    /// #expect(report.failures.first?.kind == .deadEnd)
    /// ```
    public let kind: Kind
    /// One line saying what failed and where: `always "…" is broken after 3 events`.
    ///
    /// ```swift
    /// print(failure.message)
    /// ```
    public let message: String
    /// The shortest trace from the initial state that shows the failure; `nil` for a
    /// reachability property (no state has it), or when replaying the trace did not lead
    /// to the same state (``message`` says so: `update` or the enabled events are not a
    /// function of the state).
    ///
    /// ```swift
    /// #expect(report.failures.first?.trace?.events == [.start, .tick])
    /// ```
    public let trace: ExplorationTrace<State, Event>?
    /// The trace as a Swift Testing test that replays it with an `UpdateSpec`, ready to
    /// paste: it pins the state the trace reaches, so it passes until `update` changes.
    /// `nil` when there is no trace or it has no event.
    ///
    /// ```swift
    /// print(report.failures[0].test ?? "")
    /// ```
    public let test: String?
}

extension ExplorationFailure: CustomStringConvertible {
    /// The message, the trace one event a line, and the test.
    ///
    /// ```swift
    /// #expect(report.failures.isEmpty, "\(report.failures.map(\.description))")
    /// ```
    public var description: String {
        var lines = ["✗ " + message]
        if let trace {
            for (index, step) in trace.steps.enumerated() {
                let from = step.task.map { "   (from task \"\($0)\")" } ?? ""
                lines.append("    \(index + 1). \(StateDiff.render(step.event))\(from)")
            }
            lines.append("    state: \(StateDiff.render(trace.state))")
        }
        if let test {
            lines.append("  As a test:")
            lines += test.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}

extension ExplorationFailure: Sendable where State: Sendable, Event: Sendable {}
