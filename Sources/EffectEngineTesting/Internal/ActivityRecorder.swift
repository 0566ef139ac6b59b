import EffectEngine
import EffectEngineShared

/// What a ``TestHost`` has seen its loop do, fed by the loop's observer in the loop's turns,
/// which the test host drives (R15): nothing here needs more of the core than its
/// observers are told.
///
/// Transitions are grouped the way `receive` asserts them: an event delivered by a task
/// (or through the host's `input`), with the `.action` transitions of its synchronous
/// chain, is one ``Delivery``; the `.action` transitions of the test host's own `send`
/// are that send's ``sentChain`` (T9). Every diagnostic is kept with the place it came
/// from, for `expectDiagnostic` and for the failures of those nobody expected (T10).
final class ActivityRecorder<State, Event: Sendable> {
    /// One transition of a chain after its first event: the `.action` event and the
    /// states around it.
    struct Step {
        let event: Event
        /// The state before `update` ran for the event.
        let before: State
        /// The state after.
        let after: State
    }

    /// An event that reached `update` from outside a test host's `send`, with its chain.
    struct Delivery {
        let event: Event
        let cause: Transition<State, Event>.Cause
        /// The state before the event.
        let before: State
        /// The state after the event and its synchronous chain.
        var after: State
        /// The chain's serial number (``ChainPosition/chain``).
        let chain: Int
        /// The `.action` steps of its chain, in the order `update` saw them.
        var steps: [Step] = []
    }

    private(set) var activities: [HostActivity<State, Event>] = []
    /// Deliveries not yet asserted by `receive`, oldest first.
    var deliveries: [Delivery] = []
    /// Diagnostics not yet asserted by `expectDiagnostic`, oldest first.
    var diagnostics: [ReportedDiagnostic<Event>] = []
    /// Every event processed, with where it was processed, oldest first: what `receive`
    /// looks up to say an event it waits for was processed already (T9). Events only,
    /// never states.
    private(set) var processed: [ChainPosition<Event>] = []
    /// Set while the test host's own `send` runs.
    var isSending = false
    /// Whether the feature under test dismissed itself: a `.dismiss` with no stack or
    /// destination around it, which a test host takes as the test's own presentation
    /// ending, as TCA's `TestStore` does.
    private(set) var isDismissed = false
    /// Called once, as the feature dismisses itself: the test host cancels its tasks.
    var dismissed: (() -> Void)?
    /// The tasks started while the test host's own `send` ran, for its ``SentTasks``.
    var startedWhileSending: [TaskInfo] = []
    /// The chain of the test host's last `send`, its `.action` steps in order.
    var sentChain: ChainWindow?
    /// The chain whose steps `receive` may take now (T9).
    var window: ChainWindow?

    /// The steps of the last chain the test sent or received, which `receive` may take,
    /// in order, before any event a task delivered (T9).
    struct ChainWindow {
        /// The chain's serial number (``ChainPosition/chain``).
        let chain: Int
        let root: ChainRoot<Event>
        var steps: [Step] = []
        /// The index in `steps` of the first step not yet received or passed.
        var next = 0
        /// The indices of the steps `receive` took; those below ``next`` and not here were
        /// passed over, by a later step's `receive` or by a step that moved on (H9).
        var received: Set<Int> = []
    }

    /// Whether a chain is being processed: its last step is the last of ``processed``.
    private var isInChain = false
    /// The number of chains begun: each chain's serial number.
    private var chains = 0
    /// The chain each running task was started in (for a debounced one, scheduled), by
    /// task id.
    private var taskOrigins: [UInt64: ChainRoot<Event>] = [:]
    /// Tasks cancelled or replaced whose bodies have not yet returned.
    private(set) var cancelledBodies: Set<UInt64> = []
    private var lastState: State
    private var chainBelongsToDelivery = false
    let signal: WorkSignal

    init(initialState: State, signal: WorkSignal) {
        self.lastState = initialState
        self.signal = signal
    }

    /// The observer to hand the loop.
    var observer: HostObserver<State, Event> {
        let recorder = TestContextReference(self)
        return HostObserver { activity in recorder.object?.observe(activity) }
    }

    private func observe(_ activity: HostActivity<State, Event>) {
        activities.append(activity)
        switch activity {
        case .transition(let step):
            record(step)
        case .settled:
            isInChain = false
        case .task(let change):
            record(change)
        case .diagnostic(.nowhereToDismiss) where !isDismissed:
            isDismissed = true
            dismissed?()
        case .diagnostic(let diagnostic):
            diagnostics.append(ReportedDiagnostic(diagnostic: diagnostic, origin: origin(of: diagnostic)))
            // A failed task's diagnostic comes after its `.failed`: its origin is no longer needed.
            if case .taskFailed(let task, _) = diagnostic { taskOrigins[task.id] = nil }
        case .dropped, .droppedEvents, .stopped:
            break
        }
        signal.fire()
    }

    private func record(_ step: Transition<State, Event>) {
        defer { lastState = step.state }
        switch step.cause {
        case .action:
            if isInChain, let last = processed.last {
                processed.append(
                    ChainPosition(chain: last.chain, root: last.root, step: last.step + 1, event: step.event))
            }
            let action = Step(event: step.event, before: lastState, after: step.state)
            if isSending && !chainBelongsToDelivery {
                sentChain?.steps.append(action)
            } else if chainBelongsToDelivery && !deliveries.isEmpty {
                deliveries[deliveries.count - 1].after = step.state
                deliveries[deliveries.count - 1].steps.append(action)
            }
        case .external where isSending:
            chainBelongsToDelivery = false
            begin(.sent(step.event))
            sentChain = ChainWindow(chain: chains, root: .sent(step.event))
        case .external, .task:
            chainBelongsToDelivery = true
            let task: TaskInfo? = if case .task(let task) = step.cause { task } else { nil }
            begin(.delivered(step.event, by: task))
            deliveries.append(
                Delivery(event: step.event, cause: step.cause, before: lastState, after: step.state, chain: chains))
        }
    }

    private func begin(_ root: ChainRoot<Event>) {
        chains += 1
        isInChain = true
        processed.append(ChainPosition(chain: chains, root: root, step: 0, event: root.event))
    }

    private func record(_ change: TaskActivity) {
        switch change {
        case .started(let task), .scheduled(let task, _):
            if isSending { startedWhileSending.append(task) }
            if isInChain, let position = processed.last { taskOrigins[task.id] = position.root }
        case .cancelled(let task), .replaced(let task, _):
            cancelledBodies.insert(task.id)
        case .ended(let task):
            cancelledBodies.remove(task.id)
            taskOrigins[task.id] = nil
        case .failed(let task, _):
            cancelledBodies.remove(task.id)
        }
    }

    /// Where a diagnostic came from: the chain being processed (a report of the
    /// feature's, a cut chain), else the task it names and the chain that started it.
    ///
    /// A chain, not one of its steps: observers see which event each step processed, not
    /// which step's effect a task or a report came from (`.sequence([.send(.a), .report(…)])`
    /// reports after `.a` was processed, yet comes from the event before it).
    private func origin(of diagnostic: Diagnostic) -> ReportedDiagnostic<Event>.Origin {
        if isInChain, let position = processed.last { return .chain(position.root) }
        if let task = diagnostic.task { return .task(task, startedBy: taskOrigins[task.id]) }
        return .outside
    }
}
