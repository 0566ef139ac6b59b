/// A problem the host detected and handled without stopping.
///
/// Diagnostics reach the host's ``HostObserver``; the library never prints them.
/// `LineHost` writes them to standard error.
///
/// ```swift
/// HostObserver { activity in
///     if case .diagnostic(let problem) = activity { log.warning("\(problem)") }
/// }
/// ```
public enum Diagnostic: Sendable {
    /// A synchronous `.action` chain reached the host's limit and was cut (R13). The
    /// state keeps the steps done; the rest of the event's effects were dropped.
    /// `event` describes the event that started the chain.
    case chainCut(limit: Int, event: String)
    /// A task threw an error other than `CancellationError` (R14).
    case taskFailed(TaskInfo, any Error)
    /// A cancelled task's body was still running a grace period after its cancellation
    /// (it swallows `CancellationError`, say): reported once per task (R9).
    case taskIgnoresCancellation(TaskInfo, gracePeriod: Duration)
    /// A bounded ``EffectHost/stop(timeout:)`` returned with these bodies still running.
    case tasksLeftBehind([TaskInfo])
    /// Something attached to the host (a state file's saver, a journal) could not write
    /// the file at `path`; the loop went on. Reported through ``EffectHost/report(_:)``.
    case writeFailed(path: String, reason: String)
    /// An event for a child feature that is no longer in its parent's state was dropped
    /// (C2): `scope` is where the child was, such as `rows/7`; `event` describes the
    /// event. Reported by the helpers of ``Compose``.
    case childMissing(scope: String, event: String)
    /// `update` refused an event and said why, in the feature's words, leaving the state
    /// as it was: made by ``Effect/reject(_:)``. The line host prints `reason` as an error
    /// and counts the line as rejected (L8).
    case rejected(reason: String)
    /// A feature returned ``Effect/dismiss`` with no stack or destination around it to
    /// remove it (N3): nothing was dismissed. `event` describes the event whose
    /// transition returned it.
    case nowhereToDismiss(event: String)
}

extension Diagnostic: CustomStringConvertible {
    /// One line, such as `task "load" #4 failed: offline`.
    public var description: String {
        switch self {
        case .chainCut(let limit, let event):
            "action chain started by \(event) cut after \(limit) steps (possible cycle)"
        case .taskFailed(let task, let error):
            "\(task) failed: \(error)"
        case .taskIgnoresCancellation(let task, let grace):
            "\(task) is still running \(grace) after its cancellation: its body ignores cancellation"
        case .tasksLeftBehind(let tasks):
            "stopped without waiting for \(tasks.map(\.description).joined(separator: ", ")), "
                + "still running after cancellation"
        case .writeFailed(let path, let reason):
            "cannot write \(path): \(reason)"
        case .childMissing(let scope, let event):
            "\(event) dropped: no child \(scope) in state"
        case .rejected(let reason):
            "rejected: \(reason)"
        case .nowhereToDismiss(let event):
            ".dismiss from \(event) has no enclosing stack or destination: nothing was dismissed"
        }
    }
}
