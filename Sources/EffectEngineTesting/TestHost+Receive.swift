import EffectEngine

extension TestHost {
    /// Waits for the next event a task delivered, and asserts it and the state it and its
    /// synchronous chain produced (T2).
    ///
    /// The host settles and takes the oldest delivered event not yet received. If none
    /// has arrived, it waits for task work from outside the test host, at most `timeout`
    /// of wall-clock time, and then fails naming the tasks still running: it never hangs.
    /// A different event fails the test with a diff of the two events; in a
    /// non-exhaustive test, different events are skipped until this one arrives.
    ///
    /// ```swift
    /// await host.send(.refresh) { $0.isLoading = true }
    /// await host.receive(.loaded(["Alien"])) {
    ///     $0.isLoading = false
    ///     $0.movies = ["Alien"]
    /// }
    /// ```
    ///
    /// Events sleeping on a ``TestClock`` arrive when the test advances it; `receive`
    /// does not move time.
    ///
    /// - Parameters:
    ///   - event: The event expected next.
    ///   - timeout: The wall-clock bound of the wait; ``timeout`` (1 second) by default.
    ///   - updateExpected: Turns the state before the event into the state expected after
    ///     it and its chain; `nil` expects no change.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func receive(
        _ event: Event,
        timeout: Duration? = nil,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let name = "receive(\(StateDiff.render(event)))"
        guard !loop.isStopped else {
            return site.fail("\(name) after stop(): the test host has stopped.")
        }
        guard let delivery = await nextDelivery(of: event, timeout: timeout ?? self.timeout, at: site) else {
            return
        }
        assertChange(from: delivery.before, to: delivery.after, by: updateExpected, after: name, at: site)
    }

    /// The delivery `receive` asserts, or `nil` after reporting why there is none.
    private func nextDelivery(
        of event: Event, timeout: Duration, at site: CallSite
    ) async -> ActivityRecorder<State, Event>.Delivery? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        repeat {
            signal.reset()
            await settle(at: site)
            while !recorder.deliveries.isEmpty {
                let delivery = recorder.deliveries.removeFirst()
                if delivery.event == event { return delivery }
                let diff = StateDiff.report(expected: event, actual: delivery.event) ?? ""
                if exhaustivity.isExhaustive {
                    site.fail("Received an unexpected event (− expected, + actual):\n\(diff)")
                    return nil
                }
                skip("Skipped received event \(StateDiff.render(delivery.event))", at: site)
            }
        } while await waitForWork(until: deadline)
        site.fail(
            "Timed out after \(timeout) waiting to receive \(StateDiff.render(event)). "
                + runningTasksSummary)
        return nil
    }

    /// One sentence naming the tasks still running, with a hint when some might be
    /// waiting for a clock.
    var runningTasksSummary: String {
        let tasks = loop.runningTasks
        guard !tasks.isEmpty else { return "No task is running." }
        return "Tasks still running: \(tasks.map(\.description).joined(separator: ", ")). "
            + "A task sleeping on a TestClock wakes only when the test advances the clock, "
            + "and only a clock connected to this host (found in its env, or passed as `clock:`) "
            + "lets the host run before and after each move."
    }
}
