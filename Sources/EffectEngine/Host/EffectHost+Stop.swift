// Stopping: the view disappearing (R9). The waits are the loop's, shared by every host
// (``HostLoop/stop(deadline:)``, ``HostLoop/waitUntilIdle(timeout:)``).

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
        _ = await loop.stop(deadline: nil)
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
        await loop.stop(deadline: ContinuousClock.now.advanced(by: timeout))
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
        await loop.waitUntilIdle(timeout: timeout)
    }

}
