/// Every task body of a host that has not yet been seen to end, cancelled or not.
///
/// Kept apart from the main-actor ``TaskRegistry`` because the host's nonisolated
/// `deinit` must cancel them, and `stop()` must await them after the registry forgot
/// the cancelled ones.
final class TaskTable: Sendable {
    private let tasks = Locked<[UInt64: (info: TaskInfo, body: Task<Void, Never>)]>([:])

    func insert(_ body: Task<Void, Never>, for info: TaskInfo) {
        tasks.withLock { $0[info.id] = (info, body) }
    }

    func remove(_ info: TaskInfo) {
        tasks.withLock { _ = $0.removeValue(forKey: info.id) }
    }

    /// Removes and returns every task, in start order.
    func removeAll() -> [(info: TaskInfo, body: Task<Void, Never>)] {
        tasks.withLock { tasks in
            defer { tasks = [:] }
            return tasks.values.sorted { $0.info.id < $1.info.id }
        }
    }

    /// Cancels every task, without waiting.
    func cancelAll() {
        for task in removeAll() { task.body.cancel() }
    }
}
