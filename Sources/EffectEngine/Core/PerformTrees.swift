/// The open `perform` trees of a host: how many parts of each are still open (R10).
///
/// A part is an event not yet processed, a task not yet ended, or a nested tree not yet
/// settled: an `Input.perform` made by a task of a tree opens a tree of its own, which
/// holds one part of its parent until it settles. A tree settles when its count reaches
/// zero; its waiter is then handed back to be resumed.
///
/// Trees live in slots of an array, reused through a free list, and a ``TreeID`` names a
/// slot and the generation that used it: opening and closing a part is an array access,
/// with no hashing, on the path of every event of a `perform`.
struct PerformTrees: Hashable, Sendable {
    struct Record: Hashable, Sendable {
        var open = 0
        var waiter: WaiterID?
        var parent: TreeID?
        var generation: UInt32 = 0
        var isOpen = false
    }

    private var records: [Record] = []
    private var free: [Int] = []
    private var nextGeneration: UInt32 = 1

    init() {}

    /// A `perform` began: a new tree with one open part, its event.
    mutating func opened(waiter: WaiterID?, parent: TreeID?) -> TreeID {
        let generation = nextGeneration
        nextGeneration &+= 1
        let record = Record(open: 1, waiter: waiter, parent: parent, generation: generation, isOpen: true)
        let index: Int
        if let reused = free.popLast() {
            index = reused
            records[index] = record
        } else {
            index = records.count
            records.append(record)
        }
        if let parent { partOpened(parent) }
        return TreeID(index: UInt32(index), generation: generation)
    }

    /// Whether `tree` names a tree still open.
    func contains(_ tree: TreeID) -> Bool {
        let index = Int(tree.index)
        return index < records.count && records[index].isOpen && records[index].generation == tree.generation
    }

    /// A part joined the tree: an event queued for it, or a task started in it.
    mutating func partOpened(_ tree: TreeID) {
        guard contains(tree) else { return }
        records[Int(tree.index)].open += 1
    }

    /// A part of the tree finished. Appends the waiters of the trees that settled (this
    /// one, and parents whose last part it was) to `settled`.
    mutating func partClosed(_ tree: TreeID, settled: inout [WaiterID]) {
        var current: TreeID? = tree
        while let id = current, contains(id) {
            let index = Int(id.index)
            records[index].open -= 1
            guard records[index].open <= 0 else { return }
            if let waiter = records[index].waiter { settled.append(waiter) }
            current = records[index].parent
            records[index] = Record()
            free.append(index)
        }
    }

    /// Whether the tree has settled (or never existed).
    func isSettled(_ tree: TreeID) -> Bool { !contains(tree) }

    /// Sets the waiter of a tree that has not settled yet.
    /// Returns `false` when it has settled already.
    mutating func wait(on tree: TreeID, with waiter: WaiterID) -> Bool {
        guard contains(tree) else { return false }
        records[Int(tree.index)].waiter = waiter
        return true
    }

    /// A bounded wait on a tree gave up: its waiter is handed back; the tree goes on.
    mutating func stopWaiting(on tree: TreeID) -> WaiterID? {
        guard contains(tree) else { return nil }
        defer { records[Int(tree.index)].waiter = nil }
        return records[Int(tree.index)].waiter
    }

    /// The host stops: every tree is abandoned and every waiter handed back, oldest first.
    mutating func removeAll() -> [WaiterID] {
        defer {
            records = []
            free = []
        }
        return records.filter(\.isOpen).sorted { $0.generation < $1.generation }.compactMap(\.waiter)
    }
}

/// The identity of one `perform` tree within its host: a slot and its generation.
@usableFromInline
struct TreeID: Hashable, Sendable {
    @usableFromInline let index: UInt32
    @usableFromInline let generation: UInt32

    @usableFromInline init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }
}
