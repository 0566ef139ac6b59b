import Synchronization

/// The identity of one running task, shared by the host and the task's ``Input``.
///
/// The cancelled flag is set on the main actor when the host cancels the task and read
/// from any thread when the task sends, so late events are dropped early (R7).
@usableFromInline
final class TaskToken: Sendable {
    let info: TaskInfo
    private let cancelled = Atomic<Bool>(false)

    init(info: TaskInfo) {
        self.info = info
    }

    @usableFromInline var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func markCancelled() { cancelled.store(true, ordering: .releasing) }
}
