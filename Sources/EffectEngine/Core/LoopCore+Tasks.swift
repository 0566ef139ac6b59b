// Tasks: issued, started, cancelled and ended (R5, R6, R14). Which task a name replaces
// and which tasks a cancel names is decided by the ``TaskRegistry``; the throttle windows
// decide when a paced body starts.

extension LoopCore {
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

    /// How a body's end is reported (R14).
    enum Ending {
        /// It returned, or threw `CancellationError`: silent, whether or not the task was
        /// cancelled.
        case ended
        /// It threw another error, while the host ran or while it stopped.
        case failed(any Error)
    }

    /// A body returned or threw `failure` (every event it sent was processed before): a
    /// live task ends and its part of its tree closes; while stopping, stops may return.
    /// Returns how the end is reported: `CancellationError` is silent, any other error a
    /// failure naming the task (R14), and either way the task counts as ended.
    @discardableResult
    mutating func taskEnded(_ token: TaskToken, failure: (any Error)? = nil) -> Ending {
        if let tree = tasks.registry.ended(token)?.tree { partClosed(tree) }
        if isStopped { releaseStopWaiters() }
        guard let failure, !(failure is CancellationError) else { return .ended }
        return .failed(failure)
    }

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

    /// The body of the host's that the task `task` runs (see ``Tasks/body(runningAs:)``).
    func body(runningAs task: Int?) -> UInt64? { tasks.body(runningAs: task) }

    /// Every body not yet returned, cancelled or not: for a released host to cancel.
    var unreturnedBodies: [Task<Void, Never>] { tasks.registry.unreturnedHandles }
}

extension LoopCore {
    /// The core's record of tasks: the live ones and the bodies not yet returned
    /// (``TaskRegistry``), the throttle windows of named tasks, and the task identities.
    ///
    /// Only ``LoopCore`` holds one; it decides with it and the host acts. What concerns
    /// tasks alone (their ends, their bodies, a stop) the core asks ``registry`` itself;
    /// what the windows and identities take part in goes through here.
    struct Tasks: Hashable, Sendable {
        var registry = TaskRegistry()
        private var windows = ThrottleWindows()
        private var nextID: UInt64 = 1
        /// The task whose body runs the synchronous start of its life on the main actor,
        /// inside `Task.immediate`: a `stop()` it calls then does not wait for it.
        var launching: UInt64?

        /// A task is issued in `tree`: its token, and the live task of the same name it
        /// replaces (R5), cancelled at `now`. A plain issue of a name closes its throttle
        /// window (see Time); a paced one leaves the windows as ``paced(_:_:at:)`` set them.
        mutating func issue(
            named name: String?, in tree: TreeID?, keepsWindow: Bool, at now: () -> ContinuousClock.Instant
        ) -> (token: TaskToken, replaced: TaskRegistry.Entry?) {
            let info = TaskInfo(id: nextID, name: name)
            nextID += 1
            if let name, !keepsWindow, !windows.isEmpty { windows.forget(name) }
            return registry.issue(info, in: tree, at: now)
        }

        /// A throttled or debounced issue of `name` at `now`: when its body is to start, or
        /// `nil` when a throttled issue falls within the open window and is dropped.
        mutating func paced(_ name: String, _ pacing: TaskPacing, at now: Duration) -> Duration? {
            switch pacing.clamped {
            case .debounce(let duration):
                if !windows.isEmpty { windows.forget(name) }
                return now + duration
            case .throttle(let window, let latest):
                return windows.issued(name, at: now, window: window, latest: latest)
            }
        }

        /// `.cancel(name)` or `.cancel(scope:)`: the live tasks it names leave, cancelled
        /// at `now`, and their throttle windows close.
        mutating func cancel(_ name: String, at now: () -> ContinuousClock.Instant) -> [TaskRegistry.Entry] {
            guard TaskRegistry.isScope(name) else {
                if !windows.isEmpty { windows.forget(name) }
                return registry.cancel(named: name, at: now).map { [$0] } ?? []
            }
            windows.forget(scope: name)
            return registry.cancel(scope: name, at: now)
        }

        /// The body the task `task` runs, if it has not returned: how `stop()` knows it was
        /// called by one of the host's own bodies (R9). Each body notes its task as it
        /// begins (``TaskToken/bodyBegan()``), by `UnsafeCurrentTask`'s hash, the same
        /// hash the caller is named by. A body still inside `Task.immediate` is
        /// ``launching``.
        func body(runningAs task: Int?) -> UInt64? {
            if let launching { return launching }
            guard let task else { return nil }
            return registry.body(runningAs: task)
        }
    }
}
