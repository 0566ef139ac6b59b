import EffectEngine
import EffectEngineShared

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
    /// does not move time. When nothing has arrived and every running task sleeps on a
    /// connected test clock, nothing can arrive: `receive` fails at once, without waiting
    /// for its timeout.
    ///
    /// Events with a payload that is not `Equatable` (an `Error`, say), or whose exact
    /// payload does not matter, are received by a predicate instead:
    /// ``receive(matching:timeout:assert:fileID:filePath:line:column:)``.
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
    ) async where Event: Equatable {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            StateDiff.render(event), matching: { $0 == event }, expected: event,
            timeout: timeout ?? self.timeout, assert: updateExpected, at: site)
    }

    /// Waits for the next event a task delivered that `matches` accepts, and asserts the
    /// state it and its synchronous chain produced: `receive(_:timeout:assert:)` of an event
    /// for events matched by case, or carrying a payload that is not `Equatable`.
    ///
    /// ```swift
    /// await host.send(.refresh) { $0.isLoading = true }
    /// await host.receive(matching: { if case .failed = $0 { true } else { false } }) {
    ///     $0.isLoading = false
    ///     $0.error = "offline"
    /// }
    /// ```
    ///
    /// An event `matches` rejects fails the test, naming it, in an exhaustive test, and is
    /// skipped in a non-exhaustive one. Bounded as `receive(_:)` is.
    ///
    /// - Parameters:
    ///   - matches: Whether a delivered event is the one expected.
    ///   - timeout: The wall-clock bound of the wait; ``timeout`` (1 second) by default.
    ///   - updateExpected: Turns the state before the event into the state expected after
    ///     it and its chain; `nil` expects no change.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func receive(
        matching matches: (Event) -> Bool,
        timeout: Duration? = nil,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            "an event matching the predicate", matching: matches, expected: nil,
            timeout: timeout ?? self.timeout, assert: updateExpected, at: site)
    }

    func receive(
        _ description: String, matching matches: (Event) -> Bool, expected: Event?, timeout: Duration,
        assert updateExpected: ((inout State) throws -> Void)?, at site: CallSite
    ) async {
        let name = "receive(\(description))"
        guard beginStep(name, at: site) else { return }
        defer { driving.end() }
        guard !loop.isStopped else {
            return site.fail("\(name) after stop(): the test host has stopped.")
        }
        if receiveChainStep(matching: matches, assert: updateExpected, at: site) { return }
        let found = await nextDelivery(description, matching: matches, expected: expected, timeout: timeout, at: site)
        guard case .delivery(let delivery) = found else {
            if case .inSkippedChain = found { _ = receiveChainStep(matching: matches, assert: updateExpected, at: site) }
            return
        }
        reportUnreceivedChainEvents(before: name, at: site)
        let task: TaskInfo? = if case .task(let task) = delivery.cause { task } else { nil }
        recorder.window = ActivityRecorder.ChainWindow(
            chain: delivery.chain, root: .delivered(delivery.event, by: task), steps: delivery.steps)
        let shown = expected == nil ? "receive(\(StateDiff.render(delivery.event)))" : name
        assertChange(from: delivery.before, to: delivery.after, by: updateExpected, after: shown, at: site)
    }

    /// The delivery `receive` asserts, or `nil` after reporting why there is none.
    /// What ``nextDelivery(_:matching:expected:timeout:at:)`` found.
    private enum Found {
        /// A delivery whose event matches.
        case delivery(ActivityRecorder<State, Event>.Delivery)
        /// In a test that is not exhaustive, the matching event is a step of the chain of
        /// a delivery skipped on the way: the recorder's window is now that chain.
        case inSkippedChain
        /// Nothing, the test failed.
        case none
    }

    private func nextDelivery(
        _ description: String, matching matches: (Event) -> Bool, expected: Event?, timeout: Duration,
        at site: CallSite
    ) async -> Found {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        releaseCheck.setNeedsCheck(true)
        defer { noteUnaccounted() }
        repeat {
            signal.reset()
            await settle(at: site)
            while let delivery = recorder.deliveries.first {
                if matches(delivery.event) { return .delivery(recorder.deliveries.removeFirst()) }
                let earlier = processedEarlier(matching: matches).map { "\n" + $0 } ?? ""
                recorder.deliveries.removeFirst()
                if exhaustivity.isExhaustive {
                    if let expected {
                        let diff = StateDiff.report(expected: expected, actual: delivery.event) ?? ""
                        site.fail("Received an unexpected event (− expected, + actual):\n\(diff)\(earlier)")
                    } else {
                        site.fail(
                            "Received \(StateDiff.render(delivery.event)), which is not \(description)" + earlier)
                    }
                    return .none
                }
                skip("Skipped received event \(StateDiff.render(delivery.event))", at: site)
                if delivery.steps.contains(where: { matches($0.event) }) {
                    // TCA's non-exhaustive receive finds an event its effects produced after
                    // those it skips: here, a step of the skipped delivery's chain.
                    let task: TaskInfo? = if case .task(let task) = delivery.cause { task } else { nil }
                    recorder.window = ActivityRecorder.ChainWindow(
                        chain: delivery.chain, root: .delivered(delivery.event, by: task), steps: delivery.steps)
                    return .inSkippedChain
                }
            }
            // An event processed inside a send can come again only from a task: with none
            // running, or every one asleep on a test clock, the receive fails at once (T9).
            // So does one the test received already, and one nothing can send (T13).
            if let received = alreadyReceived(matching: matches) {
                site.fail("Nothing to receive for receive(\(description)): \(received)")
                return .none
            }
            if loop.runningTasks.isEmpty, !loop.hasPendingInput {
                let earlier = processedEarlier(matching: matches) ?? handledInPlace(description)
                site.fail(
                    "Nothing to receive for receive(\(description)): \(earlier) No task is running."
                        + pendingDiagnosticsNote)
                return .none
            }
            if isWaitingOnlyForTestClock {
                let earlier = processedEarlier(matching: matches)
                site.fail(
                    "Nothing can arrive for receive(\(description)): "
                        + (earlier.map { $0 + " And every" } ?? "every")
                        + " running task sleeps on a TestClock, so no event comes until the test advances it "
                        + "(await clock.advance(by:) before receive). " + runningTasksSummary)
                return .none
            }
        } while await waitForWork(until: deadline)
        let earlier = processedEarlier(matching: matches).map { $0 + " " } ?? ""
        site.fail(
            "Timed out after \(timeout) waiting to receive \(description). \(earlier)" + runningTasksSummary
                + pendingDiagnosticsNote)
        return .none
    }

    /// One sentence naming the tasks still running, with a hint about the clocks they may
    /// be waiting for.
    var runningTasksSummary: String {
        let tasks = loop.runningTasks
        guard !tasks.isEmpty else { return "No task is running." }
        var summary = "Tasks still running: \(tasks.map(\.description).joined(separator: ", ")). "
        let elsewhere = tasksNotOnTestClock
        if elsewhere > 0 {
            summary +=
                "\(elsewhere == tasks.count ? "They wait" : "\(elsewhere) of them wait") on something other than "
                + "a TestClock connected to this host: a task that sleeps with Task.sleep, or on a "
                + "ContinuousClock, waits in real time, which no test can move. Give the feature a clock "
                + "in its env and pass a TestClock in the test (see the Testing article)."
        } else {
            summary += "They sleep on a TestClock: they wake only when the test advances it."
        }
        return summary
    }
}
