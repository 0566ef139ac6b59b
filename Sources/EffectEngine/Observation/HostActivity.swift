/// Everything a host reports to its ``HostObserver``.
///
/// ```swift
/// let observer = HostObserver<State, Event> { activity in
///     switch activity {
///     case .transition(let step): trace("\(step.event) -> \(step.effect?.description ?? "no effect")")
///     case .settled(let state): render(state)
///     case .task(let change): trace("\(change)")
///     case .dropped(let event, let task): trace("dropped \(event) from \(task)")
///     case .droppedEvents(let count, let task): trace("dropped \(count) events from \(task)")
///     case .diagnostic(let problem): warn("\(problem)")
///     case .stopped: trace("stopped")
///     }
/// }
/// ```
public enum HostActivity<State, Event> {
    /// `update` ran (R15): once for each event of a chain, `.action` events included.
    case transition(Transition<State, Event>)
    /// An event and its whole synchronous chain have been processed: the state a
    /// renderer, a stream, a saver or a journal should see (R16), never one of the
    /// in-between states of an `.action` chain. Reported after every event that reached
    /// `update`, changed or not.
    case settled(State)
    /// A task started, was replaced or cancelled, ended or failed.
    case task(TaskActivity)
    /// An event sent by a cancelled task was dropped from the queue before reaching
    /// `update` (R7).
    case dropped(Event, from: TaskInfo)
    /// Events a cancelled task sent after its cancellation, dropped before they were
    /// queued (R7): counted per task, reported once when its body returns.
    case droppedEvents(Int, from: TaskInfo)
    /// A problem handled by the host: a cut cycle (R13) or a task's error (R14).
    case diagnostic(Diagnostic)
    /// `stop()` was called: every task has been cancelled, events are dropped from now on
    /// (R9). The ends of the bodies are reported as they return.
    case stopped
}

extension HostActivity: Sendable where State: Sendable, Event: Sendable {}
