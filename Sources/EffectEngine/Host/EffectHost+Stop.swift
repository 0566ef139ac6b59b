// Stopping: the view disappearing (R9).
//
// The waits are thin shells, one per isolation (here the main actor's, and
// ``ActorHost``'s): what a stop or an idle wait does before and after it suspends is the
// machinery's, below, shared by both.

extension EffectHost {
    /// Stops the host: cancels every task and returns once every task body has returned
    /// (R9).
    ///
    /// Afterwards the host is inert: ``send(_:)`` and ``input`` drop events and
    /// ``perform(_:)`` returns at once. Every `perform` still waiting returns. Calling
    /// `stop()` again, or concurrently, waits for the same bodies. Called from inside one
    /// of the host's own task bodies (a logout, say), it cancels everything and returns
    /// without waiting for that body. A body still running ``HostOptions/gracePeriod``
    /// after its cancellation is reported once as
    /// ``Diagnostic/taskIgnoresCancellation(_:gracePeriod:)``; to stop within a bound
    /// whatever the bodies do, use ``stop(timeout:)``.
    ///
    /// ```swift
    /// host.send(.start)
    /// await host.stop()
    /// #expect(host.runningTaskNames.isEmpty)
    /// ```
    public func stop() async {
        _ = await stop(deadline: nil)
    }

    /// Stops the host as ``stop()`` does, but returns after `timeout` at the latest,
    /// naming the task bodies still running then: bodies that ignore their cancellation.
    ///
    /// What the line host and the test host use, so that they always end; the bodies
    /// left behind go on running on their own, and their events are dropped.
    ///
    /// ```swift
    /// let leftBehind = await host.stop(timeout: .seconds(5))
    /// for task in leftBehind { log("\(task) ignored its cancellation") }
    /// ```
    ///
    /// - Parameter timeout: The longest wait for the bodies, in wall-clock time.
    /// - Returns: The bodies that had not returned, in start order; empty when all did.
    @discardableResult
    public func stop(timeout: Duration) async -> [TaskInfo] {
        await stop(deadline: ContinuousClock.now.advanced(by: timeout))
    }

    private func stop(deadline: ContinuousClock.Instant?) async -> [TaskInfo] {
        let caller = stopBegan()
        let leftBehind = await withCheckedContinuation { continuation in
            if let expiring = stopWaitBegan(continuation, exempt: caller, deadline: deadline) {
                expireStopWait(expiring.waiter, at: expiring.deadline)
            }
        }
        stopEnded(leftBehind: leftBehind)
        return leftBehind
    }

    private func expireStopWait(_ waiter: WaiterID, at deadline: ContinuousClock.Instant) {
        Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            guard let self else { return }
            self.core.stopWaitTimedOut(waiter)
            self.resumeWakeups()
        }
    }

    /// Waits until no task runs (``runningTasks`` is empty), or until `timeout` passes.
    ///
    /// A task runs until its body returns or it is cancelled; the events it sent are
    /// processed before its end counts. What `:wait` and the test host use.
    ///
    /// ```swift
    /// host.send(.refresh)
    /// let idle = await host.waitUntilIdle(timeout: .seconds(5))
    /// #expect(idle && host.state.movies.count == 20)
    /// ```
    ///
    /// - Parameter timeout: The longest wait in wall-clock time; `nil` waits as long as
    ///   tasks run.
    /// - Returns: `true` when no task runs, `false` when the timeout passed first.
    @discardableResult
    public func waitUntilIdle(timeout: Duration? = nil) async -> Bool {
        let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
        return await withCheckedContinuation { continuation in
            guard let waiter = idleWaitBegan(continuation), let deadline else { return }
            Task { [weak self] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                guard let self else { return }
                self.core.idleWaitTimedOut(waiter)
                self.resumeWakeups()
            }
        }
    }

}

// The machinery's side, on the host's actor: what the waits of every host share.
nonisolated extension EffectHost {
    /// What a stop does before it waits (R9): the first one cancels everything and drops
    /// what waits. Returns the body, if any, that called it: the wait does not wait for it.
    func stopBegan() -> UInt64? {
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
        return core.body(runningAs: withUnsafeCurrentTask { $0?.hashValue })
    }

    /// A stop begins to wait for the bodies but `exempt`; returns the waiter to expire at
    /// `deadline` when it waits and has one.
    func stopWaitBegan(
        _ continuation: CheckedContinuation<[TaskInfo], Never>, exempt: UInt64?, deadline: ContinuousClock.Instant?
    ) -> (waiter: WaiterID, deadline: ContinuousClock.Instant)? {
        let waiter = waiters.add(.stop(continuation))
        let waits = core.stopWaitBegan(waiter, exempt: exempt)
        resumeWakeups()
        guard waits, let deadline else { return nil }
        return (waiter, deadline)
    }

    /// A stop's wait ended: the bodies left behind are reported.
    func stopEnded(leftBehind: [TaskInfo]) {
        if !leftBehind.isEmpty, isObserved { notify(.diagnostic(.tasksLeftBehind(leftBehind))) }
    }

    /// A wait until idle begins (R17); returns its waiter when it waits.
    func idleWaitBegan(_ continuation: CheckedContinuation<Bool, Never>) -> WaiterID? {
        let waiter = waiters.add(.idle(continuation))
        let waits = core.idleWaitBegan(waiter, queued: hasWaitingMessages)
        resumeWakeups()
        return waits ? waiter : nil
    }
}
