import EffectEngine

/// What running a ``TestPlan`` against the real host found (X10).
///
/// ```swift
/// let result = await explorer.run(plan) { state in makeHost(state) }
/// #expect(result.mismatches.isEmpty, "\(result)")
/// ```
public struct TestPlanResult<State, Event> {
    /// What the model shows, as a line host would, while the host performs one event.
    ///
    /// ```swift
    /// for output in mismatch.modelOutput.last ?? [] {
    ///     if case .reported(.rejected(let reason)) = output { print("error:", reason) }
    /// }
    /// ```
    public enum ModelOutput {
        /// The model's state where the host settled.
        case settled(State)
        /// A problem the model's `update` reported (`.reject`, `.report`) for the event or
        /// for one a task delivered after it, where the host reports it.
        case reported(Diagnostic)
    }

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
        /// What the model showed for each event of ``events``, in order: the problems its
        /// `update` reported for the event and for each event the host's tasks delivered
        /// after it, and its state wherever the host settled. At the last event the output
        /// ends where the host and the model disagree; for a task that delivered an event
        /// the model does not list, before that event arrived.
        ///
        /// ```swift
        /// for (event, output) in zip(mismatch.events, mismatch.modelOutput) { print(event, output) }
        /// ```
        public let modelOutput: [[ModelOutput]]
        /// The model's state wherever the host settled, for each event of ``events``: the
        /// settled states of ``modelOutput``.
        ///
        /// ```swift
        /// for (event, states) in zip(mismatch.events, mismatch.modelStates) { print(event, states.last!) }
        /// ```
        public var modelStates: [[State]] {
            modelOutput.map { output in
                output.compactMap { if case .settled(let state) = $0 { state } else { nil } }
            }
        }
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
extension TestPlanResult.ModelOutput: Sendable where State: Sendable {}
extension TestPlanResult.Mismatch: Sendable where State: Sendable, Event: Sendable {}
