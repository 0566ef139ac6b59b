/// What one step of a ``Stepper`` did, without its data: see ``Stepper/next(_:state:)``.
/// The package's hosts and explorer step with it; users step with
/// ``Stepper/step(_:state:handler:)``.
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
@usableFromInline
package enum StepKind: Sendable {
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
    /// Nothing is left in the chain: the event's synchronous chain has ended, and the
    /// state is settled (R16). A host tells its observers then (or, for an event with no
    /// effect, which has no chain, after `update`), never at an `.updated` step between.
    case done
}

extension Effect {
    /// What a step that meets this effect, other than an `.action` or a `.sequence`, did.
    @inlinable
    var stepKind: StepKind {
        switch self {
        case .task, .paced: .task
        case .cancel: .cancel
        case .report, .dismiss: .report
        case .action, .sequence: .done  // never asked: the stepper handles both itself
        }
    }
}

/// Where a ``Stepper`` is in the chain of one event: what to run next, and the data of
/// the last step.
///
/// ```swift
/// var chain = StepChain<Event, Env>(.refresh)
/// while stepper.next(&chain, state: &state) != .done { print(chain.event) }
/// ```
@usableFromInline
package struct StepChain<Event: Sendable, Env> {
    /// The event that started the chain.
    @usableFromInline package let origin: Event
    /// The event of the last transition.
    @inlinable package var event: Event { lastEvent }
    /// What `update` returned for ``event``; read it right after a `.updated` step (it is
    /// what the chain runs next).
    @inlinable package var effect: Effect<Event, Env>? { upcoming }
    /// Whether ``event`` was produced by an `.action`.
    @inlinable package var byAction: Bool { steps > 0 }
    /// The task of the last `.task` step.
    @inlinable package var task: TaskEffect<Event, Env>? {
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
    @inlinable package var cancelled: String {
        guard case .cancel(let name)? = last else { return "" }
        return name
    }
    /// The diagnostic of the last `.report` step; a `.dismiss` that reached the stepper
    /// had nothing around it to dismiss (N3), which is reported too.
    @inlinable package var reported: Diagnostic? {
        switch last {
        case .report(let diagnostic)?: diagnostic
        case .dismiss?: Self.nowhereToDismiss(lastEvent)
        default: nil
        }
    }

    /// The report of a `.dismiss` that reached the stepper after `event`: out of line, as
    /// describing an event is the slow path.
    @usableFromInline
    static func nowhereToDismiss(_ event: Event) -> Diagnostic {
        .nowhereToDismiss(event: EventText.describe(event))
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
    package init(_ event: Event) {
        self.origin = event
        self.lastEvent = event
        self.steps = -1
    }

    /// A chain that goes on after the stepper's ``Stepper/update`` returned `effect` for
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
    package init(after event: Event, effect: Effect<Event, Env>) {
        self.origin = event
        self.lastEvent = event
        self.upcoming = effect
        self.steps = 0
    }
}
