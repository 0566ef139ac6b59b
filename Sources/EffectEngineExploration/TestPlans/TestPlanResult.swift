/// What running a ``TestPlan`` against the real host found (X10).
///
/// ```swift
/// let result = await explorer.run(plan) { state in makeHost(state) }
/// #expect(result.mismatches.isEmpty, "\(result)")
/// ```
public struct TestPlanResult<State, Event> {
    /// A path where the host and the model disagree.
    ///
    /// ```swift
    /// for mismatch in result.mismatches { print(mismatch.message) }
    /// ```
    public struct Mismatch {
        /// The path's number in the plan, from 1.
        ///
        /// ```swift
        /// #expect(result.mismatches.first?.path == 1)
        /// ```
        public let path: Int
        /// The events performed on the host, the last being the first step that differs.
        ///
        /// ```swift
        /// #expect(result.mismatches.first?.events == [.refresh])
        /// ```
        public let events: [Event]
        /// The model's state wherever the host settled, for each event of ``events``: the
        /// state after the event, then after each event the host's tasks delivered that
        /// the model lists, when the host settled there. At the last event the states end
        /// where the host and the model disagree; for a task that delivered an event the
        /// model does not list, that is the model's state before it arrived.
        ///
        /// ```swift
        /// for (event, states) in zip(mismatch.events, mismatch.modelStates) { print(event, states.last!) }
        /// ```
        public let modelStates: [[State]]
        /// The host's settled state at the step that differs.
        ///
        /// ```swift
        /// #expect(mismatch.hostState.movies.isEmpty)
        /// ```
        public let hostState: State
        /// What differed, and where.
        ///
        /// ```swift
        /// print(mismatch.message)
        /// ```
        public let message: String
        /// A test that performs the events on the host and expects the model's state.
        ///
        /// ```swift
        /// print(mismatch.test)
        /// ```
        public let test: String
    }

    /// The paths run.
    ///
    /// ```swift
    /// #expect(result.paths == plan.paths.count)
    /// ```
    public let paths: Int
    /// The events performed on hosts.
    ///
    /// ```swift
    /// print(result.steps, "events performed")
    /// ```
    public let steps: Int
    /// The paths that stopped early because the host's tasks delivered in an order after
    /// which the model no longer enables the path's next event.
    ///
    /// ```swift
    /// print(result.stoppedPaths)
    /// ```
    public let stoppedPaths: Int
    /// Every path where the host and the model disagreed, at its first differing step.
    ///
    /// ```swift
    /// #expect(result.mismatches.isEmpty, "\(result)")
    /// ```
    public let mismatches: [Mismatch]
}

extension TestPlanResult: CustomStringConvertible {
    /// What ran, and each mismatch with its test.
    ///
    /// ```swift
    /// print(result)
    /// ```
    public var description: String {
        var lines = [
            "Ran \(Numbers.grouped(paths)) path\(paths == 1 ? "" : "s") (\(Numbers.grouped(steps)) events) against the host"
                + (stoppedPaths == 0 ? "" : ", \(Numbers.grouped(stoppedPaths)) stopped early by the order tasks delivered in")
                + (mismatches.isEmpty ? ": the host agreed with the model at every step." : ":")
        ]
        for mismatch in mismatches {
            lines.append("  ✗ " + mismatch.message.split(separator: "\n").joined(separator: "\n    "))
            lines.append("    As a test:")
            lines += mismatch.test.split(separator: "\n").map { "      " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}

extension TestPlanResult: Sendable where State: Sendable, Event: Sendable {}
extension TestPlanResult.Mismatch: Sendable where State: Sendable, Event: Sendable {}
