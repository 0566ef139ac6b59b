import Synchronization

/// The identity of one running task, shared by the host and the task's ``Input``.
///
/// The cancelled flag is set on the main actor when the host cancels the task and read
/// from any thread when the task sends, so late events are dropped early (R7); each event
/// dropped that way is counted here and reported with the task's end.
@usableFromInline
final class TaskToken: Sendable {
    let info: TaskInfo
    /// The mailbox of the host that started the task: tells one host's tasks from another's.
    let host: ObjectIdentifier
    private let cancelled = Atomic<Bool>(false)
    private let dropped = Atomic<Int>(0)

    /// The token of the task whose body is running, if the current Swift task runs one.
    @TaskLocal static var current: TaskToken?

    init(info: TaskInfo, host: ObjectIdentifier) {
        self.info = info
        self.host = host
    }

    @usableFromInline var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func markCancelled() { cancelled.store(true, ordering: .releasing) }

    /// An event the task sent after its cancellation was dropped before being queued.
    @usableFromInline func countDrop() { dropped.add(1, ordering: .relaxed) }

    /// The events counted by ``countDrop()`` since the last call.
    func takeDropped() -> Int { dropped.exchange(0, ordering: .relaxed) }
}
