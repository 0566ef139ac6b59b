import EffectEngine

/// The shortest way from the initial state to a state the ``Explorer`` reports: the
/// events, in order, and the state after each.
///
/// ```swift
/// if let trace = report.failures.first?.trace {
///     for step in trace.steps { print(step.event, step.task ?? "", step.state) }
/// }
/// ```
public struct ExplorationTrace<State, Event> {
    /// One event of a trace and what it led to.
    ///
    /// ```swift
    /// let delivered = trace.steps.filter { $0.task != nil }.map(\.event)
    /// ```
    public struct Step {
        /// The event, enabled in the state before or delivered by a task.
        ///
        /// ```swift
        /// #expect(trace.steps.first?.event == .start)
        /// ```
        public let event: Event
        /// The task that delivered the event; `nil` for an enabled event.
        ///
        /// ```swift
        /// #expect(trace.steps.last?.task == "ticker")
        /// ```
        public let task: String?
        /// The state after the event and its `.action` chain.
        ///
        /// ```swift
        /// let counts = trace.steps.map(\.state.count)
        /// ```
        public let state: State
        /// The modelled tasks pending after it.
        ///
        /// ```swift
        /// #expect(trace.steps.first?.pendingTasks == ["ticker"])
        /// ```
        public let pendingTasks: [String]
        /// The summary of the effect `update` returned for the event.
        ///
        /// ```swift
        /// #expect(trace.steps.first?.effect == .task(name: "ticker"))
        /// ```
        public let effect: EffectSummary?
    }

    /// The state the trace starts from: one of the explorer's initial states.
    ///
    /// ```swift
    /// #expect(trace.initialState == Counter.State())
    /// ```
    public let initialState: State
    /// The events, in order; empty when the initial state itself is the one reported.
    ///
    /// ```swift
    /// print(trace.steps.count, "events")
    /// ```
    public let steps: [Step]
    /// The modelled tasks pending at the end, as the walk's bit set.
    let finalPending: UInt64

    /// The state the trace ends in.
    ///
    /// ```swift
    /// #expect(trace.state.count < 0)
    /// ```
    public var state: State { steps.last?.state ?? initialState }

    /// The trace's events, in order.
    ///
    /// ```swift
    /// #expect(trace.events == [.start, .tick])
    /// ```
    public var events: [Event] { steps.map(\.event) }
}

extension ExplorationTrace: Sendable where State: Sendable, Event: Sendable {}
extension ExplorationTrace.Step: Sendable where State: Sendable, Event: Sendable {}
