extension TestHost {
    /// Ends the test: asserts nothing is left unaccounted for, then stops the loop (T3).
    ///
    /// In an exhaustive test, `finish` waits (at most `timeout` of wall-clock time) for
    /// the running tasks to end, then fails for every delivered event not yet received
    /// and every task still running, naming them. In a non-exhaustive test it does not
    /// wait, and records both as skipped. Either way the loop is then stopped: remaining
    /// tasks are cancelled, and their bodies run until they return — at once for a body
    /// sleeping on a ``TestClock``. A body that ignores cancellation is waited for at most
    /// `timeout` (at least one second), then left to return on the global executor,
    /// without failing the test. The host accepts no step after `finish`.
    ///
    /// ```swift
    /// await host.send(.stop) { $0.isRunning = false }
    /// await host.finish()
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: The wall-clock bound of the wait for running tasks; ``timeout`` by
    ///     default.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard !isFinished else { return site.fail("finish() was already called.") }
        isFinished = true
        let timeout = timeout ?? self.timeout
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            signal.reset()
            await settle()
            guard exhaustivity.isExhaustive, !recorder.liveTasks.isEmpty else { break }
            guard await waitForWork(until: deadline) else { break }
        }

        let unreceived = recorder.deliveries.map { "  " + StateDiff.render($0.event) }
        recorder.deliveries.removeAll()
        let running = recorder.runningTasks.map { "  \($0)" }
        if exhaustivity.isExhaustive {
            if !unreceived.isEmpty {
                site.fail(
                    "\(unreceived.count) delivered event(s) were not received:\n"
                        + unreceived.joined(separator: "\n"))
            }
            if !running.isEmpty {
                site.fail(
                    "\(running.count) task(s) still running after \(timeout):\n"
                        + running.joined(separator: "\n")
                        + "\nCancel them in the feature (a .cancel or a stopping event), or advance the "
                        + "TestClock they sleep on.")
            }
        } else {
            if !unreceived.isEmpty {
                skip(
                    "Skipped \(unreceived.count) unreceived event(s):\n" + unreceived.joined(separator: "\n"),
                    at: site)
            }
            if !running.isEmpty {
                skip(
                    "Cancelled \(running.count) running task(s):\n" + running.joined(separator: "\n"),
                    at: site)
            }
        }
        // Stopping is mostly deterministic (cancelled sleepers of a TestClock return at
        // once), but takes a few main-actor turns: its bound is never below one second,
        // however short the wait for running tasks was.
        await stop(until: ContinuousClock.now.advanced(by: max(timeout, .seconds(1))))
    }

    /// Stops the loop and runs the cancelled bodies until they have all returned, or the
    /// deadline has passed; what is left then runs on the global concurrent executor.
    private func stop(until deadline: ContinuousClock.Instant) async {
        let loop = self.loop
        let recorder = self.recorder
        // Enqueued on the main actor before any of this method's own continuations, so
        // stopping has begun (every task cancelled, every TestClock sleeper released)
        // before this method returns, however busy the main actor is.
        Task {
            await loop.stop()
            recorder.isStopped = true
            recorder.signal.fire()
        }
        while true {
            signal.reset()
            await settle()
            guard !recorder.isStopped else { break }
            guard await waitForWork(until: deadline) else { break }
        }
        // A body that ignores cancellation, waits for the outside world, or has not been
        // reached by a main actor busy with other tests, is not waited for any longer.
        executor.release()
    }
}
