import EffectEngine
import EffectEngineTesting
import Testing

@testable import counter

@Suite("Counter feature, with TestHost and TestClock")

struct CounterFeatureTests {
    let clock = TestClock()

    func makeHost() -> TestHost<Counter.State, Counter.Event, Counter.Env> {
        TestHost(initialState: Counter.State(), env: .mock(clock: clock), update: Counter.update)
    }

    @Test func ticksExactlyAsTheClockAdvances() async {
        let host = makeHost()
        await host.send(.start) { $0.isRunning = true }
        await clock.advance(by: .seconds(1))
        await host.receive(.tick) { $0.count = 1 }
        await clock.advance(by: .milliseconds(2_500))
        await host.receive(.tick) { $0.count = 2 }
        await host.receive(.tick) { $0.count = 3 }
        #expect(host.pendingEvents.isEmpty)
        await clock.advance(by: .milliseconds(500))
        await host.receive(.tick) { $0.count = 4 }
        await host.send(.stop) { $0.isRunning = false }
        await clock.advance(by: .seconds(10))
        #expect(host.pendingEvents.isEmpty)
        await host.finish()
    }

    @Test func resetKeepsTheTickerRunning() async {
        let host = makeHost()
        await host.send(.start) { $0.isRunning = true }
        await clock.advance(by: .seconds(2))
        await host.receive(.tick) { $0.count = 1 }
        await host.receive(.tick) { $0.count = 2 }
        await host.send(.reset) { $0.count = 0 }
        #expect(host.runningTaskNames == [Counter.ticker])
        await clock.advance(by: .seconds(1))
        await host.receive(.tick) { $0.count = 1 }
        await host.send(.stop) { $0.isRunning = false }
        await host.finish()
    }

    @Test func restartingReplacesTheTicker() async {
        let host = makeHost()
        await host.send(.start) { $0.isRunning = true }
        await clock.advance(by: .milliseconds(600))
        await host.send(.start)
        await clock.advance(by: .milliseconds(600))
        #expect(host.pendingEvents.isEmpty)
        await clock.advance(by: .milliseconds(400))
        await host.receive(.tick) { $0.count = 1 }
        await host.send(.stop) { $0.isRunning = false }
        await host.finish()
    }

    /// `start` counts on from the count it finds, so a kept count survives a restart.
    @Test func updateStartsAndCancelsTheTicker() {
        let spec = UpdateSpec(Counter.update)
        spec.given(Counter.State(count: 3)).when(.start).then(effect: .task(name: Counter.ticker)) {
            $0.isRunning = true
        }
        spec.given(Counter.State(count: 3, isRunning: true)).when(.stop).then(
            Counter.State(count: 3, isRunning: false), effect: .cancel(Counter.ticker))
    }
}
