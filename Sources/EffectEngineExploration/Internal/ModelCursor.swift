import EffectEngine

/// A position in the model, stepped one choice at a time: the state and its pending
/// tasks. Random walks, shrinking and test plans step through it; the breadth-first walk
/// has its own.
struct ModelCursor<State: Hashable, Event: Sendable, Env> {
    var state: State
    var tasks: PendingTracker<State, Event, Env>

    init(_ explorer: Explorer<State, Event, Env>, from start: State? = nil) {
        state = start ?? explorer.initialState
        tasks = PendingTracker(tracker: explorer.tracker)
    }

    var pending: UInt64 { tasks.tracker.pending }

    /// Steps a choice of the current state, as the walk steps it.
    mutating func step(_ event: Event, task: Int, in explorer: Explorer<State, Event, Env>) {
        tasks.tracker.pending = explorer.pending(tasks.tracker.pending, afterDeliveryBy: task)
        explorer.stepper.step(event, state: &state, handler: &tasks)
    }
}

/// Keeps the pending tasks of a stepped chain.
struct PendingTracker<State, Event: Sendable, Env>: StepHandler {
    var tracker: TaskTracker

    mutating func updated(_ event: Event, state: State, effect: Effect<Event, Env>?, byAction: Bool) {}
    mutating func taskIssued(_ task: TaskEffect<Event, Env>) { tracker.issued(task.name) }
    mutating func cancelIssued(_ name: String) { tracker.cancelled(name) }
}
