// The waits every host shares (H7): `perform`, `stop` and `waitUntilIdle`, written once.
//
// Each is `nonisolated(nonsending)`: it runs on its caller's actor, the host's, so a host's
// front (``EffectHost`` on the main actor, ``ActorHost`` on its own, a test host's driver)
// calls it with no hop, and the loop never leaves its actor. A bounded wait ends in a turn
// the loop's ``LoopHandle`` schedules on that actor.

extension HostLoop {
    /// Processes an event and waits until its whole causal tree has settled (R10); after
    /// a stop, returns at once.
    nonisolated(nonsending) func perform(_ event: Event) async {
        guard !isStopped, let tree = performStarted(event) else { return }
        await withCheckedContinuation { continuation in
            core.performWaitBegan(tree, waiter: waiters.add(.performer(continuation)))
            resumeWakeups()
        }
    }

    /// Processes an event and waits until its causal tree has settled or `timeout`
    /// passes; returns whether it settled (`false` after a stop).
    nonisolated(nonsending) func perform(_ event: Event, timeout: Duration) async -> Bool {
        guard !isStopped else { return false }
        guard let tree = performStarted(event) else { return true }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        return await withCheckedContinuation { continuation in
            core.performWaitBegan(tree, waiter: waiters.add(.bounded(continuation)))
            resumeWakeups()
            handle.at(deadline) { loop in
                loop.core.performTimedOut(tree)
                loop.resumeWakeups()
            }
        }
    }

    /// What both `perform`s do before they wait: opens the event's tree, processes the
    /// event, and closes the event's own part. Returns the tree while it is open, `nil`
    /// when it settled at once (the performer does not suspend).
    func performStarted(_ event: Event) -> TreeID? {
        let tree = core.performBegan()
        arrive(event, cause: .external, tree: tree)
        // The event's own part, opened by `performBegan`.
        core.partClosed(tree)
        resumeWakeups()
        return core.isOpen(tree) ? tree : nil
    }

    /// Stops the loop (R9): cancels every task and returns once every body but its
    /// caller's has returned, or at `deadline` with those still running.
    ///
    /// - Parameter deadline: The latest return; `nil` waits for every body.
    /// - Returns: The bodies that had not returned, in start order.
    nonisolated(nonsending) func stop(deadline: ContinuousClock.Instant?) async -> [TaskInfo] {
        let caller = stopBegan()
        let leftBehind = await withCheckedContinuation { continuation in
            guard let expiring = stopWaitBegan(continuation, exempt: caller, deadline: deadline) else { return }
            handle.at(expiring.deadline) { loop in
                loop.core.stopWaitTimedOut(expiring.waiter)
                loop.resumeWakeups()
            }
        }
        stopEnded(leftBehind: leftBehind)
        return leftBehind
    }

    /// Waits until no task runs, or until `timeout` passes (R17); returns whether no task
    /// runs.
    nonisolated(nonsending) func waitUntilIdle(timeout: Duration?) async -> Bool {
        let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
        return await withCheckedContinuation { continuation in
            guard let waiter = idleWaitBegan(continuation), let deadline else { return }
            handle.at(deadline) { loop in
                loop.core.idleWaitTimedOut(waiter)
                loop.resumeWakeups()
            }
        }
    }
}

extension HostLoop {
    /// What a stop does before it waits (R9): the first one cancels everything and drops
    /// what waits. Returns the body, if any, that called it: the wait does not wait for it.
    private func stopBegan() -> UInt64? {
        if let live = core.stopRequested(at: .now) {
            endWatchersChanged()
            for case .event(let event, let origin, let performer) in mailbox.refuseEvents() {
                dropped(event, cause: origin.map { .task($0.info) } ?? .external, tree: nil, performer: performer)
            }
            // Ends of cancelled bodies left for the next drain count now: a turn for them.
            if mailbox.hasMessages { mailbox.scheduleDrain() }
            settleInboxForStop()
            while let waiting = deferred.next() {
                dropped(waiting.event, cause: waiting.cause, tree: waiting.tree, performer: nil)
            }
            for entry in live { cancel(entry, as: .cancelled(entry.token.info)) }
            if isObserved { notify(.stopped) }
            wakeStateReaders()
        }
        resumeWakeups()
        // A stop called by one of this host's own bodies does not wait for that body.
        return core.body(runningAs: TaskToken.currentTask)
    }

    /// A stop begins to wait for the bodies but `exempt`; returns the waiter to expire at
    /// `deadline` when it waits and has one.
    private func stopWaitBegan(
        _ continuation: CheckedContinuation<[TaskInfo], Never>, exempt: UInt64?, deadline: ContinuousClock.Instant?
    ) -> (waiter: WaiterID, deadline: ContinuousClock.Instant)? {
        let waiter = waiters.add(.stop(continuation))
        let waits = core.stopWaitBegan(waiter, exempt: exempt)
        resumeWakeups()
        guard waits, let deadline else { return nil }
        return (waiter, deadline)
    }

    /// A stop's wait ended: the bodies left behind are reported.
    private func stopEnded(leftBehind: [TaskInfo]) {
        if !leftBehind.isEmpty, isObserved { notify(.diagnostic(.tasksLeftBehind(leftBehind))) }
    }

    /// A wait until idle begins (R17); returns its waiter when it waits.
    private func idleWaitBegan(_ continuation: CheckedContinuation<Bool, Never>) -> WaiterID? {
        let waiter = waiters.add(.idle(continuation))
        let waits = core.idleWaitBegan(waiter, queued: hasWaitingMessages)
        resumeWakeups()
        return waits ? waiter : nil
    }
}
