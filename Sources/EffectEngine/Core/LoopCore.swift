/// The loop's decisions, as one plain value: whether an event runs now, waits, or is
/// dropped; the live tasks and their pacing windows; the `perform` trees; the bodies not
/// yet returned; who waits for what; the stop phase; and when the host is idle.
///
/// Every happening is one method, named after what happened (`eventArrived`,
/// `taskIssued`, `taskEnded`, `stopRequested`, …), and returns what the host must do:
/// the event to process or drop, the tasks to cancel, and, through ``takeWakeups()``,
/// the waiters to resume. The core starts nothing, cancels nothing and resumes nothing;
/// its parts are its own, and the host never reads or writes them (``flags`` is visible
/// to the module only so the hot path inlines its tests of it). It lives on the main
/// actor with its host, and it is `Hashable`, so its tests compare it as a value and the
/// project's explorer walks every state it can reach (`LoopCoreExplorationTests`).
///
/// Reentrancy rule (R2, R11), enforced by ``eventArrived(tree:)``: while the host is busy
/// (an event's chain or a drain of the mailbox runs), an event arriving on the main actor
/// is deferred and processed after the work in progress, never nested in it. The core
/// decides; the deferred events themselves wait in the host's ``LoopQueue``, the one part
/// that depends on the feature's types. The core is not generic, so the host's task
/// paths, compiled once in this module, call it without generic metadata.
@usableFromInline
struct LoopCore: Hashable, Sendable {
    /// What to do with an event that arrived on the main actor.
    @usableFromInline
    enum Admission {
        /// Process it now; the host is marked busy until ``finishedWork()``.
        case processNow
        /// Queued behind the work in progress.
        case deferred
        /// The host has stopped; the event is dropped.
        case dropped
    }

    /// Busy, stopping, waited on until idle and holding wake-ups, as bits of one byte, so
    /// the hot path tests them all at once: zero is a running host with nothing in
    /// progress and no one to wake or to tell it is idle.
    @usableFromInline var flags: UInt8 = 0
    @usableFromInline static var busyFlag: UInt8 { 1 }
    @usableFromInline static var stoppingFlag: UInt8 { 2 }
    @usableFromInline static var idleWaitedFlag: UInt8 { 4 }
    @usableFromInline static var wakeupsFlag: UInt8 { 8 }

    private var trees = PerformTrees()
    /// The tasks: live ones, their bodies, cancellations and pacing windows
    /// (`LoopCore+Tasks.swift`).
    private var tasks = Tasks()
    private var idleWaiters: [WaiterID] = []
    private var stopWaiters: [StopWaiter] = []
    private var wakeups: [Wakeup] = []

    /// A `stop()` waiting for bodies to return.
    private struct StopWaiter: Hashable, Sendable {
        let waiter: WaiterID
        /// The body of the task that called `stop()`, which it does not wait for.
        let exempt: UInt64?
    }

    @usableFromInline init() {}

    /// Whether an event's chain or a drain of the mailbox is in progress.
    @inlinable var isBusy: Bool { flags & Self.busyFlag != 0 }
    /// Whether `stop()` was called: events are dropped, bodies are awaited.
    @inlinable var isStopped: Bool { flags & Self.stoppingFlag != 0 }

    // MARK: Events

    /// An event arrived on the main actor: `send`, `perform`, `Input.send`, or a message
    /// of the mailbox. Decides whether it is processed now, deferred, or dropped; a
    /// dropped event's part of `tree` is closed.
    @inlinable
    mutating func eventArrived(tree: TreeID?) -> Admission {
        if flags == 0, tree == nil {
            flags = Self.busyFlag
            return .processNow
        }
        return admit(tree: tree)
    }

    @usableFromInline
    mutating func admit(tree: TreeID?) -> Admission {
        guard !isStopped else {
            if let tree { partClosed(tree) }
            return .dropped
        }
        if let tree { trees.partOpened(tree) }
        guard !isBusy else { return .deferred }
        flags |= Self.busyFlag
        return .processNow
    }

    /// What becomes of an event taken from the mailbox.
    enum Reception: Equatable {
        /// Processed now, in this tree (its part already open).
        case process(in: TreeID?)
        /// Dropped: its task was cancelled (R7) or the host stopped (R9); its performer
        /// is released.
        case dropped
    }

    /// An event reached the main actor through the mailbox (the host is busy draining):
    /// from outside, or from the task of `origin`, and awaited by `performer` when it was
    /// performed. A task's event joins the task's tree; a performed event opens a tree of
    /// its own, inside the task's (R10).
    mutating func mailArrived(from origin: TaskToken?, performer: WaiterID?) -> Reception {
        guard !isStopped, origin.map(tasks.registry.isCancelled) != true else {
            eventDropped(tree: nil, performer: performer)
            return .dropped
        }
        let parent = origin?.tree
        guard let performer else {
            if let parent { trees.partOpened(parent) }
            return .process(in: parent)
        }
        return .process(in: trees.opened(waiter: performer, parent: parent))
    }

    /// An event was dropped (R7, R9), wherever it was waiting: its part of `tree` closes
    /// and its performer is released.
    mutating func eventDropped(tree: TreeID?, performer: WaiterID?) {
        if let tree { partClosed(tree) }
        if let performer { wake(performer, .abandoned) }
    }

    /// A drain of the mailbox begins; `false` when the host is busy (the work in progress
    /// drains it).
    mutating func drainBegan() -> Bool {
        guard !isBusy else { return false }
        flags |= Self.busyFlag
        return true
    }

    /// The event's chain (or the drain) and every deferred event have been processed.
    ///
    /// Whether the host is now idle (R17) is decided when the host takes its wake-ups
    /// (``takeWakeups(queued:)``), at the end of its work, never in the middle of a chain:
    /// a task replaced by its own event's chain (a poll handing off to the next poll)
    /// leaves no idle instant. Deciding here instead put a test and a call on every
    /// `send` (measured: a plain `send` 9.4 → 14.2 ns).
    @inlinable
    mutating func finishedWork() {
        flags &= ~Self.busyFlag
    }

    // MARK: Tasks

    /// A `.task` is issued in `tree`: its token, and the live task of the same name it
    /// replaces (R5), which leaves now, cancelled, for the host to cancel before the new
    /// body is created; its part of its tree closes (R10). A plain issue closes the name's
    /// throttle window; a `paced` one was decided by ``pacedTaskIssued(named:pacing:now:)``.
    /// The task is live from now on; the host creates its body and calls
    /// ``taskStarted(_:handle:)``.
    mutating func taskIssued(
        named name: String?, in tree: TreeID? = nil, paced: Bool = false,
        at now: @autoclosure () -> ContinuousClock.Instant
    ) -> (token: TaskToken, replaced: TaskRegistry.Entry?) {
        let (token, replaced) = tasks.issue(named: name, in: tree, keepsWindow: paced, at: now)
        if let tree = replaced?.tree { partClosed(tree) }
        return (token, replaced)
    }

    /// A debounced or throttled issue of `name` at `now` on the host's clock: when its
    /// body is to start, or `nil` when a throttled issue falls in the open window and is
    /// dropped (nothing starts, nothing is replaced).
    mutating func pacedTaskIssued(named name: String, pacing: TaskPacing, now: Duration) -> Duration? {
        tasks.paced(name, pacing, at: now)
    }

    /// The task's body was created, or is about to be (its handle then comes with
    /// ``taskLaunched(_:handle:outer:)``): it is part of its tree.
    mutating func taskStarted(_ token: TaskToken, handle: Task<Void, Never>?) {
        if let handle { tasks.registry.launched(token, handle: handle) }
        if let tree = token.tree { trees.partOpened(tree) }
    }

    /// A body is about to run the synchronous start of its life on the main actor: a
    /// `stop()` it calls then does not wait for it. Returns the launch it nests in.
    mutating func launchBegan(_ token: TaskToken) -> UInt64? {
        defer { tasks.launching = token.info.id }
        return tasks.launching
    }

    /// The body launched by ``launchBegan(_:)`` suspended or returned: its Swift task, for
    /// cancellation and for ``body(runningAs:)``.
    mutating func taskLaunched(_ token: TaskToken, handle: Task<Void, Never>, outer: UInt64?) {
        tasks.launching = outer
        tasks.registry.launched(token, handle: handle)
    }

    /// `.cancel(name)` (R6) or `.cancel(scope:)` for a name ending in `/`: the live tasks
    /// it names leave now, cancelled, in start order, for the host to cancel; their
    /// throttle windows close, and their parts of their trees (R10).
    mutating func cancelRequested(
        _ name: String, at now: @autoclosure () -> ContinuousClock.Instant
    ) -> [TaskRegistry.Entry] {
        cancelled(tasks.cancel(name, at: now))
    }

    /// The tasks `ids` are cancelled from outside the feature (a test's handle on what one
    /// event started): the live ones among them leave now, in start order, for the host
    /// to cancel; their parts of their trees close (R10).
    mutating func cancelRequested(ids: Set<UInt64>, at now: ContinuousClock.Instant) -> [TaskRegistry.Entry] {
        cancelled(tasks.registry.cancel(ids: ids, at: now))
    }

    /// Closes the tree parts of tasks that were cancelled, and hands them back.
    private mutating func cancelled(_ entries: [TaskRegistry.Entry]) -> [TaskRegistry.Entry] {
        for entry in entries {
            if let tree = entry.tree { partClosed(tree) }
        }
        return entries
    }

    /// A body returned or threw (every event it sent was processed before): a live task
    /// ends and its part of its tree closes; while stopping, stops may return.
    mutating func taskEnded(_ token: TaskToken) {
        if let tree = tasks.registry.ended(token)?.tree { partClosed(tree) }
        if isStopped { releaseStopWaiters() }
    }

    /// Whether the task was cancelled: its events are dropped (R7).
    func isCancelled(_ token: TaskToken) -> Bool { tasks.registry.isCancelled(token) }

    /// The live tasks, named and unnamed, in start order.
    var runningTasks: [TaskInfo] { tasks.registry.snapshot }
    /// The names of the live named tasks, sorted.
    var runningTaskNames: [String] { tasks.registry.names }
    /// How many tasks are live.
    var runningTaskCount: Int { tasks.registry.count }

    /// Cancelled bodies still running `grace` after their cancellation, not yet
    /// reported; each is reported once (R9).
    mutating func graceElapsed(now: ContinuousClock.Instant, grace: Duration) -> [TaskInfo] {
        tasks.registry.graceElapsed(now: now, grace: grace)
    }

    /// Whether some cancelled body has not returned yet.
    var hasCancelledBodies: Bool { tasks.registry.cancelledBodies > 0 }

    /// The body of the host's whose Swift task has this hash (see
    /// ``Tasks/body(runningAs:)``).
    func body(runningAs taskHash: Int?) -> UInt64? { tasks.body(runningAs: taskHash) }

    /// Every body not yet returned, cancelled or not: for a released host to cancel.
    var unreturnedBodies: [Task<Void, Never>] { tasks.registry.unreturnedHandles }

    // MARK: Performing

    /// A `perform` began: its tree, counted open until its event has been processed.
    mutating func performBegan() -> TreeID {
        trees.opened(waiter: nil, parent: nil)
    }

    /// One part of a tree finished: an event's chain ran, or a task ended or was cancelled.
    @usableFromInline
    mutating func partClosed(_ tree: TreeID) {
        var settled: [WaiterID] = []
        trees.partClosed(tree, settled: &settled)
        for waiter in settled { wake(waiter, .settled) }
    }

    /// Whether `tree` has not settled yet: its performer must suspend.
    func isOpen(_ tree: TreeID) -> Bool { !trees.isSettled(tree) }

    /// The performer of `tree` suspended: it is woken when the tree settles.
    mutating func performWaitBegan(_ tree: TreeID, waiter: WaiterID) {
        if !trees.wait(on: tree, with: waiter) { wake(waiter, .settled) }
    }

    /// A bounded `perform` reached its bound before its tree settled.
    mutating func performTimedOut(_ tree: TreeID) {
        if let waiter = trees.stopWaiting(on: tree) { wake(waiter, .abandoned) }
    }

    // MARK: Waiting until idle

    /// Whether the host is idle (R17): no event queued, no chain running, no task live.
    func isIdle(queued: Bool) -> Bool { !queued && !isBusy && tasks.registry.isEmpty }

    /// A wait until idle began: woken at once when idle or stopped, else at the end of
    /// the work after which it is. Returns whether it waits (and may time out).
    mutating func idleWaitBegan(_ waiter: WaiterID, queued: Bool) -> Bool {
        guard !isStopped, !isIdle(queued: queued) else {
            wake(waiter, .idle(true))
            return false
        }
        idleWaiters.append(waiter)
        flags |= Self.idleWaitedFlag
        return true
    }

    /// A wait until idle reached its bound first.
    mutating func idleWaitTimedOut(_ waiter: WaiterID) {
        guard let index = idleWaiters.firstIndex(of: waiter) else { return }
        idleWaiters.remove(at: index)
        if idleWaiters.isEmpty { flags &= ~Self.idleWaitedFlag }
        wake(waiter, .idle(false))
    }

    private mutating func checkIdle(queued: Bool) {
        guard isStopped || isIdle(queued: queued) else { return }
        let waiters = idleWaiters
        idleWaiters = []
        flags &= ~Self.idleWaitedFlag
        for waiter in waiters { wake(waiter, .idle(true)) }
    }

    // MARK: Stopping

    /// `stop()` was called for the first time: returns the live tasks, now cancelled, for
    /// the host to cancel (R9). Every `perform` and idle wait is released, and events are
    /// dropped from now on (the host drops its deferred ones through
    /// ``eventDropped(tree:performer:)``). `nil` when the host is already stopping.
    mutating func stopRequested(at now: ContinuousClock.Instant) -> [TaskRegistry.Entry]? {
        guard !isStopped else { return nil }
        flags |= Self.stoppingFlag
        let live = tasks.registry.removeAll(at: now)
        for waiter in trees.removeAll() { wake(waiter, .abandoned) }
        checkIdle(queued: false)
        return live
    }

    /// A `stop()` began waiting for the bodies, all but the body of the task that called
    /// it. Returns whether it waits (and may time out); woken at once when nothing is left.
    mutating func stopWaitBegan(_ waiter: WaiterID, exempt: UInt64?) -> Bool {
        guard !tasks.registry.allReturned(exempt: exempt) else {
            wake(waiter, .stopped(leftBehind: []))
            return false
        }
        stopWaiters.append(StopWaiter(waiter: waiter, exempt: exempt))
        return true
    }

    /// A bounded `stop()` reached its bound: it returns, naming the bodies left running.
    mutating func stopWaitTimedOut(_ waiter: WaiterID) {
        guard let index = stopWaiters.firstIndex(where: { $0.waiter == waiter }) else { return }
        let stop = stopWaiters.remove(at: index)
        wake(waiter, .stopped(leftBehind: tasks.registry.unreturned(exempt: stop.exempt)))
    }

    /// A body returned while stopping: the stops waiting for no other body return.
    mutating func releaseStopWaiters() {
        guard !stopWaiters.isEmpty else { return }
        var waiting: [StopWaiter] = []
        for stop in stopWaiters {
            if tasks.registry.allReturned(exempt: stop.exempt) {
                wake(stop.waiter, .stopped(leftBehind: []))
            } else {
                waiting.append(stop)
            }
        }
        stopWaiters = waiting
    }

    // MARK: Waking

    /// Whether waiters are to be woken, or a wait until idle to be decided: the host then
    /// calls ``takeWakeups(queued:)``.
    @inlinable var hasWakeups: Bool { flags & (Self.wakeupsFlag | Self.idleWaitedFlag) != 0 }

    /// The waiters to wake, in the order the core decided, handed over once. Taken at the
    /// end of the host's work, when the host is idle (R17) if `queued` is `false`: no
    /// message waits in the mailbox and no event is in hand.
    mutating func takeWakeups(queued: Bool = false) -> [Wakeup] {
        if flags & Self.idleWaitedFlag != 0, !isBusy { checkIdle(queued: queued) }
        flags &= ~Self.wakeupsFlag
        defer { wakeups = [] }
        return wakeups
    }

    private mutating func wake(_ waiter: WaiterID, _ outcome: Wakeup.Outcome) {
        wakeups.append(Wakeup(waiter: waiter, outcome: outcome))
        flags |= Self.wakeupsFlag
    }
}
