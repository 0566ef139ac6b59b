import EffectEngine

// T10: a diagnostic the test did not expect fails an exhaustive test.

extension TestHost {
    /// Waits for the next diagnostic the host reports, and asserts it is the one
    /// expected (T10).
    ///
    /// In an exhaustive test, every diagnostic the host reports must be expected: one
    /// left unasserted fails the next ``send(_:assert:fileID:filePath:line:column:)``,
    /// ``finish(timeout:fileID:filePath:line:column:)``, or the host's release, naming
    /// the diagnostic and the event it came from. Those that never fail a test are a
    /// rejection (`Effect.reject(_:)`, the feature's own refusal, L8) and the bodies a
    /// bounded stop left behind (``stop(timeout:fileID:filePath:line:column:)`` fails
    /// naming them itself); the error of an `unimplemented(_:)`
    /// stand-in is not reported twice. Every other kind fails, a kind added later
    /// included: an event for a child that is gone, a task's error, a cut chain, a body
    /// left running past its grace period.
    ///
    /// Diagnostics are asserted in the order the host reported them, like the events
    /// tasks deliver, and apart from them. If none is waiting, the host settles and
    /// waits, at most `timeout`, failing at once when nothing left can report one.
    ///
    /// ```swift
    /// await host.send(.row(4, .tick))                         // row 4 was removed
    /// await host.expectDiagnostic(.childMissing(scope: "rows/4"))
    /// await host.finish()
    /// ```
    ///
    /// A different diagnostic fails the test, naming both; in a non-exhaustive test,
    /// other diagnostics are skipped until this one comes, and those never expected are
    /// recorded in ``skippedAssertions`` instead of failing.
    ///
    /// - Parameters:
    ///   - expected: The diagnostic expected next: ``ExpectedDiagnostic/childMissing``,
    ///     ``ExpectedDiagnostic/taskFailed(named:)``, ``ExpectedDiagnostic/matching(_:)``…
    ///   - timeout: The wall-clock bound of the wait; ``timeout`` (1 second) by default.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func expectDiagnostic(
        _ expected: ExpectedDiagnostic,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let timeout = timeout ?? self.timeout
        let name = "expectDiagnostic(\(expected))"
        guard beginStep(name, at: site) else { return }
        defer { driving.end() }
        guard !loop.isStopped else {
            return site.fail("\(name) after stop(): the test host has stopped.")
        }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        releaseCheck.setNeedsCheck(true)
        defer { noteUnaccounted() }
        repeat {
            signal.reset()
            await settle(at: site)
            while let next = recorder.diagnostics.first {
                recorder.diagnostics.removeFirst()
                if expected.matches(next.diagnostic) { return }
                guard next.failsExhaustiveTest else { continue }
                guard !exhaustivity.isExhaustive else {
                    return site.fail("\(name): the next diagnostic the host reported is another:\n  \(next.description)")
                }
                skip("Skipped diagnostic \(next.description)", at: site)
            }
            if loop.runningTasks.isEmpty && recorder.cancelledBodies.isEmpty {
                return site.fail(
                    "\(name): no such diagnostic was reported, and none can be: no task is running.")
            }
            if isWaitingOnlyForTestClock {
                return site.fail(
                    "\(name): no such diagnostic was reported, and none can be until the test advances the "
                        + "TestClock every running task sleeps on. " + runningTasksSummary)
            }
        } while await waitForWork(until: deadline)
        site.fail("Timed out after \(timeout) waiting for \(name). " + runningTasksSummary)
    }

    /// The diagnostics reported and not yet asserted by ``expectDiagnostic(_:timeout:fileID:filePath:line:column:)``,
    /// oldest first, those that never fail a test included.
    ///
    /// ```swift
    /// await host.send(.row(4, .tick))
    /// #expect(host.pendingDiagnostics.count == 1)
    /// ```
    public var pendingDiagnostics: [Diagnostic] { recorder.diagnostics.map(\.diagnostic) }

    /// Fails the test at `site` for every diagnostic reported and not expected that fails
    /// a test (in a non-exhaustive test, records them as skipped), and forgets them all.
    func reportUnexpectedDiagnostics(at site: CallSite) {
        let unexpected = recorder.diagnostics.filter(\.failsExhaustiveTest)
        recorder.diagnostics.removeAll()
        guard let first = unexpected.first else { return }
        let list = unexpected.map { "  " + $0.description }.joined(separator: "\n")
        if exhaustivity.isExhaustive {
            site.fail(
                "The host reported \(unexpected.count) diagnostic(s) the test did not expect:\n\(list)\n"
                    + Self.unexpectedDiagnosticsAdvice(first.diagnostic))
        } else {
            skip("Let pass \(unexpected.count) diagnostic(s):\n\(list)", at: site)
        }
    }

    /// What a failure for unexpected diagnostics advises, spelling the expectation of
    /// the first of them.
    nonisolated static func unexpectedDiagnosticsAdvice(_ first: Diagnostic) -> String {
        "A diagnostic is a problem the host handled: fix the feature, or, where the test means to cause it, "
            + "assert it after the step that causes it: await host.expectDiagnostic("
            + "\(ExpectedDiagnostic.spelling(for: first))) (T10)."
    }

    /// For a failure of a wait: the diagnostics reported meanwhile that fail a test (a
    /// task's error explains a missing event), or nothing.
    var pendingDiagnosticsNote: String {
        let unexpected = recorder.diagnostics.filter(\.failsExhaustiveTest)
        guard !unexpected.isEmpty else { return "" }
        return " The host reported meanwhile:\n" + unexpected.map { "  " + $0.description }.joined(separator: "\n")
    }
}
