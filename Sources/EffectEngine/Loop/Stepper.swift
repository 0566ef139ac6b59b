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
/// - `.task` (plain or `.paced`) and `.cancel` are not run: they are handed to the
///   handler, in order.
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
        while true {
            switch next(&chain, state: &state) {
            case .updated:
                handler.updated(chain.event, state: state, effect: chain.effect, byAction: chain.byAction)
            case .task:
                handler.taskIssued(chain.task.unsafelyUnwrapped)
            case .cancel:
                handler.cancelIssued(chain.cancelled)
            case .report:
                handler.reported(chain.reported.unsafelyUnwrapped)
            case .chainCut:
                handler.chainCut(limit: chainLimit, startedBy: chain.origin)
            case .done:
                return
            }
        }
    }

    /// Takes one step of a chain: runs `update` when the next thing to do is an event,
    /// and returns what happened, or `nil` once the chain has nothing left.
    ///
    /// `state` is only accessed during the call, so a caller may read its own copy of
    /// the state (and let others read it) between steps.
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
        switch next(&chain, state: &state) {
        case .updated: .updated(chain.event, effect: chain.effect, byAction: chain.byAction)
        case .task: .task(chain.task.unsafelyUnwrapped)
        case .cancel: .cancel(chain.cancelled)
        case .report: .report(chain.reported.unsafelyUnwrapped)
        case .chainCut: .chainCut(limit: chainLimit, startedBy: chain.origin)
        case .done: nil
        }
    }

    /// The first step of an event: runs `update` for it and returns its effect. When
    /// there is one, the rest of the chain continues from
    /// ``StepChain/init(after:effect:)`` with ``next(_:state:)``; an event with no effect
    /// (the common case) needs no chain at all. This is how a host steps:
    ///
    /// ```swift
    /// guard let effect = stepper.first(event, state: &state) else { return }
    /// var chain = StepChain(after: event, effect: effect)
    /// while stepper.next(&chain, state: &state) != .done { ... }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to process.
    ///   - state: The state `update` mutates.
    /// - Returns: What `update` returned.
    @inlinable
    public func first(_ event: Event, state: inout State) -> Effect<Event, Env>? {
        update(&state, event)
    }

    /// The one step function every form of stepping goes through. What happened is
    /// returned as a payload-free kind, and its data left in `chain` (``StepChain/event``
    /// and ``StepChain/effect`` for a transition, ``StepChain/task`` for a task,
    /// ``StepChain/cancelled`` for a cancel, ``StepChain/reported`` for a report): a
    /// host's hot path copies no enum of generic payloads per step.
    @inlinable
    public func next(_ chain: inout StepChain<Event, Env>, state: inout State) -> StepKind {
        if chain.steps < 0 {
            chain.steps = 0
            chain.upcoming = first(chain.lastEvent, state: &state)
            return .updated
        }
        while let effect = chain.takeNext() {
            switch effect {
            case .action(let produce):
                guard let event = produce(env) else { continue }
                chain.steps += 1
                guard chain.steps <= chainLimit else {
                    chain.pending = []
                    return .chainCut
                }
                chain.lastEvent = event
                chain.upcoming = update(&state, event)
                return .updated
            case .sequence(let effects):
                chain.pending.append(contentsOf: effects.reversed())
            default:
                // One case for the rest, so the effect is kept as it is: a case that
                // names `.task` led the optimiser to rebuild the effect from its payload,
                // copying the task's fields into a new box through their runtime type.
                let kind = effect.stepKind
                chain.last = effect
                return kind
            }
        }
        return .done
    }
}

/// What one step of a ``Stepper`` did, without its data: see ``Stepper/next(_:state:)``.
///
/// ```swift
/// while true {
///     switch stepper.next(&chain, state: &state) {
///     case .updated: print(chain.event)
///     case .task: start(chain.task!)
///     case .cancel: cancel(chain.cancelled)
///     case .report: log(chain.reported!)
///     case .chainCut: warn(chain.origin)
///     case .done: return
///     }
/// }
/// ```
public enum StepKind: Sendable {
    /// `update` ran for ``StepChain/event`` and returned ``StepChain/effect``.
    case updated
    /// A `.task` to start: ``StepChain/task``.
    case task
    /// A `.cancel` of the task named ``StepChain/cancelled``.
    case cancel
    /// A `.report` of ``StepChain/reported``.
    case report
    /// The chain ran past the stepper's limit and was cut (R13).
    case chainCut
    /// Nothing is left in the chain.
    case done
}

extension Effect {
    /// What a step that meets this effect, other than an `.action` or a `.sequence`, did.
    @inlinable
    var stepKind: StepKind {
        switch self {
        case .task, .paced: .task
        case .cancel: .cancel
        case .report: .report
        case .action, .sequence: .done  // never asked: the stepper handles both itself
        }
    }
}

/// Where a ``Stepper`` is in the chain of one event: what to run next, and the data of
/// the last step.
///
/// ```swift
/// var chain = StepChain<Event, Env>(.refresh)
/// while let output = stepper.advance(&chain, state: &state) { print(output) }
/// ```
public struct StepChain<Event: Sendable, Env> {
    /// The event that started the chain.
    public let origin: Event
    /// The event of the last transition.
    @inlinable public var event: Event { lastEvent }
    /// What `update` returned for ``event``; read it right after a `.updated` step (it is
    /// what the chain runs next).
    @inlinable public var effect: Effect<Event, Env>? { upcoming }
    /// Whether ``event`` was produced by an `.action`.
    @inlinable public var byAction: Bool { steps > 0 }
    /// The task of the last `.task` step.
    @inlinable public var task: TaskEffect<Event, Env>? {
        switch last {
        case .task(let name, let priority, let operation)?:
            return TaskEffect(name: name, priority: priority, operation: operation)
        case .paced(let name, let pacing, let priority, let operation)?:
            return TaskEffect(name: name, priority: priority, pacing: pacing.clamped, operation: operation)
        default:
            return nil
        }
    }
    /// The name of the last `.cancel` step.
    @inlinable public var cancelled: String {
        guard case .cancel(let name)? = last else { return "" }
        return name
    }
    /// The diagnostic of the last `.report` step.
    @inlinable public var reported: Diagnostic? {
        guard case .report(let diagnostic)? = last else { return nil }
        return diagnostic
    }

    // Six stored fields, no more: with eight, the compiler destroyed a host's chain
    // through its runtime type's value witness at the end of every event (measured:
    // about 80 instructions an event). Flags that can be derived from `steps` are.
    @usableFromInline var lastEvent: Event
    /// The effect of the last task, cancel or report step, kept as the effect: a task's
    /// payload is boxed, so the chain stays a loadable value (a `TaskPriority` held inline
    /// would make it address-only, costing runtime value-witness calls on every step), and
    /// one field for the three keeps the chain small to destroy at the end of each event.
    @usableFromInline var last: Effect<Event, Env>?
    @usableFromInline var upcoming: Effect<Event, Env>?
    @usableFromInline var pending: [Effect<Event, Env>] = []
    /// The `.action` steps run so far (an event after the first is one made by an
    /// action); -1 before the first step of a chain made with ``init(_:)``.
    @usableFromInline var steps: Int

    /// The effect to run next, moved out, not copied: each effect is held once, so a step
    /// costs no extra retain and release. An empty `pending` is not asked to pop: that
    /// call, not inlined, was a third of a chain step's instructions.
    @inlinable
    mutating func takeNext() -> Effect<Event, Env>? {
        if let effect = upcoming.take() { return effect }
        return pending.isEmpty ? nil : pending.removeLast()
    }

    /// A chain that starts with `event`.
    ///
    /// ```swift
    /// var chain = StepChain<Event, Env>(.refresh)
    /// ```
    ///
    /// - Parameter event: The event `update` runs for first.
    @inlinable
    public init(_ event: Event) {
        self.origin = event
        self.lastEvent = event
        self.steps = -1
    }

    /// A chain that goes on after ``Stepper/first(_:state:)`` returned `effect` for
    /// `event`.
    ///
    /// ```swift
    /// var chain = StepChain(after: .refresh, effect: effect)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event `update` ran for.
    ///   - effect: What it returned.
    @inlinable
    public init(after event: Event, effect: Effect<Event, Env>) {
        self.origin = event
        self.lastEvent = event
        self.upcoming = effect
        self.steps = 0
    }
}

/// One thing a ``Stepper`` did or asks for, returned by ``Stepper/advance(_:state:)``.
///
/// ```swift
/// switch output {
/// case .updated(let event, let effect, let byAction): log(event, effect?.summary, byAction)
/// case .task(let task): start(task)
/// case .cancel(let name): cancel(name)
/// case .report(let problem): log(problem)
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
    /// A `.report` of a problem `update` handled.
    case report(Diagnostic)
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
    public let operation: nonisolated(nonsending) @Sendable (Input<Event>, Env) async throws -> Void
    /// How the task's runs are spaced in time, for a debounced or throttled task (a
    /// `.paced` effect); `nil` for a plain `.task`. A host starts a paced body when its
    /// time comes, and drops a throttled issue that falls in an open window (<doc:Time>).
    public let pacing: TaskPacing?

    /// Creates the description of a task.
    ///
    /// ```swift
    /// let task = TaskEffect<Event, Void>(name: "load", priority: nil) { input, _ in input(.loaded) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name.
    ///   - priority: The priority of the Swift `Task`.
    ///   - pacing: The debounce or throttle of a paced task, `nil` for a plain one.
    ///   - operation: The body.
    @inlinable
    public init(
        name: String?, priority: TaskPriority?, pacing: TaskPacing? = nil,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) {
        self.name = name
        self.priority = priority
        self.pacing = pacing
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
