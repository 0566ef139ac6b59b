/// The open `perform` trees of a host: how many parts of each are still open (R10).
///
/// A part is an event not yet processed, a task not yet ended, or a nested tree not yet
/// settled: an `Input.perform` made by a task of a tree opens a tree of its own, which
/// holds one part of its parent until it settles. A tree settles when its count reaches
/// zero; its waiter is then handed back to be resumed.
@usableFromInline
struct PerformTrees: Sendable {
    @usableFromInline
    struct Record: Sendable {
        var open = 0
        var waiter: TreeWaiter?
        var parent: TreeID?
    }

    @usableFromInline var records: [TreeID: Record] = [:]
    private var nextID: UInt64 = 1

    @usableFromInline init() {}

    /// A `perform` began: a new tree with one open part, its event.
    mutating func opened(waiter: TreeWaiter?, parent: TreeID?) -> TreeID {
        let id = TreeID(rawValue: nextID)
        nextID += 1
        records[id] = Record(open: 1, waiter: waiter, parent: parent)
        if let parent { records[parent]?.open += 1 }
        return id
    }

    /// A part joined the tree: an event queued for it, or a task started in it.
    @usableFromInline
    mutating func partOpened(_ tree: TreeID) {
        records[tree]?.open += 1
    }

    /// A part of the tree finished. Appends the waiters of the trees that settled (this
    /// one, and parents whose last part it was) to `settled`.
    @usableFromInline
    mutating func partClosed(_ tree: TreeID, settled: inout [TreeWaiter]) {
        var current: TreeID? = tree
        while let id = current, var record = records[id] {
            record.open -= 1
            guard record.open <= 0 else {
                records[id] = record
                return
            }
            records[id] = nil
            if let waiter = record.waiter { settled.append(waiter) }
            current = record.parent
        }
    }

    /// Whether the tree has settled (or never existed).
    func isSettled(_ tree: TreeID) -> Bool { records[tree] == nil }

    /// Sets the waiter of a tree that has not settled yet.
    mutating func wait(on tree: TreeID, with waiter: TreeWaiter) {
        records[tree]?.waiter = waiter
    }

    /// A bounded wait on a tree gave up: its waiter is handed back; the tree goes on.
    mutating func stopWaiting(on tree: TreeID) -> TreeWaiter? {
        defer { records[tree]?.waiter = nil }
        return records[tree]?.waiter
    }

    /// The host stops: every tree is abandoned and every waiter handed back.
    mutating func removeAll() -> [TreeWaiter] {
        defer { records = [:] }
        return records.sorted { $0.key.rawValue < $1.key.rawValue }.compactMap(\.value.waiter)
    }
}

/// The identity of one `perform` tree within its host.
@usableFromInline
struct TreeID: Hashable, Sendable {
    @usableFromInline let rawValue: UInt64
}

/// Who waits for a tree to settle: a `perform` (resumed when it settles or is abandoned),
/// or a bounded `perform` told whether it settled.
@usableFromInline
enum TreeWaiter: Sendable {
    case performer(CheckedContinuation<Void, Never>)
    case bounded(CheckedContinuation<Bool, Never>)
}
