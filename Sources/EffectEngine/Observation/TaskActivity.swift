/// Something that happened to one of a host's tasks.
///
/// ```swift
/// HostObserver { activity in
///     if case .task(.replaced(let old, let new)) = activity { print("\(new) replaced \(old)") }
/// }
/// ```
public enum TaskActivity: Sendable {
    /// The task was started: its body runs now.
    case started(TaskInfo)
    /// The task was registered, and its body waits `startsIn` on the host's clock before
    /// it runs: a debounced task, or the trailing run of a throttled one (see
    /// ``Effect/task(name:debounce:priority:operation:)``). It runs unless it is replaced
    /// or cancelled first; no `.started` follows.
    ///
    /// ```swift
    /// if case .task(.scheduled(let task, let delay)) = activity { print("\(task) runs in \(delay)") }
    /// ```
    case scheduled(TaskInfo, startsIn: Duration)
    /// The task was cancelled because a task of the same name was started (R5); the
    /// second value is the new task, reported next as `.started` or `.scheduled`.
    case replaced(TaskInfo, by: TaskInfo)
    /// The task was cancelled by `.cancel` or by the host stopping (R6, R9).
    case cancelled(TaskInfo)
    /// The task's body returned; for a cancelled task this comes after `.cancelled` or
    /// `.replaced`, once the body has actually returned.
    case ended(TaskInfo)
    /// The task's body threw an error other than `CancellationError` (R14). The task
    /// counts as ended.
    case failed(TaskInfo, any Error)
}

extension TaskActivity: CustomStringConvertible {
    /// One line, such as `replaced task "search" #1 by task "search" #2`, or
    /// `scheduled task "search" #3 to start in 0.3 seconds`.
    public var description: String {
        switch self {
        case .started(let task): "started \(task)"
        case .scheduled(let task, let delay): "scheduled \(task) to start in \(delay)"
        case .replaced(let task, let new): "replaced \(task) by \(new)"
        case .cancelled(let task): "cancelled \(task)"
        case .ended(let task): "ended \(task)"
        case .failed(let task, let error): "failed \(task): \(error)"
        }
    }
}
