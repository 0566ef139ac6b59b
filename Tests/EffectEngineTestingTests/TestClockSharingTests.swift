import EffectEngine
import EffectEngineTesting
import TestSupport
import Testing

/// H9: a test clock may be shared by several test hosts. Each host counts only its own
/// tasks' sleepers: another host's sleeper does not make it think that nothing can arrive.
@Suite("TestClock shared by several test hosts: each counts its own sleepers (H9)")
struct TestClockSharingTests {
    nonisolated static func says(_ text: String) -> (Issue) -> Bool {
        { $0.comments.map(\.rawValue).joined().contains(text) }
    }

    /// Used to fail at once, "every running task sleeps on a TestClock", counting the
    /// other host's ticker as this host's sleeper.
    @Test func anotherHostsSleeperDoesNotEndAReceiveAtOnce() async {
        let clock = TestClock()
        let gate = Gate()
        let loading = TestHost(
            initialState: Loader.State(), env: Loader.Env { await gate.wait(); return ["a"] }, clock: clock,
            update: Loader.update)
        let ticking = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
        await ticking.send(.start) { $0.isRunning = true }
        await ticking.settle()
        #expect(clock.sleeperCount == 1)
        await loading.send(.load) { $0.isLoading = true }
        await withKnownIssue {
            await loading.receive(.loaded(["a"]), timeout: .milliseconds(50))
        } matching: { issue in
            Self.says("Timed out after 0.05 seconds waiting to receive .loaded([\"a\"])")(issue)
                && !Self.says("every running task sleeps on a TestClock")(issue)
        }
        gate.open()
        await loading.receive(.loaded(["a"]), timeout: TestBounds.hang) {
            $0.isLoading = false
            $0.items = ["a"]
        }
        await loading.finish()
        await ticking.send(.stop) { $0.isRunning = false }
        await ticking.finish()
    }

    @Test func aReceiveWaitsForWorkFromOutsideWhileAnotherHostsTaskSleeps() async {
        let clock = TestClock()
        let gate = Gate()
        let loading = TestHost(
            initialState: Loader.State(), env: Loader.Env { await gate.wait(); return ["a"] }, clock: clock,
            update: Loader.update)
        let ticking = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
        await ticking.send(.start) { $0.isRunning = true }
        await ticking.settle()
        await loading.send(.load) { $0.isLoading = true }
        Task.detached { gate.open() }
        await loading.receive(.loaded(["a"]), timeout: TestBounds.hang) {
            $0.isLoading = false
            $0.items = ["a"]
        }
        await loading.finish()
        await ticking.send(.stop) { $0.isRunning = false }
        await ticking.finish()
    }

    /// A host whose own tasks all sleep on the shared clock still fails at once.
    @Test func aHostsOwnSleepersStillEndAReceiveAtOnce() async {
        let clock = TestClock()
        let first = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
        let second = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
        await first.send(.start) { $0.isRunning = true }
        await second.send(.start) { $0.isRunning = true }
        await clock.advance()
        #expect(clock.sleeperCount == 2)
        let started = ContinuousClock.now
        await withKnownIssue {
            await first.receive(.tick, timeout: TestBounds.pastHang)
        } matching: { Self.says("every running task sleeps on a TestClock")($0) }
        #expect(ContinuousClock.now - started < TestBounds.hang)
        await clock.advance(by: .seconds(1))
        await first.receive(.tick) { $0.count = 1 }
        await second.receive(.tick) { $0.count = 1 }
        await first.send(.stop) { $0.isRunning = false }
        await second.send(.stop) { $0.isRunning = false }
        await first.finish()
        await second.finish()
    }
}
