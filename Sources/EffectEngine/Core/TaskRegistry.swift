/// The tasks of a host, from their issue until their bodies return: the live ones, by
/// name and by scope, and the cancelled ones whose bodies still run (R9).
///
/// A plain value owned by the host's ``LoopCore``. Each task has a slot, an index into one
/// array, from its issue until its body returns, and its ``TaskToken`` carries the slot:
/// finding a task from an event or an end of its body is an array access, not a hash
/// lookup, so the cost of a replacement does not grow with the number of other live
/// tasks (with 10,000 others, four hash tables of that size cost a replacement about a
/// third more: a deletion in Swift's dictionary rehashes the keys that follow it). A
/// replaced or cancelled task stops being live at once, so a later reissue or `.cancel`
/// in the same turn always finds the live task, never a stale one. Every operation is
/// O(1) in the number of tasks, but cancelling a scope, which is O(k) in the k tasks under
/// it, and the rare reports (``graceElapsed(now:grace:)``, the handles of a released
/// host), which visit every slot.
///
/// Names are paths: `rows/7/load` is the task `load` under the scope `rows/7`, which lies
/// under `rows`. A name ending in `/` (`rows/7/`) is a scope itself: a task with such a
/// name is an unnamed task under that scope (it is never replaced, R5), and a cancel of
/// such a name cancels every task under the scope.
struct TaskRegistry: Sendable {
    struct Entry: Hashable, Sendable {
        let token: TaskToken
        /// The Swift task; `nil` while a body started on the main actor runs the
        /// synchronous start of its life, before `Task.immediate` has returned.
        var handle: Task<Void, Never>?
        /// The `perform` tree the task belongs to, if any.
        var tree: TreeID? { token.tree }
    }

    /// A task whose body has not returned.
    ///
    /// Every field has a layout known where the registry is compiled: with a
    /// `ContinuousClock.Instant` (a type of the standard library whose layout may change)
    /// in it, each copy of a record went through its runtime type, 1,000 instructions a
    /// replacement.
    private struct Record: Hashable, Sendable {
        var entry: Entry
        /// Whether the task is live: neither replaced, cancelled, nor stopped.
        var isLive = true
        /// Whether its name lies under a scope (has a `/`); a replacement's name is its
        /// predecessor's, so only a new name is scanned.
        let isScoped: Bool
        /// Whether it was reported as ignoring its cancellation (R9).
        var isReported = false
        /// When it was cancelled, if it was, after ``TaskRegistry/origin``.
        var cancelledAt: Duration?
    }

    /// The instant cancellations are measured from.
    private static let origin = ContinuousClock.now

    private var records: [Record?] = []
    private var freeSlots: [Int] = []
    private var slotsByName: [String: Int] = [:]
    /// The live tasks under each scope (a prefix of a name, ending in `/`), kept only for
    /// names that have a scope: a flat feature pays one scan of its short names.
    private var slotsByScope: [Substring: Set<Int>] = [:]
    /// How many tasks are live.
    private(set) var count = 0
    /// How many bodies have not returned, live or not.
    private(set) var bodies = 0
    /// How many cancelled bodies have not returned.
    private(set) var cancelledBodies = 0

    var isEmpty: Bool { count == 0 }

    /// The live tasks, named and unnamed, in start order.
    var snapshot: [TaskInfo] { liveEntries.map(\.token.info) }

    /// The names of the live named tasks, sorted.
    var names: [String] { slotsByName.keys.sorted() }

    /// Whether a task name is a scope (ends in `/`): an unnamed task under that scope, or
    /// a cancel of the whole scope.
    static func isScope(_ name: String) -> Bool { name.utf8.last == UInt8(ascii: "/") }

    // MARK: Issuing and ending

    /// A task is issued: it is live from now on, under its name, and its token carries
    /// its slot. A live task of the same name is replaced (R5): it stops being live,
    /// cancelled at `now`, and is returned for the host to cancel. The name's entry is
    /// updated in place, not removed and added again.
    mutating func issue(
        _ info: TaskInfo, in tree: TreeID?, at now: () -> ContinuousClock.Instant
    ) -> (token: TaskToken, replaced: Entry?) {
        let slot = freeSlots.popLast() ?? records.count
        let token = TaskToken(info: info, tree: tree, slot: slot)
        count += 1
        bodies += 1
        guard let name = info.name else {
            occupy(slot, with: Record(entry: Entry(token: token, handle: nil), isScoped: false))
            return (token, nil)
        }
        var replaced: Entry?
        let isScoped: Bool
        if !Self.isScope(name), let old = slotsByName.updateValue(slot, forKey: name) {
            isScoped = records[old].unsafelyUnwrapped.isScoped
            replaced = retire(old, at: now())
        } else {
            isScoped = name.utf8.contains(UInt8(ascii: "/"))
        }
        occupy(slot, with: Record(entry: Entry(token: token, handle: nil), isScoped: isScoped))
        if isScoped { Self.forEachScope(of: name) { slotsByScope[$0, default: []].insert(slot) } }
        return (token, replaced)
    }

    private mutating func occupy(_ slot: Int, with record: Record) {
        if slot == records.count { records.append(record) } else { records[slot] = record }
    }

    /// The task's Swift task was created.
    mutating func launched(_ token: TaskToken, handle: Task<Void, Never>) {
        guard records[token.slot]?.entry.token === token else { return }
        records[token.slot]?.entry.handle = handle
    }

    /// A task's body returned or threw: its slot is free again. Returns its entry if the
    /// task was still live.
    mutating func ended(_ token: TaskToken) -> Entry? {
        guard token.slot < records.count, let record = records[token.slot], record.entry.token === token else {
            return nil
        }
        records[token.slot] = nil
        freeSlots.append(token.slot)
        bodies -= 1
        if record.cancelledAt != nil { cancelledBodies -= 1 }
        guard record.isLive else { return nil }
        count -= 1
        if let name = token.info.name, !Self.isScope(name) { slotsByName.removeValue(forKey: name) }
        if record.isScoped { forgetScopes(of: token) }
        return record.entry
    }

    // MARK: Cancelling

    /// `.cancel(name)` arrived: the live task of that name, if one runs, stops being live,
    /// cancelled at `now`.
    mutating func cancel(named name: String, at now: () -> ContinuousClock.Instant) -> Entry? {
        guard let slot = slotsByName.removeValue(forKey: name) else { return nil }
        return retire(slot, at: now())
    }

    /// `.cancel(scope:)` arrived: every live task whose name lies under `scope` (a name
    /// ending in `/`) stops being live, cancelled at `now`; returned in start order.
    mutating func cancel(scope: String, at now: () -> ContinuousClock.Instant) -> [Entry] {
        guard let slots = slotsByScope[Substring(scope)] else { return [] }
        let instant = now()
        var entries: [Entry] = []
        entries.reserveCapacity(slots.count)
        for slot in slots {
            if let entry = cancel(slot, at: instant) { entries.append(entry) }
        }
        return entries.sorted { $0.token.info.id < $1.token.info.id }
    }

    /// The live tasks among `ids` stop being live, cancelled at `now`; returned in start
    /// order. O(n) in the slots: for a test's handle on the tasks one event started.
    mutating func cancel(ids: Set<UInt64>, at now: ContinuousClock.Instant) -> [Entry] {
        var entries: [Entry] = []
        for slot in records.indices where records[slot].map({ ids.contains($0.entry.token.info.id) }) == true {
            if let entry = cancel(slot, at: now) { entries.append(entry) }
        }
        return entries.sorted { $0.token.info.id < $1.token.info.id }
    }

    /// The task in `slot` stops being live, its name freed if it still holds it; `nil`
    /// when it was not live.
    private mutating func cancel(_ slot: Int, at now: ContinuousClock.Instant) -> Entry? {
        if let name = records[slot]?.entry.token.info.name, slotsByName[name] == slot {
            slotsByName.removeValue(forKey: name)
        }
        return retire(slot, at: now)
    }

    /// The host stops: every live task stops being live, cancelled at `now`; returned in
    /// start order.
    mutating func removeAll(at now: ContinuousClock.Instant) -> [Entry] {
        let live = liveEntries
        for entry in live { _ = retire(entry.token.slot, at: now) }
        slotsByName = [:]
        slotsByScope = [:]
        return live
    }

    /// The live task in `slot` stops being live, cancelled at `instant`. Its name's entry
    /// is the caller's to update; its scopes are forgotten here.
    private mutating func retire(_ slot: Int, at instant: ContinuousClock.Instant) -> Entry? {
        guard let record = records[slot], record.isLive else { return nil }
        records[slot]?.isLive = false
        records[slot]?.cancelledAt = Self.origin.duration(to: instant)
        count -= 1
        cancelledBodies += 1
        if record.isScoped { forgetScopes(of: record.entry.token) }
        return record.entry
    }

    // MARK: Bodies

    /// Whether the task was cancelled: its events are dropped (R7). The token's flag, set
    /// by the host as it acts on the cancellation, covers a body that has returned; the
    /// record covers one that has not.
    func isCancelled(_ token: TaskToken) -> Bool {
        guard !token.isCancelled else { return true }
        guard cancelledBodies > 0, token.slot < records.count, let record = records[token.slot],
            record.entry.token === token
        else { return false }
        return record.cancelledAt != nil
    }

    /// Cancelled bodies still running `grace` after their cancellation, not yet
    /// reported, in start order; each is reported once (R9).
    mutating func graceElapsed(now: ContinuousClock.Instant, grace: Duration) -> [TaskInfo] {
        var overdue: [TaskInfo] = []
        for slot in records.indices {
            guard let record = records[slot], !record.isReported, let cancelledAt = record.cancelledAt,
                Self.origin.duration(to: now) - cancelledAt >= grace
            else { continue }
            records[slot]?.isReported = true
            overdue.append(record.entry.token.info)
        }
        return overdue.sorted { $0.id < $1.id }
    }

    /// The bodies not yet returned but `exempt`'s, in start order.
    func unreturned(exempt: UInt64?) -> [TaskInfo] {
        records.compactMap { $0?.entry.token.info }.filter { $0.id != exempt }.sorted { $0.id < $1.id }
    }

    /// Whether every body but `exempt`'s has returned: O(1) but when one body is left.
    func allReturned(exempt: UInt64?) -> Bool {
        bodies == 0 || (bodies == 1 && exempt.map(isUnreturned) == true)
    }

    /// Every body not yet returned, cancelled or not: for a released host to cancel.
    var unreturnedHandles: [Task<Void, Never>] { records.compactMap { $0?.entry.handle } }

    /// The body the task `task` runs, if it has not returned (see
    /// ``LoopCore/body(runningAs:)``).
    func body(runningAs task: Int) -> UInt64? {
        records.first { $0?.entry.token.isRunning(inTask: task) == true }??.entry.token.info.id
    }

    private func isUnreturned(_ id: UInt64) -> Bool { records.contains { $0?.entry.token.info.id == id } }

    private var liveEntries: [Entry] {
        records.compactMap { $0?.isLive == true ? $0?.entry : nil }.sorted { $0.token.info.id < $1.token.info.id }
    }

    // MARK: Scopes

    private mutating func forgetScopes(of token: TaskToken) {
        guard let name = token.info.name else { return }
        Self.forEachScope(of: name) { scope in
            if slotsByScope[scope]?.remove(token.slot) != nil, slotsByScope[scope]?.isEmpty == true {
                slotsByScope.removeValue(forKey: scope)
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

extension TaskRegistry: Hashable {
    /// Registries are equal when they hold the same tasks in the same states, whatever
    /// slots they sit in: the core's exploration compares states reached in different
    /// orders. The tables by name and by scope follow from the records.
    static func == (lhs: TaskRegistry, rhs: TaskRegistry) -> Bool { lhs.canonical == rhs.canonical }

    func hash(into hasher: inout Hasher) { hasher.combine(canonical) }

    private var canonical: [Record] {
        records.compactMap { $0 }.sorted { $0.entry.token.info.id < $1.entry.token.info.id }
    }
}
