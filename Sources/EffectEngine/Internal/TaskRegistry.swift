/// The live tasks of a host, by identity and by name: the one notion of a running task.
///
/// A plain value owned by the host's ``LoopCore``. A replaced or cancelled task leaves it
/// at once, so a later reissue or `.cancel` in the same turn always finds the live task,
/// never a stale one; every operation is O(1) in the number of tasks.
struct TaskRegistry: Sendable {
    struct Entry: Sendable {
        let token: TaskToken
        let handle: Task<Void, Never>
        /// The `perform` tree the task belongs to, if any.
        var tree: TreeID? { token.tree }
    }

    private var live: [UInt64: Entry] = [:]
    private var idsByName: [String: UInt64] = [:]

    var isEmpty: Bool { live.isEmpty }
    var count: Int { live.count }

    /// The live tasks, named and unnamed, in start order.
    var snapshot: [TaskInfo] { live.values.map(\.token.info).sorted { $0.id < $1.id } }

    /// The names of the live named tasks, sorted.
    var names: [String] { idsByName.keys.sorted() }

    func entry(for token: TaskToken) -> Entry? { live[token.info.id] }

    /// A task started. A live task of the same name must have been cancelled first
    /// (``cancel(named:)``): replacement is cancel, then start (R5).
    mutating func started(_ entry: Entry) {
        let info = entry.token.info
        live[info.id] = entry
        if let name = info.name { idsByName[name] = info.id }
    }

    /// `.cancel(name)` arrived, or a task of that name is about to start; returns the
    /// task to cancel, if one runs.
    mutating func cancel(named name: String) -> Entry? {
        guard let id = idsByName.removeValue(forKey: name) else { return nil }
        return live.removeValue(forKey: id)
    }

    /// A task's body returned; returns its entry if it was still live (not cancelled).
    mutating func ended(_ token: TaskToken) -> Entry? {
        guard let entry = live.removeValue(forKey: token.info.id) else { return nil }
        if let name = token.info.name, idsByName[name] == token.info.id {
            idsByName.removeValue(forKey: name)
        }
        return entry
    }

    /// The host stops; returns every live task, in start order.
    mutating func removeAll() -> [Entry] {
        defer {
            live = [:]
            idsByName = [:]
        }
        return live.values.sorted { $0.token.info.id < $1.token.info.id }
    }
}
