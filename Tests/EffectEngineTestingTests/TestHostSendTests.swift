import EffectEngine
import EffectEngineTesting
import Testing

@Suite("TestHost.send (T1)")
@MainActor
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
}
