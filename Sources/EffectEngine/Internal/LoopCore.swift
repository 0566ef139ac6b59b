/// The loop's decisions, as one plain value: whether an event runs now or is deferred,
/// the task registry, the `perform` trees, the bodies not yet ended, the waiters, and the
/// stop phase.
///
/// Its methods are named after what happened (`taskEnded`, `stopRequested`, …) and
/// return what the host must do: tasks to cancel, or continuations to resume, which they
/// collect in ``wakeups``. ``EffectHost`` carries that out; the core itself starts
/// nothing, cancels nothing and resumes nothing. It lives on the main actor with its host.
///
/// Reentrancy rule (R2, R11), enforced by ``eventArrived(tree:)``: while the host is
/// busy (an event's chain or a drain of the mailbox runs), an event arriving on the main
/// actor is deferred and processed after the work in progress, never nested in it. The
/// core decides; the deferred events themselves wait in the host's ``DeferredEvents``,
/// the one part that depends on the feature's types. The core is not generic, so the
/// host's task paths, compiled once in this module, call it without generic metadata.
@usableFromInline
struct LoopCore: Sendable {
    // Sendable: every part is a value of Sendable parts (task tokens and handles,
    // continuations), which lets the host's nonisolated `deinit` release the waiters.

    @usableFromInline
    enum Phase: Sendable {
        /// Events are processed.
        case running
        /// `stop()` was called: events are dropped, bodies are awaited.
        case stopping
    }

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

    /// A body that has not been seen to return.
    struct Body: Sendable {
        let token: TaskToken
        var handle: Task<Void, Never>?
        var info: TaskInfo { token.info }
    }

    /// The cancellation of a body that has not returned yet: kept apart from ``Body``
    /// because few bodies are cancelled at a time while every live task has a body (a
    /// `Body` twice the size cost 40 bytes a live task in the table's buckets).
    struct Cancellation: Sendable {
        /// When the task was cancelled.
        let instant: ContinuousClock.Instant
        /// Whether it was reported as ignoring its cancellation (R9).
        var isReported = false
    }

    /// A `stop()` waiting for bodies to return.
    struct StopWaiter: Sendable {
        let continuation: CheckedContinuation<[TaskInfo], Never>
        /// The body of the task that called `stop()`, which it does not wait for.
        let exempt: UInt64?
    }

    /// Busy and stopping, as two bits of one byte, so the hot path tests both at once:
    /// zero is a running host with nothing in progress.
    @usableFromInline var flags: UInt8 = 0
    @usableFromInline static var busyFlag: UInt8 { 1 }
    @usableFromInline static var stoppingFlag: UInt8 { 2 }

    @usableFromInline var phase: Phase { flags & Self.stoppingFlag == 0 ? .running : .stopping }

    /// Whether an event's chain or a drain of the mailbox is in progress.
    @inlinable var isBusy: Bool { flags & Self.busyFlag != 0 }
    @usableFromInline var trees = PerformTrees()
    private(set) var registry = TaskRegistry()
    private var bodies: [UInt64: Body] = [:]
    /// The bodies of ``bodies`` that were cancelled, by task identity.
    private var cancellations: [UInt64: Cancellation] = [:]
    private var nextTaskID: UInt64 = 1
    private var idleWaiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
    private var stopWaiters: [UInt64: StopWaiter] = [:]
    private var nextWaiterID: UInt64 = 1
    /// Continuations to resume, in order, once the host is done with the current step.
    @usableFromInline var wakeups: [Wakeup] = []

    @usableFromInline init() {}

    // MARK: Events

    /// An event arrived on the main actor: `send`, `perform`, `Input.send`, or a message
    /// of the mailbox. Decides whether it is processed now, deferred, or dropped.
    @inlinable
    mutating func eventArrived(tree: TreeID?) -> Admission {
        if flags == 0, tree == nil {
            flags = Self.busyFlag
            return .processNow
        }
        guard phase == .running else {
            if let tree { partClosed(tree) }
            return .dropped
        }
        guard !isBusy else {
            if let tree { trees.partOpened(tree) }
            return .deferred
        }
        flags |= Self.busyFlag
        if let tree { trees.partOpened(tree) }
        return .processNow
    }

    /// A drain of the mailbox begins; `false` when the host is busy (the work in progress
    /// drains it) or has stopped taking events.
    mutating func drainBegan() -> Bool {
        guard !isBusy else { return false }
        flags |= Self.busyFlag
        return true
    }

    /// The event's chain (or the drain) and every deferred event have been processed.
    @inlinable
    mutating func finishedWork() {
        flags &= ~Self.busyFlag
    }

    /// A `perform` began: its tree, counted open until its event has been processed.
    mutating func performBegan(waiter: TreeWaiter?, parent: TreeID?) -> TreeID {
        trees.opened(waiter: waiter, parent: parent)
    }

    /// One part of a tree finished: an event's chain ran, or a task ended or was cancelled.
    @inlinable
    mutating func partClosed(_ tree: TreeID) {
        var settled: [TreeWaiter] = []
        trees.partClosed(tree, settled: &settled)
        for waiter in settled { wakeups.append(.tree(waiter, settled: true)) }
    }

    /// A bounded `perform` reached its bound before its tree settled.
    mutating func performTimedOut(_ tree: TreeID) {
        if let waiter = trees.stopWaiting(on: tree) { wakeups.append(.tree(waiter, settled: false)) }
    }

    // MARK: Tasks

    /// A `.task` is to start: its identity, and the live task of the same name it
    /// replaces (R5), which leaves the registry now and must be cancelled before the new
    /// body is created.
    mutating func taskIssued(named name: String?) -> (info: TaskInfo, replaced: TaskRegistry.Entry?) {
        let info = TaskInfo(id: nextTaskID, name: name)
        nextTaskID += 1
        return (info, name.flatMap { registry.cancel(named: $0) })
    }

    /// The task's body was created, or is about to be (its handle then comes with
    /// ``taskLaunched(_:handle:)``).
    mutating func taskStarted(_ entry: TaskRegistry.Entry) {
        registry.started(entry)
        bodies[entry.token.info.id] = Body(token: entry.token, handle: entry.handle)
        if let tree = entry.tree { trees.partOpened(tree) }
    }

    /// The body of a task registered before its launch is running on the main actor, or
    /// already returned: its Swift task, for cancellation and for ``body(runningAs:)``.
    mutating func taskLaunched(_ token: TaskToken, handle: Task<Void, Never>) {
        registry.launched(token, handle: handle)
        bodies[token.info.id]?.handle = handle
    }

    /// The task whose body is running the synchronous start of its life on the main
    /// actor, inside `Task.immediate`: a `stop()` it calls then does not wait for it.
    var launching: UInt64?

    /// `.cancel(name)` arrived: the live task to cancel, if one runs (R6).
    mutating func cancelRequested(named name: String) -> TaskRegistry.Entry? {
        registry.cancel(named: name)
    }

    /// `.cancel(scope:)` arrived: the live tasks under the scope (a name ending in `/`),
    /// to cancel, in start order.
    mutating func cancelRequested(scope: String) -> [TaskRegistry.Entry] {
        registry.cancel(scope: scope)
    }

    /// A task left the registry because it was replaced or cancelled: its body may still
    /// run, but it no longer counts as running, and its part of its tree is closed (R10).
    mutating func taskRetired(_ entry: TaskRegistry.Entry, at instant: ContinuousClock.Instant) {
        if bodies[entry.token.info.id] != nil {
            cancellations[entry.token.info.id] = Cancellation(instant: instant)
        }
        if let tree = entry.tree { partClosed(tree) }
        if registry.isEmpty { becameIdle() }
    }

    /// A body returned or threw. Returns whether the task was still live (not cancelled).
    mutating func taskEnded(_ token: TaskToken) -> Bool {
        if bodies.removeValue(forKey: token.info.id) != nil, !cancellations.isEmpty {
            cancellations[token.info.id] = nil
        }
        let entry = registry.ended(token)
        if let tree = entry?.tree { partClosed(tree) }
        if entry != nil, registry.isEmpty { becameIdle() }
        if phase == .stopping { releaseStopWaiters() }
        return entry != nil
    }

    /// The live tasks, named and unnamed, in start order.
    var runningTasks: [TaskInfo] { registry.snapshot }

    /// Cancelled bodies still running `grace` after their cancellation, not yet reported;
    /// they are reported once (R9).
    mutating func graceElapsed(now: ContinuousClock.Instant, grace: Duration) -> [TaskInfo] {
        var overdue: [TaskInfo] = []
        for (id, cancellation) in cancellations where !cancellation.isReported {
            guard now - cancellation.instant >= grace, let body = bodies[id] else { continue }
            cancellations[id]?.isReported = true
            overdue.append(body.info)
        }
        return overdue.sorted { $0.id < $1.id }
    }

    /// Whether some cancelled body has not returned yet.
    var hasCancelledBodies: Bool { !cancellations.isEmpty }

    // MARK: Waiting until idle

    /// A wait for no live task began: resumed at once when idle, else when the last live
    /// task ends or is cancelled. Returns the waiter's id for ``idleWaitTimedOut(_:)``.
    mutating func idleWaitBegan(_ continuation: CheckedContinuation<Bool, Never>) -> UInt64? {
        guard !registry.isEmpty, phase == .running else {
            wakeups.append(.idle(continuation, isIdle: true))
            return nil
        }
        let id = nextWaiterID
        nextWaiterID += 1
        idleWaiters[id] = continuation
        return id
    }

    /// A wait for idle reached its bound first.
    mutating func idleWaitTimedOut(_ id: UInt64) {
        guard let waiter = idleWaiters.removeValue(forKey: id) else { return }
        wakeups.append(.idle(waiter, isIdle: false))
    }

    private mutating func becameIdle() {
        guard !idleWaiters.isEmpty else { return }
        for id in idleWaiters.keys.sorted() {
            if let waiter = idleWaiters.removeValue(forKey: id) { wakeups.append(.idle(waiter, isIdle: true)) }
        }
    }

    // MARK: Stopping

    /// `stop()` was called for the first time: returns the live tasks to cancel. Every
    /// `perform` and idle wait is released, and the phase moves to stopping (the host
    /// drops its deferred events). `nil` when the host is already stopping.
    mutating func stopRequested() -> [TaskRegistry.Entry]? {
        guard phase == .running else { return nil }
        flags |= Self.stoppingFlag
        let live = registry.removeAll()
        for waiter in trees.removeAll() { wakeups.append(.tree(waiter, settled: false)) }
        becameIdle()
        return live
    }

    /// The bodies a `stop()` waits for: every body not yet returned but `exempt`'s.
    private func awaited(exempt: UInt64?) -> [TaskInfo] {
        bodies.values.map(\.info).filter { $0.id != exempt }.sorted { $0.id < $1.id }
    }

    /// A `stop()` began waiting for the bodies, all but the body of the task that called
    /// it. Returns its id for ``stopWaitTimedOut(_:)``, or `nil` when nothing is left.
    mutating func stopWaitBegan(
        _ continuation: CheckedContinuation<[TaskInfo], Never>, exempt: UInt64?
    ) -> UInt64? {
        guard !allReturned(exempt: exempt) else {
            wakeups.append(.stop(continuation, leftBehind: []))
            return nil
        }
        let id = nextWaiterID
        nextWaiterID += 1
        stopWaiters[id] = StopWaiter(continuation: continuation, exempt: exempt)
        return id
    }

    /// A bounded `stop()` reached its bound: it returns, naming the bodies left running.
    mutating func stopWaitTimedOut(_ id: UInt64) {
        guard let waiter = stopWaiters.removeValue(forKey: id) else { return }
        wakeups.append(.stop(waiter.continuation, leftBehind: awaited(exempt: waiter.exempt)))
    }

    /// Whether every body but `exempt`'s has returned; O(1).
    private func allReturned(exempt: UInt64?) -> Bool {
        bodies.isEmpty || (bodies.count == 1 && exempt.map { bodies[$0] != nil } == true)
    }

    private mutating func releaseStopWaiters() {
        guard !stopWaiters.isEmpty else { return }
        for id in stopWaiters.keys.sorted() {
            guard let waiter = stopWaiters[id], allReturned(exempt: waiter.exempt) else { continue }
            stopWaiters[id] = nil
            wakeups.append(.stop(waiter.continuation, leftBehind: []))
        }
    }

    /// Whether the body of `id` has not returned yet.
    func isRunning(body id: UInt64) -> Bool { bodies[id] != nil }

    /// Every body not yet returned, cancelled or not: for a released host to cancel.
    var unreturnedBodies: [Task<Void, Never>] { bodies.values.compactMap(\.handle) }

    /// The body whose Swift task has this hash, if one has not returned: how `stop()`
    /// knows it was called by one of the host's own bodies (R9), at no cost per task.
    /// `Task` and `UnsafeCurrentTask` both hash the identity of the underlying task; a
    /// collision of two 64-bit hashes would at worst make `stop()` not wait for one body.
    /// A body still inside `Task.immediate` has no handle yet: it is ``launching``.
    func body(runningAs taskHash: Int?) -> UInt64? {
        if let launching { return launching }
        guard let taskHash else { return nil }
        return bodies.first { $0.value.handle?.hashValue == taskHash }?.key
    }
}

/// A continuation the core asks its host to resume.
@usableFromInline
enum Wakeup: Sendable {
    /// A `perform` whose tree settled, or was abandoned by a stop or a bound.
    case tree(TreeWaiter, settled: Bool)
    /// A wait for idle: `true` when no task runs, `false` when the bound passed first.
    case idle(CheckedContinuation<Bool, Never>, isIdle: Bool)
    /// A `stop()` whose bodies returned, or whose bound passed (with the bodies left).
    case stop(CheckedContinuation<[TaskInfo], Never>, leftBehind: [TaskInfo])

    @usableFromInline
    func resume() {
        switch self {
        case .tree(.performer(let continuation), _): continuation.resume()
        case .tree(.bounded(let continuation), let settled): continuation.resume(returning: settled)
        case .idle(let continuation, let isIdle): continuation.resume(returning: isIdle)
        case .stop(let continuation, let leftBehind): continuation.resume(returning: leftBehind)
        }
    }
}

