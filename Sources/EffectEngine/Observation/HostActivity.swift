/// Everything a host reports to its ``HostObserver``.
///
/// ```swift
/// let observer = HostObserver<State, Event> { activity in
///     switch activity {
///     case .transition(let step): render(step.state)
///     case .task(let change): trace("\(change)")
///     case .dropped(let event, let task): trace("dropped \(event) from \(task)")
///     case .diagnostic(let problem): warn("\(problem)")
///     }
/// }
/// ```
public enum HostActivity<State, Event> {
    /// `update` ran (R15).
    case transition(Transition<State, Event>)
    /// A task started, was replaced or cancelled, ended or failed.
    case task(TaskActivity)
    /// An event sent by a cancelled task was dropped before reaching `update` (R7).
    case dropped(Event, from: TaskInfo)
    /// A problem handled by the host: a cut cycle (R13) or a task's error (R14).
    case diagnostic(Diagnostic)
}

extension HostActivity: Sendable where State: Sendable, Event: Sendable {}
