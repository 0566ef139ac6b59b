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
/// A host holds one stepper for its lifetime: the state it is handed changes only
/// through the ``update`` the stepper holds (R1), and the ``env`` it was made with is the
/// one every `.action` gets, and every task through the host (R8).
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
    /// var trace = Trace()
    /// stepper.step(.increment, state: &state, handler: &trace)
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

    /// The one step function every form of stepping goes through: ``step(_:state:handler:)``
    /// calls it until `.done`, and so do the host's loop and the explorer, which read the
    /// step's data from `chain` themselves. What happened is returned as a payload-free
    /// kind, and its data left in `chain` (``StepChain/event`` and ``StepChain/effect`` for
    /// a transition, ``StepChain/task`` for a task, ``StepChain/cancelled`` for a cancel,
    /// ``StepChain/reported`` for a report): a host's hot path copies no enum of generic
    /// payloads per step. An event with no effect (the common case) needs no chain: the
    /// host calls ``update`` itself and makes a chain, with
    /// ``StepChain/init(after:effect:)``, only for an effect.
    ///
    /// ```swift
    /// guard let effect = stepper.update(&state, event) else { return }
    /// var chain = StepChain(after: event, effect: effect)
    /// while stepper.next(&chain, state: &state) != .done { ... }
    /// ```
    @inlinable
    package func next(_ chain: inout StepChain<Event, Env>, state: inout State) -> StepKind {
        if chain.steps < 0 {
            chain.steps = 0
            chain.upcoming = update(&state, chain.lastEvent)
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
