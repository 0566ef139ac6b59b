import EffectEngine
import EffectEngineTesting
import TestSupport
import Testing

@Suite("TestHost.receive (T2)")

struct TestHostReceiveTests {
    @Test func receivesWhatATaskDelivered() async {
        let host = TestHost(
            initialState: Loader.State(), env: Loader.Env { ["a", "b"] }, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await host.receive(.loaded(["a", "b"])) {
            $0.isLoading = false
            $0.items = ["a", "b"]
        }
        await host.finish()
    }

    @Test func timerTicksExactlyAsTheClockAdvances() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
        await host.send(.start) { $0.isRunning = true }
        await clock.advance(by: .seconds(1))
        await host.receive(.tick) { $0.count = 1 }
        await clock.advance(by: .milliseconds(999))
        #expect(host.pendingEvents.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await host.receive(.tick) { $0.count = 2 }
        await clock.advance(by: .seconds(3))
        await host.receive(.tick) { $0.count = 3 }
        await host.receive(.tick) { $0.count = 4 }
        await host.receive(.tick) { $0.count = 5 }
        await host.send(.stop) { $0.isRunning = false }
        await host.finish()
    }

    @Test func failsOnADifferentEventWithADiff() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { ["a"] }, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await withKnownIssue {
            await host.receive(.loaded(["b"]))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Received an unexpected event")
                && text.contains("(.loaded)[0]\n    − \"b\"\n    + \"a\"")
        }
        await host.finish()
    }

    @Test func failsAtOnceWhenEveryTaskSleepsOnTheTestClock() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
        await host.send(.start) { $0.isRunning = true }
        let started = ContinuousClock.now
        await withKnownIssue {
            // A timeout that would fail the test's time bound below if it were waited out.
            await host.receive(.tick, timeout: TestBounds.pastHang) { $0.count = 1 }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Nothing can arrive for receive(.tick): every running task sleeps on a TestClock")
                && text.contains("task \"ticker\" #1")
        }
        #expect(ContinuousClock.now - started < TestBounds.hang)
        await host.send(.stop) { $0.isRunning = false }
        await host.finish()
    }

    @Test func aTimeoutSaysWhenATaskSleepsOnAClockTheTestDoesNotControl() async {
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: ContinuousClock(), interval: .seconds(3600)),
            update: Ticker.update)
        await host.send(.start) { $0.isRunning = true }
        await withKnownIssue {
            await host.receive(.tick, timeout: .milliseconds(20)) { $0.count = 1 }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Timed out after 0.02 seconds waiting to receive .tick")
                && text.contains("task \"ticker\" #1")
                && text.contains("They wait on something other than a TestClock connected to this host")
                && text.contains("pass a TestClock in the test")
        }
        await host.send(.stop) { $0.isRunning = false }
        await host.finish()
    }

    @Test func receivesByPredicateEventsThatAreNotEquatable() async {
        let host = TestHost(initialState: Fetch.State(), env: Fetch.Env(), update: Fetch.update)
        await host.send(.load) { $0.isLoading = true }
        await host.receive(matching: { if case .failed = $0 { true } else { false } }) {
            $0.isLoading = false
            $0.error = "offline"
        }
        await host.finish()
    }

    @Test func aPredicateThatRejectsTheNextEventFailsNamingIt() async {
        let host = TestHost(initialState: Fetch.State(), env: Fetch.Env(), update: Fetch.update)
        await host.send(.load) { $0.isLoading = true }
        await withKnownIssue {
            await host.receive(matching: { if case .load = $0 { true } else { false } })
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "Received .failed(Offline()), which is not an event matching the predicate")
        }
        await host.finish()
    }

    @Test func waitsForWorkFromOutsideTheTestHost() async {
        // The fetch hops to a detached task, outside the test host's executor: receive
        // waits for its result, bounded by the timeout.
        let env = Loader.Env {
            await Task.detached { ["far"] }.value
        }
        let host = TestHost(initialState: Loader.State(), env: env, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await host.receive(.loaded(["far"]), timeout: TestBounds.hang) {
            $0.isLoading = false
            $0.items = ["far"]
        }
        await host.finish()
    }

    @Test func receivesEventsSentThroughTheInput() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { [] }, update: Loader.update)
        host.input(.chain(2))
        await host.receive(.chain(2)) { $0.items = ["step 2", "step 1"] }
        await host.receive(.chain(1))
        await host.finish()
    }
}

/// A feature whose event carries an `Error`: not `Equatable`, so received by predicate.
private enum Fetch {
    struct State: Equatable {
        var isLoading = false
        var error: String?
    }

    enum Event: Sendable {
        case load
        case failed(any Error)
    }

    struct Offline: Error {}

    struct Env: Sendable {}

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .load:
            state.isLoading = true
            return .task(name: "load") { input, _ in input(.failed(Offline())) }
        case .failed:
            state.isLoading = false
            state.error = "offline"
            return nil
        }
    }
}
