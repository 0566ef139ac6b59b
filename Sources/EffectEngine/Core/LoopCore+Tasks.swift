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

        /// The body whose Swift task has this hash, if one has not returned: how `stop()`
        /// knows it was called by one of the host's own bodies (R9), at no cost per task.
        /// `Task` and `UnsafeCurrentTask` both hash the identity of the underlying task; a
        /// collision of two 64-bit hashes would at worst make `stop()` not wait for one
        /// body. A body still inside `Task.immediate` has no handle yet: it is
        /// ``launching``.
        func body(runningAs taskHash: Int?) -> UInt64? {
            if let launching { return launching }
            guard let taskHash else { return nil }
            return registry.body(runningAs: taskHash)
        }
    }
}
