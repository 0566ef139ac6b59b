// Idleness (R17): the host is idle exactly when no event is queued, no chain runs and no
// task is live; decided once the work in progress has ended, when the host takes its
// wake-ups, never in the middle of a chain.

extension LoopCore {
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

    /// The host is idle, or stopping: every wait until idle ends.
    mutating func checkIdle(queued: Bool) {
        guard isStopped || isIdle(queued: queued) else { return }
        let waiters = idleWaiters
        idleWaiters = []
        flags &= ~Self.idleWaitedFlag
        for waiter in waiters { wake(waiter, .idle(true)) }
    }

    /// The waiters to wake, in the order the core decided, handed over once. Taken at the
    /// end of the host's work, when the host is idle (R17) if `queued` is `false`: no
    /// message waits in the mailbox and no event is in hand. A task replaced by its own
    /// event's chain (a poll handing off to the next poll) is live again by then, so that
    /// hand-off is never an idle instant.
    mutating func takeWakeups(queued: Bool = false) -> [Wakeup] {
        if flags & Self.idleWaitedFlag != 0, !isBusy { checkIdle(queued: queued) }
        flags &= ~Self.wakeupsFlag
        defer { wakeups = [] }
        return wakeups
    }
}
