import Synchronization

/// The identity of one running task, shared by the host and the task's ``Input``.
///
/// The cancelled flag is set on the main actor when the host cancels the task and read
/// from any thread when the task sends, so late events are dropped early (R7); each event
/// dropped that way is counted here and reported with the task's end.
@usableFromInline
final class TaskToken: Hashable, Sendable {
    let info: TaskInfo
    /// The `perform` tree the task belongs to, if any: its events join it (R10).
    let tree: TreeID?
    /// Where the task sits in its host's ``TaskRegistry`` until its body returns.
    let slot: Int
    private let cancelled = Atomic<Bool>(false)
    private let dropped = Atomic<Int>(0)

    init(info: TaskInfo, tree: TreeID?, slot: Int) {
        self.info = info
        self.tree = tree
        self.slot = slot
    }

    /// The task running the body, by `UnsafeCurrentTask`'s hash, `0` before the body
    /// begins: how a `stop()` knows its caller is this body (R9), which it does not wait
    /// for. Set by the body's own task as it begins (``bodyBegan()``), so it costs a
    /// body one hash and one store, where a task-local binding cost a thousand
    /// instructions.
    private let bodyTask = Atomic<Int>(0)

    /// The body's task begins to run it.
    @usableFromInline func bodyBegan() {
        bodyTask.store(Self.currentTask ?? 0, ordering: .releasing)
    }

    /// Whether the current task runs this body.
    func isRunning(inTask task: Int) -> Bool {
        bodyTask.load(ordering: .acquiring) == task
    }

    /// The current task by `UnsafeCurrentTask`'s `Hashable` conformance (equal for the
    /// same task), or `nil` outside any task. Two tasks whose hashes collide would at worst
    /// make a `stop()` not wait for one body.
    static var currentTask: Int? {
        withUnsafeCurrentTask { $0?.hashValue }
    }

    @usableFromInline var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func markCancelled() { cancelled.store(true, ordering: .releasing) }

    /// An event the task sent after its cancellation was dropped before being queued.
    @usableFromInline func countDrop() { dropped.add(1, ordering: .relaxed) }

    /// The events counted by ``countDrop()`` since the last call.
    func takeDropped() -> Int { dropped.exchange(0, ordering: .relaxed) }

    /// Tokens are the same task when they name the same task of the same host: the core
    /// compares and hashes them as values (its exploration copies tokens between states).
    /// The hash covers all that is compared: the explorer tells states apart by their
    /// hashes alone, so a task `3` named `a` and one named `s/b` must hash apart.
    @usableFromInline static func == (lhs: TaskToken, rhs: TaskToken) -> Bool {
        lhs.info == rhs.info && lhs.tree == rhs.tree
    }

    @usableFromInline func hash(into hasher: inout Hasher) {
        hasher.combine(info)
        hasher.combine(tree)

    }
}
