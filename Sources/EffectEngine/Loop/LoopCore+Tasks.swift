extension LoopCore {
    /// The core's record of tasks: the live ones (``TaskRegistry``), the bodies not yet
    /// returned, the cancelled ones among them, and the throttle windows of named tasks.
    ///
    /// Only ``LoopCore`` holds one; it decides with it and the host acts.
    struct Tasks: Hashable, Sendable {
        /// A body that has not been seen to return.
        struct Body: Hashable, Sendable {
            let token: TaskToken
            var handle: Task<Void, Never>?
        }

        /// The cancellation of a body that has not returned yet: kept apart from ``Body``
        /// because few bodies are cancelled at a time while every live task has a body (a
        /// `Body` twice the size cost 40 bytes a live task in the table's buckets).
        struct Cancellation: Hashable, Sendable {
            /// When the task was cancelled.
            let instant: ContinuousClock.Instant
            /// Whether it was reported as ignoring its cancellation (R9).
            var isReported = false
        }

        private(set) var registry = TaskRegistry()
        private var bodies: [UInt64: Body] = [:]
        /// The bodies of ``bodies`` that were cancelled, by task identity.
        private var cancellations: [UInt64: Cancellation] = [:]
        private var windows = ThrottleWindows()
        private var nextID: UInt64 = 1
        /// The task whose body runs the synchronous start of its life on the main actor,
        /// inside `Task.immediate`: a `stop()` it calls then does not wait for it.
        var launching: UInt64?

        var isEmpty: Bool { registry.isEmpty }

        /// A task is issued: its identity. A plain issue of a name closes its throttle
        /// window (see Time); a paced one leaves the windows as ``paced(_:_:at:)`` set them.
        mutating func issue(named name: String?, keepsWindow: Bool) -> TaskInfo {
            let info = TaskInfo(id: nextID, name: name)
            nextID += 1
            if let name, !keepsWindow, !windows.isEmpty { windows.forget(name) }
            return info
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

        mutating func started(_ entry: TaskRegistry.Entry) {
            registry.started(entry)
            bodies[entry.token.info.id] = Body(token: entry.token, handle: entry.handle)
        }

        mutating func launched(_ token: TaskToken, handle: Task<Void, Never>) {
            registry.launched(token, handle: handle)
            bodies[token.info.id]?.handle = handle
        }

        /// The live task named `name` leaves, cancelled at `now`.
        mutating func retire(named name: String, at now: () -> ContinuousClock.Instant) -> TaskRegistry.Entry? {
            guard let entry = registry.cancel(named: name) else { return nil }
            cancelled(entry.token, at: now())
            return entry
        }

        /// `.cancel(name)` or `.cancel(scope:)`: the live tasks it names leave, cancelled
        /// at `now`, and their throttle windows close.
        mutating func cancel(_ name: String, at now: () -> ContinuousClock.Instant) -> [TaskRegistry.Entry] {
            guard TaskRegistry.isScope(name) else {
                if !windows.isEmpty { windows.forget(name) }
                return retire(named: name, at: now).map { [$0] } ?? []
            }
            windows.forget(scope: name)
            let entries = registry.cancel(scope: name)
            if !entries.isEmpty {
                let instant = now()
                for entry in entries { cancelled(entry.token, at: instant) }
            }
            return entries
        }

        /// The host stops: every live task leaves, cancelled at `now`, in start order.
        mutating func removeAll(at now: ContinuousClock.Instant) -> [TaskRegistry.Entry] {
            let live = registry.removeAll()
            for entry in live { cancelled(entry.token, at: now) }
            return live
        }

        private mutating func cancelled(_ token: TaskToken, at instant: ContinuousClock.Instant) {
            if bodies[token.info.id] != nil { cancellations[token.info.id] = Cancellation(instant: instant) }
        }

        /// A body returned or threw: its entry if the task was still live.
        mutating func ended(_ token: TaskToken) -> TaskRegistry.Entry? {
            if bodies.removeValue(forKey: token.info.id) != nil, !cancellations.isEmpty {
                cancellations[token.info.id] = nil
            }
            return registry.ended(token)
        }

        /// Whether the task was cancelled: its events are dropped (R7). The token's flag,
        /// set by the host as it acts on the cancellation, covers a body that has
        /// returned; the core's own record covers one that has not.
        func isCancelled(_ token: TaskToken) -> Bool {
            token.isCancelled || (!cancellations.isEmpty && cancellations[token.info.id] != nil)
        }

        /// Cancelled bodies still running `grace` after their cancellation, not yet
        /// reported; each is reported once (R9).
        mutating func graceElapsed(now: ContinuousClock.Instant, grace: Duration) -> [TaskInfo] {
            var overdue: [TaskInfo] = []
            for (id, cancellation) in cancellations where !cancellation.isReported {
                guard now - cancellation.instant >= grace, let body = bodies[id] else { continue }
                cancellations[id]?.isReported = true
                overdue.append(body.token.info)
            }
            return overdue.sorted { $0.id < $1.id }
        }

        /// Whether some cancelled body has not returned yet.
        var hasCancelledBodies: Bool { !cancellations.isEmpty }

        /// The bodies not yet returned but `exempt`'s, in start order.
        func unreturned(exempt: UInt64?) -> [TaskInfo] {
            bodies.values.map(\.token.info).filter { $0.id != exempt }.sorted { $0.id < $1.id }
        }

        /// Whether every body but `exempt`'s has returned; O(1).
        func allReturned(exempt: UInt64?) -> Bool {
            bodies.isEmpty || (bodies.count == 1 && exempt.map { bodies[$0] != nil } == true)
        }

        /// Every body not yet returned, cancelled or not: for a released host to cancel.
        var unreturnedHandles: [Task<Void, Never>] { bodies.values.compactMap(\.handle) }

        /// The body whose Swift task has this hash, if one has not returned: how `stop()`
        /// knows it was called by one of the host's own bodies (R9), at no cost per task.
        /// `Task` and `UnsafeCurrentTask` both hash the identity of the underlying task; a
        /// collision of two 64-bit hashes would at worst make `stop()` not wait for one
        /// body. A body still inside `Task.immediate` has no handle yet: it is
        /// ``launching``.
        func body(runningAs taskHash: Int?) -> UInt64? {
            if let launching { return launching }
            guard let taskHash else { return nil }
            return bodies.first { $0.value.handle?.hashValue == taskHash }?.key
        }
    }
}
