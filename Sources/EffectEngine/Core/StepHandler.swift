/// What a ``Stepper`` reports while it processes an event: each transition, each task
/// and cancel to carry out, and a cut chain. Every method has a default that does
/// nothing, so a handler implements only what it needs.
///
/// ```swift
/// struct Transitions<State, Event, Env>: StepHandler {
///     var states: [State] = []
///     mutating func updated(_ event: Event, state: State, effect: Effect<Event, Env>?, byAction: Bool) {
///         states.append(state)
///     }
/// }
/// ```
public protocol StepHandler<State, Event, Env> {
    /// The feature's state.
    associatedtype State
    /// The feature's event.
    associatedtype Event: Sendable
    /// The feature's env.
    associatedtype Env

    /// `update` ran for `event`, leaving `state` and returning `effect`. `byAction` is
    /// `true` for an event produced by an `.action` of the chain.
    ///
    /// ```swift
    /// mutating func updated(_ event: Event, state: State, effect: Effect<Event, Env>?, byAction: Bool) {
    ///     log.append("\(event) -> \(state)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event processed.
    ///   - state: The state `update` left.
    ///   - effect: What `update` returned.
    ///   - byAction: Whether an `.action` produced the event.
    mutating func updated(_ event: Event, state: State, effect: Effect<Event, Env>?, byAction: Bool)

    /// A `.task` is to be started (R5: a running task of the same name is to be replaced).
    ///
    /// ```swift
    /// mutating func taskIssued(_ task: TaskEffect<Event, Env>) { pending.insert(task.name) }
    /// ```
    ///
    /// - Parameter task: The task's name, priority and body.
    mutating func taskIssued(_ task: TaskEffect<Event, Env>)

    /// A `.cancel` of the named task (R6).
    ///
    /// ```swift
    /// mutating func cancelIssued(_ name: String) { pending.remove(name) }
    /// ```
    ///
    /// - Parameter name: The task's name.
    mutating func cancelIssued(_ name: String)

    /// A `.report` of a problem `update` handled, such as an event for a child that is
    /// gone (C2).
    ///
    /// ```swift
    /// mutating func reported(_ problem: Diagnostic) { problems.append(problem) }
    /// ```
    ///
    /// - Parameter problem: The problem.
    mutating func reported(_ problem: Diagnostic)

    /// The chain started by `event` ran past `limit` actions and was cut (R13).
    ///
    /// ```swift
    /// mutating func chainCut(limit: Int, startedBy event: Event) { cut = true }
    /// ```
    ///
    /// - Parameters:
    ///   - limit: The stepper's ``Stepper/chainLimit``.
    ///   - event: The event whose chain was cut.
    mutating func chainCut(limit: Int, startedBy event: Event)
}

extension StepHandler {
    /// Does nothing.
    ///
    /// ```swift
    /// handler.updated(event, state: state, effect: nil, byAction: false)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event processed.
    ///   - state: The state `update` left.
    ///   - effect: What `update` returned.
    ///   - byAction: Whether an `.action` produced the event.
    @inlinable
    public mutating func updated(_ event: Event, state: State, effect: Effect<Event, Env>?, byAction: Bool) {}

    /// Does nothing.
    ///
    /// ```swift
    /// handler.taskIssued(task)
    /// ```
    ///
    /// - Parameter task: The task's name, priority and body.
    @inlinable
    public mutating func taskIssued(_ task: TaskEffect<Event, Env>) {}

    /// Does nothing.
    ///
    /// ```swift
    /// handler.cancelIssued("load")
    /// ```
    ///
    /// - Parameter name: The task's name.
    @inlinable
    public mutating func cancelIssued(_ name: String) {}

    /// Does nothing.
    ///
    /// ```swift
    /// handler.reported(.childMissing(scope: "rows/7", event: "pause"))
    /// ```
    ///
    /// - Parameter problem: The problem.
    @inlinable
    public mutating func reported(_ problem: Diagnostic) {}

    /// Does nothing.
    ///
    /// ```swift
    /// handler.chainCut(limit: 10, startedBy: event)
    /// ```
    ///
    /// - Parameters:
    ///   - limit: The stepper's chain limit.
    ///   - event: The event whose chain was cut.
    @inlinable
    public mutating func chainCut(limit: Int, startedBy event: Event) {}
}
