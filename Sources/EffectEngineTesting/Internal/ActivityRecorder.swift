import EffectEngine
import EffectEngineShared

/// What a ``TestHost`` has seen its loop do, fed by the loop's observer on the main actor.
///
/// Transitions are grouped the way `receive` asserts them: an event delivered by a task
/// (or through the host's `input`), followed by the `.action` transitions of its
/// synchronous chain, is one ``Delivery``. Transitions made while the test host sends are
/// not deliveries.
@MainActor
final class ActivityRecorder<State, Event> {
    /// An event that reached `update` from outside a test host's `send`, with its chain.
    struct Delivery {
        let event: Event
        let cause: Transition<State, Event>.Cause
        /// The state before the event.
        let before: State
        /// The state after the event and its synchronous chain.
        var after: State
    }

    private(set) var activities: [HostActivity<State, Event>] = []
    /// Deliveries not yet asserted by `receive`, oldest first.
    var deliveries: [Delivery] = []
    /// Set while the test host's own `send` runs.
    var isSending = false
    /// The tasks started while the test host's own `send` ran, for its ``SentTasks``.
    var startedWhileSending: [TaskInfo] = []
    private var lastState: State
    private var chainBelongsToDelivery = false
    let signal: WorkSignal

    init(initialState: State, signal: WorkSignal) {
        self.lastState = initialState
        self.signal = signal
    }

    /// The observer to hand the loop.
    var observer: HostObserver<State, Event> {
        HostObserver { [weak self] activity in self?.observe(activity) }
    }

    private func observe(_ activity: HostActivity<State, Event>) {
        activities.append(activity)
        switch activity {
        case .transition(let step):
            record(step)
        case .task(.started(let task)) where isSending, .task(.scheduled(let task, _)) where isSending:
            startedWhileSending.append(task)
        case .settled, .task, .dropped, .droppedEvents, .diagnostic, .stopped:
            break
        }
        signal.fire()
    }

    private func record(_ step: Transition<State, Event>) {
        defer { lastState = step.state }
        switch step.cause {
        case .action where chainBelongsToDelivery && !isSending && !deliveries.isEmpty:
            deliveries[deliveries.count - 1].after = step.state
        case .action:
            break
        case .external where isSending:
            chainBelongsToDelivery = false
        case .external, .task:
            chainBelongsToDelivery = true
            deliveries.append(
                Delivery(event: step.event, cause: step.cause, before: lastState, after: step.state))
        }
    }
}
