import EffectEngine
import EffectEngineTesting
import Testing

@Suite("Non-exhaustive TestHost")

struct NonExhaustiveTests {
    @Test func unassertedChangesAreSkipped() async {
        let host = TestHost(
            initialState: Loader.State(), env: Loader.Env { [] }, exhaustivity: .off, update: Loader.update)
        // The closure is applied to the actual state: it checks the fields it sets.
        await host.send(.chain(2)) { $0.items[0] = "step 2" }
        #expect(host.skippedAssertions.count == 1)
        #expect(host.skippedAssertions.first?.contains(".items[1]\n    − (none)\n    + \"step 1\"") == true)
        await host.finish()
    }

    @Test func assertedFieldsMustStillHold() async {
        let host = TestHost(
            initialState: Loader.State(), env: Loader.Env { [] }, exhaustivity: .off, update: Loader.update)
        await withKnownIssue {
            await host.send(.chain(1)) { $0.error = "nope" }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(".error")
        }
        await host.finish()
    }

    @Test func unreceivedEventsAndRunningTasksAreSkipped() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), exhaustivity: .off,
            update: Ticker.update)
        await host.send(.start)
        await clock.advance(by: .seconds(2))
        await host.receive(.tick)
        await host.finish()
        #expect(host.state.count == 2)
        #expect(host.skippedAssertions.contains { $0.hasPrefix("Skipped 1 unreceived event(s)") })
        #expect(host.skippedAssertions.contains { $0.hasPrefix("Left 1 running task(s)") })
        #expect(clock.sleeperCount == 1)
        await host.stop()
        #expect(clock.sleeperCount == 0)
    }

    @Test func receiveSkipsOtherEventsUntilItsOwn() async {
        let host = TestHost(
            initialState: Loader.State(), env: Loader.Env { [] }, exhaustivity: .off, update: Loader.update)
        host.input(.chain(1))
        host.input(.failed("offline"))
        host.input(.chain(2))
        await host.receive(.failed("offline")) { $0.error = "offline" }
        #expect(host.skippedAssertions.first == "Skipped received event .chain(1)")
        #expect(host.pendingEvents == [.chain(2)])
        await host.send(.reset) { $0 = Loader.State() }
        #expect(
            host.skippedAssertions.contains {
                $0.hasPrefix("Skipped 1 delivered event(s) before send(.reset)")
            })
        await host.finish()
    }

    @Test func showSkippedRecordsKnownIssues() async {
        let host = TestHost(
            initialState: Loader.State(), env: Loader.Env { [] }, exhaustivity: .off(showSkipped: true),
            update: Loader.update)
        await host.send(.chain(2))
        await host.finish()
        #expect(host.skippedAssertions.count == 1)
    }
}
