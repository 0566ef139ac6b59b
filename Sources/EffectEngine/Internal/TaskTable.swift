/// Every task body of a host that has not yet been seen to end, cancelled or not.
///
/// Kept apart from the main-actor ``TaskRegistry`` because the host's nonisolated
/// `deinit` must cancel them, and `stop()` must await them after the registry forgot
/// the cancelled ones.
final class TaskTable: Sendable {
    private let tasks = Locked<[UInt64: Task<Void, Never>]>([:])

    func insert(_ task: Task<Void, Never>, id: UInt64) {
        tasks.withLock { $0[id] = task }
    }

    func remove(id: UInt64) {
        tasks.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Removes and returns every task.
    func removeAll() -> [Task<Void, Never>] {
        tasks.withLock { tasks in
            defer { tasks = [:] }
            return Array(tasks.values)
        }
    }

    /// Cancels every task, without waiting.
    func cancelAll() {
        for task in removeAll() { task.cancel() }
    }
}
