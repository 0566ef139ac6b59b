import EffectEngine
import EffectEngineTesting
import TestSupport
import Testing

@Suite("TestHost.finish (T3)")

struct TestHostFinishTests {
    @Test func passesWhenEverythingWasAccountedFor() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { ["a"] }, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await host.receive(.loaded(["a"])) {
            $0.isLoading = false
            $0.items = ["a"]
        }
        await host.finish()
        #expect(host.runningTasks.isEmpty)
        #expect(host.skippedAssertions.isEmpty)
    }

    @Test func failsNamingDeliveredEventsNotReceived() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { ["a"] }, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await withKnownIssue {
            await host.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "1 delivered event(s) were not received:\n  .loaded([\"a\"])")
        }
    }

    @Test func failsNamingTasksStillRunningAndLetsTheTestGoOn() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
        await host.send(.start) { $0.isRunning = true }
        let started = ContinuousClock.now
        await withKnownIssue {
            // The ticker sleeps on the test clock: finish fails at once, not after 60 s.
            await host.finish(timeout: TestBounds.pastHang)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "1 task(s) still running, each asleep on a TestClock:\n  task \"ticker\" #1")
        }
        #expect(ContinuousClock.now - started < TestBounds.hang)
        // T3: finish asserts, it does not end the host: the test stops the ticker itself.
        #expect(host.runningTaskNames == ["ticker"])
        await clock.advance(by: .seconds(1))
        await host.receive(.tick) { $0.count = 1 }
        await host.send(.stop) { $0.isRunning = false }
        await host.finish()
        #expect(host.runningTasks.isEmpty)
        #expect(clock.sleeperCount == 0)
    }

    @Test func stopCancelsWhatIsLeft() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
        await host.send(.start) { $0.isRunning = true }
        await host.stop()
        #expect(host.runningTasks.isEmpty)
        #expect(clock.sleeperCount == 0)
        await withKnownIssue {
            await host.send(.tick) { $0.count = 1 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("after stop()")
        }
    }

    @Test func waitsForTasksThatEndWithoutTheClock() async {
        // The fetch ends on its own, outside the test host: finish waits for its task.
        let host = TestHost(
            initialState: Loader.State(), env: Loader.Env { await Task.detached { [] }.value },
            exhaustivity: .off, update: Loader.update)
        host.exhaustivity = .on
        await host.send(.load) { $0.isLoading = true }
        await host.receive(.loaded([])) { $0.isLoading = false }
        await host.finish(timeout: TestBounds.hang)
    }

    @Test func finishingTwiceChecksTwice() async {
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: TestClock()), update: Ticker.update)
        await host.finish()
        await host.send(.tick) { $0.count = 1 }
        await host.finish()
    }

    @Test func cancelledTasksAreNotRunning() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
        await host.send(.start) { $0.isRunning = true }
        #expect(host.runningTaskNames == ["ticker"])
        await host.send(.stop) { $0.isRunning = false }
        #expect(host.runningTaskNames.isEmpty)
        await host.finish()
        #expect(host.activities.contains { if case .task(.cancelled) = $0 { true } else { false } })
    }
}
