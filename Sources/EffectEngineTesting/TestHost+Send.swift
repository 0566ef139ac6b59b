import EffectEngine
import EffectEngineShared

extension TestHost {
    /// Sends an event and asserts the state it and its synchronous chain produced (T1).
    ///
    /// The host first settles (ready task work runs, delivered events are processed);
    /// then, in an exhaustive test, events delivered but not yet received fail the test,
    /// since the feature did something the test did not account for. The event is then
    /// processed with its synchronous chain, and the state it left is compared with the
    /// state before, changed by `updateExpected`. Tasks the chain starts are launched, not
    /// run: they run when the host next settles.
    ///
    /// ```swift
    /// await host.send(.increment) { $0.count = 1 }
    /// await host.send(.noop)                       // asserts nothing changed
    /// ```
    ///
    /// It returns a handle on the tasks the event and its chain started (T8), to cancel
    /// them or wait for them to end: ``SentTasks``.
    ///
    /// In a non-exhaustive test, `updateExpected` is applied to the actual state instead:
    /// the fields it sets must hold, other changes are let pass, and the step's changes
    /// are recorded in ``skippedAssertions``.
    ///
    /// - Parameters:
    ///   - event: The event to process.
    ///   - updateExpected: Turns the state before the event into the state expected after
    ///     it; `nil` expects no change. An error it throws fails the test.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    /// - Returns: The tasks the event and its chain started.
    @discardableResult
    public func send(
        _ event: Event,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> SentTasks {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let name = "send(\(StateDiff.render(event)))"
        guard beginStep(name, at: site) else { return SentTasks(tasks: [], host: self) }
        defer { driving.end() }
        guard !loop.isStopped else {
            site.fail("\(name) after stop(): the test host has stopped.")
            return SentTasks(tasks: [], host: self)
        }
        guard !isDismissed else {
            site.fail(
                "\(name) after the feature dismissed itself (it returned .dismiss for \(dismissal)): a dismissed "
                    + "screen takes no more events.")
            return SentTasks(tasks: [], host: self)
        }
        await settle(at: site)
        loop.processPendingInput()
        let unreceived = recorder.deliveries
        recorder.deliveries.removeAll()
        if !unreceived.isEmpty {
            let list = unreceived.map { "  " + StateDiff.render($0.event) }.joined(separator: "\n")
            if exhaustivity.isExhaustive {
                site.fail(
                    "Must receive \(unreceived.count) delivered event(s) before \(name):\n\(list)")
            } else {
                skip("Skipped \(unreceived.count) delivered event(s) before \(name):\n\(list)", at: site)
            }
        }
        reportUnexpectedDiagnostics(at: site)
        reportUnreceivedChainEvents(before: name, at: site)
        let before = loop.state
        releaseCheck.setNeedsCheck(true)
        recorder.isSending = true
        recorder.sentChain = nil
        loop.send(event)
        recorder.isSending = false
        recorder.window = recorder.sentChain
        let started = recorder.startedWhileSending
        recorder.startedWhileSending = []
        assertChange(from: before, to: loop.state, by: updateExpected, after: name, at: site)
        noteUnaccounted()
        return SentTasks(tasks: started, host: self)
    }

    /// Compares the state a step produced with the expectation, exhaustively or not.
    func assertChange(
        from before: State, to actual: State, by updateExpected: ((inout State) throws -> Void)?,
        after step: String, at site: CallSite
    ) {
        do {
            // Exhaustive: the closure turns the state before into the expected state.
            // Otherwise it runs once, on the actual state (applying it to the state before
            // could trap, say on an index valid only after the step), so only the fields
            // it sets are checked, and the note lists every change, asserted or not.
            var expected = exhaustivity.isExhaustive ? before : actual
            try updateExpected?(&expected)
            if expected != actual {
                site.fail(mismatch(expected: expected, actual: actual, heading: "State after \(step)"))
            }
            if !exhaustivity.isExhaustive, before != actual,
                let diff = StateDiff.report(expected: before, actual: actual)
            {
                skip(
                    "Changes after \(step), checked only where asserted (− before, + after):\n\(diff)",
                    at: site)
            }
        } catch {
            site.fail("The assertion of \(step) threw: \(error)")
        }
    }

    /// A failure's text for a state that differs from the expected one, `heading` saying
    /// at which step.
    func mismatch(expected: State, actual: State, heading: String) -> String {
        let diff =
            StateDiff.report(expected: expected, actual: actual)
            ?? "  (no field differs, yet == is false)\n    − \(StateDiff.render(expected))\n    + \(StateDiff.render(actual))"
        return "\(heading) differs from the expected state (− expected, + actual):\n\(diff)"
    }
}
