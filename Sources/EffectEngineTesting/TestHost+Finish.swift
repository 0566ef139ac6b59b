import EffectEngine
import EffectEngineShared

extension TestHost {
    /// Asserts nothing is left unaccounted for (T3); it does not end the host.
    ///
    /// In an exhaustive test, `finish` waits (at most `timeout` of wall-clock time) for
    /// the running tasks to end (not at all when every one sleeps on a connected
    /// ``TestClock``, which only the test can move), then fails for every delivered event not yet received
    /// and every task still running, naming them. In a non-exhaustive test it does not
    /// wait, and records both as skipped.
    ///
    /// The host goes on afterwards: the test may keep sending (to stop a ticker after a
    /// failing `finish`, say) and call `finish` again. Its tasks are cancelled when the
    /// test calls ``stop(timeout:fileID:filePath:line:column:)`` or releases the host.
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
        guard beginStep("finish()", at: site) else { return }
        defer { driving.end() }
        let timeout = timeout ?? self.timeout
        let deadline = ContinuousClock.now.advanced(by: timeout)
        await settle(
            at: site, waitingWhile: { exhaustivity.isExhaustive && !loop.runningTasks.isEmpty }, until: deadline)

        releaseCheck.setNeedsCheck(false)
        reportUnaccounted(at: site, waited: "after \(timeout)")
    }

    /// Settles, and while `isWaiting` holds waits for work from outside the test host, at
    /// most until `deadline`. Tasks that only sleep on a connected ``TestClock`` cannot end
    /// before the test advances it: then it stops at once rather than at the deadline.
    func settle(
        at site: CallSite, waitingWhile isWaiting: () -> Bool, until deadline: ContinuousClock.Instant
    ) async {
        while true {
            signal.reset()
            await settle(at: site)
            guard isWaiting(), !isWaitingOnlyForTestClock else { return }
            guard await waitForWork(until: deadline) else { return }
        }
    }

    /// Fails the test for every diagnostic not expected, every delivered event not yet
    /// received and every task still running, naming them (in a non-exhaustive test,
    /// records them as skipped); `waited` says how long running tasks were waited for.
    private func reportUnaccounted(at site: CallSite, waited: String) {
        reportUnexpectedDiagnostics(at: site)
        reportUnreceivedChainEvents(before: "finish()", at: site)
        let unreceived = recorder.deliveries.map { "  " + StateDiff.render($0.event) }
        recorder.deliveries.removeAll()
        let running = loop.runningTasks.map { "  \($0)" }
        if exhaustivity.isExhaustive {
            if !unreceived.isEmpty {
                site.fail(
                    "\(unreceived.count) delivered event(s) were not received:\n"
                        + unreceived.joined(separator: "\n"))
            }
            if !running.isEmpty {
                let sleeping = isWaitingOnlyForTestClock
                site.fail(
                    "\(running.count) task(s) still running"
                        + (sleeping ? ", each asleep on a TestClock" : " \(waited)") + ":\n"
                        + running.joined(separator: "\n")
                        + "\nCancel them in the feature (a .cancel or a stopping event), or advance the "
                        + "TestClock they sleep on."
                        + (tasksNotOnTestClock > 0 ? " " + runningTasksSummary : ""))
            }
        } else {
            if !unreceived.isEmpty {
                skip(
                    "Skipped \(unreceived.count) unreceived event(s):\n"
                        + unreceived.joined(separator: "\n"),
                    at: site)
            }
            if !running.isEmpty {
                skip(
                    "Left \(running.count) running task(s), cancelled when the host stops:\n"
                        + running.joined(separator: "\n"),
                    at: site)
            }
        }
    }

    /// Stops the loop (R9): cancels every task and runs the cancelled bodies until they
    /// have all returned (T7).
    ///
    /// The bound counts only time in which nothing can progress: while task work runs or
    /// events are processed, stopping goes on, however slow the machine; once nothing has
    /// happened for `timeout` of wall-clock time, a body still running (it ignores its
    /// cancellation, or waits for the outside world) fails the test, named, and is left
    /// to return on the global executor. A diagnostic reported and not expected fails the
    /// test, as in ``finish(timeout:fileID:filePath:line:column:)`` (T10). After `stop`,
    /// `send` and `receive` fail.
    ///
    /// ```swift
    /// await host.finish()
    /// await host.stop()
    /// #expect(host.runningTasks.isEmpty)
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long stopping may go without progress; ``timeout`` by default, at
    ///     least one second.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func stop(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard beginStep("stop()", at: site) else { return }
        defer { driving.end() }
        releaseCheck.setNeedsCheck(false)
        let bound = max(timeout ?? self.timeout, .seconds(1))
        let outcome = StopOutcome()
        let signal = self.signal
        // The loop's stop runs in a turn of the loop's actor, as a task of its own, so that
        // this method can run the bodies' jobs and the loop's turns while it waits.
        loop.beginStop(deadline: nil) { _ in
            outcome.done()
            signal.fire()
        }
        var deadline = ContinuousClock.now.advanced(by: bound)
        // A ceiling for bodies that keep making work while ignoring their cancellation.
        let ceiling = ContinuousClock.now.advanced(by: bound + .seconds(60))
        while true {
            signal.reset()
            let progressed = await settle(at: site)
            guard !outcome.isDone, settledQuietly else { break }
            if progressed { deadline = min(ContinuousClock.now.advanced(by: bound), ceiling) }
            guard await waitForWork(until: deadline) else { break }
        }
        // What is left runs on the global concurrent executor from now on.
        executor.release()
        // A body that threw on its cancellation, say (R14), reported while stopping (T10).
        reportUnexpectedDiagnostics(at: site)
        guard !outcome.isDone else { return }
        let leftBehind = await bodiesLeftBehind()
        guard !leftBehind.isEmpty else { return }
        site.fail(
            "\(leftBehind.count) task body(ies) still running \(bound) after the host stopped, with "
                + "nothing left to run: " + leftBehind.map(\.description).joined(separator: ", ")
                + ". A body that catches CancellationError must return once cancelled.")
    }

    /// The bodies of a stopped loop that have not returned: a second stop's, with no wait,
    /// run in the loop's turns, which this drives until it returns.
    private func bodiesLeftBehind() async -> [TaskInfo] {
        let (outcome, signal) = (StopOutcome(), self.signal)
        loop.beginStop(deadline: .now) { leftBehind in
            outcome.done(leftBehind: leftBehind)
            signal.fire()
        }
        let bound = ContinuousClock.now.advanced(by: .seconds(60))
        while true {
            signal.reset()
            _ = actor.runTurns()
            if let leftBehind = outcome.leftBehind { return leftBehind }
            guard await waitForWork(until: bound) else { return [] }
        }
    }
}

/// What the loop's `stop` returned, seen by the test host's waiting loop.
private final class StopOutcome: Sendable {
    private let state = Locked<[TaskInfo]?>(nil)

    var isDone: Bool { leftBehind != nil }
    var leftBehind: [TaskInfo]? { state.withLock { $0 } }

    func done(leftBehind: [TaskInfo] = []) {
        state.withLock { $0 = leftBehind }
    }
}
