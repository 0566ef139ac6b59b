/// Runs `update` synchronously for one event and the `.action` chain it starts, and hands
/// every other effect to a ``StepHandler``.
///
/// The stepper is the one place where the meaning of an effect's synchronous part is
/// decided: ``EffectHost``, the testing module's `UpdateSpec` and `TestHost`, journal
/// replay and the explorer all step `update` through it, so `.action` chains and
/// `.sequence`s mean the same everywhere (R3, R4, R13).
///
/// - An `.action`'s event is processed at once, before the next element of an enclosing
///   `.sequence`, with its own effects (depth first, left to right).
/// - `.task` and `.cancel` are not run: they are handed to the handler, in order.
/// - A chain of more than ``chainLimit`` actions is cut: the handler is told, the state
///   keeps the steps done, and the rest of the event's effects are dropped.
///
/// ```swift
/// struct Trace: StepHandler {
///     var tasks: [String?] = []
///     mutating func taskIssued(_ task: TaskEffect<Counter.Event, Void>) { tasks.append(task.name) }
/// }
/// let stepper = Stepper(update: Counter.update, env: ())
/// var state = Counter.State()
/// var trace = Trace()
/// stepper.step(.start, state: &state, handler: &trace)
/// #expect(trace.tasks == ["ticker"])
/// ```
public struct Stepper<State, Event: Sendable, Env> {
    /// The transition function.
    public let update: (inout State, Event) -> Effect<Event, Env>?
    /// The env handed to every `.action`.
    public let env: Env
    /// The longest `.action` chain one event may run (R13); at least 1.
    public let chainLimit: Int

    /// Creates a stepper.
    ///
    /// ```swift
    /// let stepper = Stepper(update: Search.update, env: Search.Env.mock, chainLimit: 100)
    /// ```
    ///
    /// - Parameters:
    ///   - update: The feature's transition function.
    ///   - env: The env handed to every `.action`.
    ///   - chainLimit: The longest synchronous `.action` chain; values below 1 count as 1.
    @inlinable
    public init(
        update: @escaping (inout State, Event) -> Effect<Event, Env>?, env: Env, chainLimit: Int = 10_000
    ) {
        self.update = update
        self.env = env
        self.chainLimit = max(1, chainLimit)
    }

    /// Processes `event` and its synchronous chain, reporting each transition, task and
    /// cancel to `handler` in the order they happen.
    ///
    /// ```swift
    /// var state = Counter.State()
    /// var ignore = IgnoringStepHandler<Counter.State, Counter.Event, Void>()
    /// stepper.step(.increment, state: &state, handler: &ignore)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to process.
    ///   - state: The state `update` mutates.
    ///   - handler: Told of every transition, task, cancel and cut chain.
    @inlinable
    public func step<Handler: StepHandler>(_ event: Event, state: inout State, handler: inout Handler)
    where Handler.State == State, Handler.Event == Event, Handler.Env == Env {
        var chain = StepChain<Event, Env>(event)
        while let output = advance(&chain, state: &state) {
            switch output {
            case .updated(let event, let effect, let byAction):
                handler.updated(event, state: state, effect: effect, byAction: byAction)
            case .task(let task):
                handler.taskIssued(task)
            case .cancel(let name):
                handler.cancelIssued(name)
            case .chainCut(let limit, let origin):
                handler.chainCut(limit: limit, startedBy: origin)
            }
        }
    }

    /// Takes one step of a chain: runs `update` when the next thing to do is an event,
    /// and returns what happened, or `nil` once the chain has nothing left.
    ///
    /// `state` is only accessed during the call, so a caller may read its own copy of
    /// the state (and let others read it) between steps. This is how a host drives the
    /// stepper:
    ///
    /// ```swift
    /// var chain = StepChain<Event, Env>(event)
    /// while let output = stepper.advance(&chain, state: &state) {
    ///     if case .task(let task) = output { start(task) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - chain: Where the chain is; starts with ``StepChain/init(_:)``.
    ///   - state: The state `update` mutates.
    /// - Returns: The next transition, task, cancel or cut, or `nil` when the chain is done.
    @inlinable
    public func advance(_ chain: inout StepChain<Event, Env>, state: inout State) -> StepOutput<Event, Env>? {
        if let event = chain.first {
            chain.first = nil
            chain.origin = event
            let effect = update(&state, event)
            chain.next = effect
            return .updated(event, effect: effect, byAction: false)
        }
        while let effect = chain.next ?? chain.pending.popLast() {
            chain.next = nil
            switch effect {
            case .action(let produce):
                guard let event = produce(env) else { continue }
                chain.steps += 1
                guard chain.steps <= chainLimit else {
                    chain.pending = []
                    return .chainCut(limit: chainLimit, startedBy: chain.origin ?? event)
                }
                let next = update(&state, event)
                chain.next = next
                return .updated(event, effect: next, byAction: true)
            case .task(let name, let priority, let operation):
                return .task(TaskEffect(name: name, priority: priority, operation: operation))
            case .cancel(let name):
                return .cancel(name)
            case .sequence(let effects):
                chain.pending.append(contentsOf: effects.reversed())
            }
        }
        return nil
    }
}

/// Where a ``Stepper`` is in the chain of one event: what to run next.
///
/// ```swift
/// var chain = StepChain<Event, Env>(.refresh)
/// while let output = stepper.advance(&chain, state: &state) { print(output) }
/// ```
public struct StepChain<Event: Sendable, Env> {
    @usableFromInline var first: Event?
    @usableFromInline var origin: Event?
    @usableFromInline var next: Effect<Event, Env>?
    @usableFromInline var pending: [Effect<Event, Env>] = []
    @usableFromInline var steps = 0

    /// A chain that starts with `event`.
    ///
    /// ```swift
    /// var chain = StepChain<Event, Env>(.refresh)
    /// ```
    ///
    /// - Parameter event: The event `update` runs for first.
    @inlinable
    public init(_ event: Event) {
        self.first = event
    }
}

/// One thing a ``Stepper`` did or asks for, returned by ``Stepper/advance(_:state:)``.
///
/// ```swift
/// switch output {
/// case .updated(let event, let effect, let byAction): log(event, effect?.summary, byAction)
/// case .task(let task): start(task)
/// case .cancel(let name): cancel(name)
/// case .chainCut(let limit, let event): warn("cut \(event) after \(limit)")
/// }
/// ```
public enum StepOutput<Event: Sendable, Env> {
    /// `update` ran for the event and returned the effect; `byAction` is `true` for an
    /// event produced by an `.action` of the chain.
    case updated(Event, effect: Effect<Event, Env>?, byAction: Bool)
    /// A `.task` to start (R5).
    case task(TaskEffect<Event, Env>)
    /// A `.cancel` of the named task (R6).
    case cancel(String)
    /// The chain started by the event ran past the limit and was cut (R13).
    case chainCut(limit: Int, startedBy: Event)
}

/// A `.task` effect the ``Stepper`` met: what a host needs to start it.
///
/// ```swift
/// mutating func taskIssued(_ task: TaskEffect<Event, Env>) {
///     started.append(task.name ?? "unnamed")
/// }
/// ```
public struct TaskEffect<Event: Sendable, Env> {
    /// The task's name, `nil` for an unnamed task.
    public let name: String?
    /// The priority of the Swift `Task` that runs the body.
    public let priority: TaskPriority?
    /// The body.
    public let operation: @Sendable (Input<Event>, Env) async throws -> Void

    /// Creates the description of a task.
    ///
    /// ```swift
    /// let task = TaskEffect<Event, Void>(name: "load", priority: nil) { input, _ in input(.loaded) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name.
    ///   - priority: The priority of the Swift `Task`.
    ///   - operation: The body.
    @inlinable
    public init(
        name: String?, priority: TaskPriority?,
        operation: @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) {
        self.name = name
        self.priority = priority
        self.operation = operation
    }
}

extension TaskEffect: Sendable {}

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
    /// handler.chainCut(limit: 10, startedBy: event)
    /// ```
    ///
    /// - Parameters:
    ///   - limit: The stepper's chain limit.
    ///   - event: The event whose chain was cut.
    @inlinable
    public mutating func chainCut(limit: Int, startedBy event: Event) {}
}

/// A handler that ignores everything: for stepping state alone.
///
/// ```swift
/// var ignore = IgnoringStepHandler<Int, Event, Void>()
/// stepper.step(.tick, state: &count, handler: &ignore)
/// ```
public struct IgnoringStepHandler<State, Event: Sendable, Env>: StepHandler {
    /// Creates the handler.
    ///
    /// ```swift
    /// var ignore = IgnoringStepHandler<Int, Event, Void>()
    /// ```
    @inlinable
    public init() {}
}
