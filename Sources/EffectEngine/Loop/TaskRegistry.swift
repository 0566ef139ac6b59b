/// The live tasks of a host, by identity, by name and by scope: the one notion of a
/// running task.
///
/// A plain value owned by the host's ``LoopCore``. A replaced or cancelled task leaves it
/// at once, so a later reissue or `.cancel` in the same turn always finds the live task,
/// never a stale one; every operation is O(1) in the number of tasks, but cancelling a
/// scope, which is O(k) in the k tasks under it.
///
/// Names are paths: `rows/7/load` is the task `load` under the scope `rows/7`, which lies
/// under `rows`. A name ending in `/` (`rows/7/`) is a scope itself: a task with such a
/// name is an unnamed task under that scope (it is never replaced, R5), and a cancel of
/// such a name cancels every task under the scope.
struct TaskRegistry: Hashable, Sendable {
    struct Entry: Hashable, Sendable {
        let token: TaskToken
        /// The Swift task; `nil` while a body started on the main actor runs the
        /// synchronous start of its life, before `Task.immediate` has returned.
        var handle: Task<Void, Never>?
        /// The `perform` tree the task belongs to, if any.
        var tree: TreeID? { token.tree }
    }

    private var live: [UInt64: Entry] = [:]
    private var idsByName: [String: UInt64] = [:]
    /// The live tasks under each scope (a prefix of a name, ending in `/`), kept only for
    /// names that have a scope: a flat feature pays one scan of its short names.
    private var idsByScope: [Substring: Set<UInt64>] = [:]

    var isEmpty: Bool { live.isEmpty }
    var count: Int { live.count }

    /// The live tasks, named and unnamed, in start order.
    var snapshot: [TaskInfo] { live.values.map(\.token.info).sorted { $0.id < $1.id } }

    /// The names of the live named tasks, sorted.
    var names: [String] { idsByName.keys.sorted() }

    /// Whether the task `id` is live.
    func contains(_ id: UInt64) -> Bool { live[id] != nil }

    /// The Swift task of a live task registered before it was launched.
    mutating func launched(_ token: TaskToken, handle: Task<Void, Never>) {
        live[token.info.id]?.handle = handle
    }

    /// Whether a task name is a scope (ends in `/`): an unnamed task under that scope, or
    /// a cancel of the whole scope.
    static func isScope(_ name: String) -> Bool { name.utf8.last == UInt8(ascii: "/") }

    /// A task started. A live task of the same name must have been cancelled first
    /// (``cancel(named:)``): replacement is cancel, then start (R5).
    mutating func started(_ entry: Entry) {
        let info = entry.token.info
        live[info.id] = entry
        guard let name = info.name else { return }
        if !Self.isScope(name) { idsByName[name] = info.id }
        Self.forEachScope(of: name) { idsByScope[$0, default: []].insert(info.id) }
    }

    /// `.cancel(name)` arrived, or a task of that name is about to start; returns the
    /// task to cancel, if one runs.
    mutating func cancel(named name: String) -> Entry? {
        guard let id = idsByName.removeValue(forKey: name), let entry = live.removeValue(forKey: id) else {
            return nil
        }
        forgetScopes(of: entry.token.info)
        return entry
    }

    /// `.cancel(scope:)` arrived: removes and returns every live task whose name lies
    /// under `scope` (a name ending in `/`), in start order.
    mutating func cancel(scope: String) -> [Entry] {
        guard let ids = idsByScope.removeValue(forKey: Substring(scope)) else { return [] }
        var entries: [Entry] = []
        entries.reserveCapacity(ids.count)
        for id in ids {
            guard let entry = live.removeValue(forKey: id) else { continue }
            let info = entry.token.info
            if let name = info.name, idsByName[name] == id { idsByName.removeValue(forKey: name) }
            forgetScopes(of: info)
            entries.append(entry)
        }
        return entries.sorted { $0.token.info.id < $1.token.info.id }
    }

    /// A task's body returned; returns its entry if it was still live (not cancelled).
    mutating func ended(_ token: TaskToken) -> Entry? {
        guard let entry = live.removeValue(forKey: token.info.id) else { return nil }
        if let name = token.info.name, idsByName[name] == token.info.id {
            idsByName.removeValue(forKey: name)
        }
        forgetScopes(of: token.info)
        return entry
    }

    /// The host stops; returns every live task, in start order.
    mutating func removeAll() -> [Entry] {
        defer {
            live = [:]
            idsByName = [:]
            idsByScope = [:]
        }
        return live.values.sorted { $0.token.info.id < $1.token.info.id }
    }

    private mutating func forgetScopes(of info: TaskInfo) {
        guard let name = info.name else { return }
        Self.forEachScope(of: name) { scope in
            if idsByScope[scope]?.remove(info.id) != nil, idsByScope[scope]?.isEmpty == true {
                idsByScope.removeValue(forKey: scope)
            }
        }
    }

    /// Calls `body` with each scope a name lies under, outermost first: `a/`, then `a/b/`
    /// for `a/b/load` (and for `a/b/`).
    private static func forEachScope(of name: String, _ body: (Substring) -> Void) {
        var index = name.utf8.startIndex
        while let slash = name.utf8[index...].firstIndex(of: UInt8(ascii: "/")) {
            let end = name.utf8.index(after: slash)
            body(name[..<end])
            index = end
        }
    }
}
