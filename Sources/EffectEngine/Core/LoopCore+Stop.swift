// Stopping (R9): every task cancelled, events dropped from then on, and `stop()` waits for
// every body but its caller's.

extension LoopCore {
    /// A `stop()` waiting for bodies to return.
    struct StopWaiter: Hashable, Sendable {
        let waiter: WaiterID
        /// The body of the task that called `stop()`, which it does not wait for.
        let exempt: UInt64?
    }

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
}
