import EffectEngine
import EffectEngineTesting
import Testing

@Suite("TestHost.send (T1)")

struct TestHostSendTests {
    @Test func passesWhenTheClosureDescribesTheChange() async {
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: TestClock()), update: Ticker.update)
        await host.send(.tick) { $0.count = 1 }
        await host.send(.tick) { $0.count = 2 }
        await host.finish()
    }

    @Test func assertsTheStateAfterTheWholeSynchronousChain() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { [] }, update: Loader.update)
        await host.send(.chain(3)) { $0.items = ["step 3", "step 2", "step 1"] }
        await host.receive(.chain(2))
        await host.receive(.chain(1))
        await host.finish()
    }

    @Test func failsWithADiffWhenTheStateDiffers() async {
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: TestClock()), update: Ticker.update)
        await withKnownIssue {
            await host.send(.tick) { $0.count = 2 }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("State after send(.tick) differs")
                && text.contains(".count\n    − 2\n    + 1")
        }
        await host.finish()
    }

    @Test func failsWhenStateChangedButNothingWasAsserted() async {
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: TestClock()), update: Ticker.update)
        await withKnownIssue {
            await host.send(.tick)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(".count")
        }
        await host.finish()
    }

    @Test func failsWhenTheAssertionThrows() async {
        struct Oops: Error {}
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: TestClock()), update: Ticker.update)
        await withKnownIssue {
            await host.send(.tick) { _ in throw Oops() }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("threw")
        }
        await host.finish()
    }

    @Test func failsWhenADeliveredEventWasNotReceived() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { ["a"] }, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await withKnownIssue {
            await host.send(.reset) { $0 = Loader.State() }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "Must receive 1 delivered event(s) before send(.reset)")
        }
        await host.finish()
    }

    @Test func reportsTheCallSite() async {
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: TestClock()), update: Ticker.update)
        let line = #line + 2
        await withKnownIssue {
            await host.send(.tick)
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
        }
        await host.finish()
    }

    @Test func sendAfterStopFails() async {
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: TestClock()), update: Ticker.update)
        await host.stop()
        await withKnownIssue {
            await host.send(.tick) { $0.count = 1 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("after stop()")
        }
    }

    /// What has run when `send` returns: the event and its chain, and the tasks they
    /// started are launched, none of their bodies run; the next settle runs them, each up
    /// to its first wait on something the test has not yet moved (a TestClock's sleep).
    @Test func whenSendReturnsNoBodyOfTheTasksItStartedHasRun() async {
        let clock = TestClock()
        let opened = LockedValue<[String]>([])
        let host = TestHost(
            initialState: Opener.State(), env: Opener.Env(clock: clock) { _, step in opened.withValue { $0.append(step) } },
            update: Opener.update)
        await host.send(.openTapped) { $0.isOpening = true }
        #expect(opened.value == [])
        #expect(host.runningTaskNames == ["open"])
        await host.settle()
        #expect(opened.value == ["before the pause"])
        await clock.advance(by: .seconds(1))
        #expect(opened.value == ["before the pause", "after the pause"])
        await host.receive(.opened) { $0.isOpening = false }
        await host.finish()
    }
}

/// Opens a screen through its env, in two calls a second apart.
enum Opener {
    struct State: Equatable {
        var isOpening = false
    }

    enum Event: Equatable, Sendable {
        case openTapped
        case opened
    }

    struct Env: Sendable {
        var clock: TestClock
        var open: @Sendable (Int, String) -> Void
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .openTapped:
            state.isOpening = true
            return .task(name: "open") { input, env in
                env.open(1, "before the pause")
                try await env.clock.sleep(for: .seconds(1))
                env.open(2, "after the pause")
                input(.opened)
            }
        case .opened:
            state.isOpening = false
            return nil
        }
    }
}
