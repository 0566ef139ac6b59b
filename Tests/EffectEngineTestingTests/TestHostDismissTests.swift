import EffectEngine
import EffectEngineTesting
import Testing

/// A screen that runs a timer and can end itself.
private enum Meeting {
    struct State: Equatable { var ticks = 0 }
    enum Event: Equatable, Sendable { case start, tick, end }

    static func update(state: inout State, event: Event) -> Effect<Event, TestClock>? {
        switch event {
        case .start:
            return .task(name: "timer") { input, clock in
                while (try? await clock.sleep(for: .seconds(1))) != nil { input(.tick) }
            }
        case .tick:
            state.ticks += 1
            return nil
        case .end:
            return .dismiss
        }
    }
}

/// A test host presents the feature it tests: a `.dismiss` with nothing around it ends
/// that presentation, as TCA's `TestStore` does (N3).
@Suite("TestHost: a feature that dismisses itself")

struct TestHostDismissTests {
    @Test func aDismissEndsThePresentationAndItsTasks() async {
        let clock = TestClock()
        let host = TestHost(initialState: Meeting.State(), env: clock, clock: clock, update: Meeting.update)
        await host.send(.start)
        await clock.advance(by: .seconds(1))
        await host.receive(.tick) { $0.ticks = 1 }
        #expect(!host.isDismissed)
        await host.send(.end)
        #expect(host.isDismissed)
        #expect(host.runningTaskNames.isEmpty)
        await host.finish()
    }

    @Test func aDismissedFeatureTakesNoMoreEvents() async {
        let host = TestHost(initialState: Meeting.State(), env: TestClock(), update: Meeting.update)
        await host.send(.end)
        await withKnownIssue {
            await host.send(.tick)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "send(.tick) after the feature dismissed itself (it returned .dismiss for end): a dismissed "
                    + "screen takes no more events")
        }
        #expect(host.state.ticks == 0)
    }
}
