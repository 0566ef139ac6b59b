import EffectEngine
import EffectEngineTesting
import Testing

/// Tasks sleeping different durations on one clock; each reports its name when it wakes.
private enum Sleepers {
    struct State: Equatable {
        var woken: [String] = []
    }

    enum Event: Equatable, Sendable {
        case sleep(String, Duration)
        case woke(String)
        case cancel(String)
    }

    struct Env: Sendable {
        var clock: TestClock
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .sleep(let name, let duration):
            return .task(name: name) { input, env in
                try await env.clock.sleep(for: duration)
                input(.woke(name))
            }
        case .woke(let name):
            state.woken.append(name)
            return nil
        case .cancel(let name):
            return .cancel(name)
        }
    }
}

@Suite("TestClock (T5)")

struct TestClockTests {
    @Test func timeMovesOnlyWhenAdvanced() async {
        let clock = TestClock()
        #expect(clock.now == .zero)
        await clock.advance(by: .seconds(2))
        #expect(clock.now == .zero.advanced(by: .seconds(2)))
        await clock.advance(to: .zero.advanced(by: .seconds(1)))
        #expect(clock.now == .zero.advanced(by: .seconds(2)))
        await clock.advance(by: .seconds(-1))
        #expect(clock.now.offset == .seconds(2))
    }

    @Test func sleepersWakeInDeadlineOrder() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Sleepers.State(), env: Sleepers.Env(clock: clock), update: Sleepers.update)
        await host.send(.sleep("c", .seconds(3)))
        await host.send(.sleep("a", .seconds(1)))
        await host.send(.sleep("b", .seconds(2)))
        await clock.advance(by: .seconds(3))
        await host.receive(.woke("a")) { $0.woken = ["a"] }
        await host.receive(.woke("b")) { $0.woken = ["a", "b"] }
        await host.receive(.woke("c")) { $0.woken = ["a", "b", "c"] }
        await host.finish()
    }

    @Test func sleepersWithTheSameDeadlineWakeInTheOrderTheySlept() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Sleepers.State(), env: Sleepers.Env(clock: clock), update: Sleepers.update)
        for name in ["x", "y", "z"] { await host.send(.sleep(name, .seconds(1))) }
        await clock.advance(by: .seconds(1))
        await host.receive(.woke("x")) { $0.woken = ["x"] }
        await host.receive(.woke("y")) { $0.woken = ["x", "y"] }
        await host.receive(.woke("z")) { $0.woken = ["x", "y", "z"] }
        await host.finish()
    }

    @Test func advanceLetsTasksAboutToSleepRegisterFirst() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Sleepers.State(), env: Sleepers.Env(clock: clock), update: Sleepers.update)
        await host.send(.sleep("a", .seconds(1)))
        #expect(clock.sleeperCount == 0)
        await clock.advance()
        #expect(clock.sleeperCount == 1)
        #expect(clock.nextDeadline == .zero.advanced(by: .seconds(1)))
        await clock.advance(by: .milliseconds(999))
        #expect(host.pendingEvents.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await host.receive(.woke("a")) { $0.woken = ["a"] }
        await host.finish()
    }

    @Test func runWakesEverySleeper() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Sleepers.State(), env: Sleepers.Env(clock: clock), update: Sleepers.update)
        await host.send(.sleep("late", .seconds(60)))
        await host.send(.sleep("early", .seconds(5)))
        #expect(await clock.run())
        #expect(clock.now.offset == .seconds(60))
        await host.receive(.woke("early")) { $0.woken = ["early"] }
        await host.receive(.woke("late")) { $0.woken = ["early", "late"] }
        await host.finish()
    }

    @Test func runStopsAfterMaxStepsForATimerThatNeverEnds() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), exhaustivity: .off,
            update: Ticker.update)
        await host.send(.start)
        #expect(await clock.run(maxSteps: 5) == false)
        await host.settle()
        #expect(host.state.count == 5)
        await host.finish()
    }

    @Test func cancellingASleeperRemovesIt() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Sleepers.State(), env: Sleepers.Env(clock: clock), update: Sleepers.update)
        await host.send(.sleep("a", .seconds(1)))
        await host.send(.sleep("b", .seconds(1)))
        await clock.advance()
        #expect(clock.sleeperCount == 2)
        await host.send(.cancel("a"))
        await host.settle()
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(1))
        await host.receive(.woke("b")) { $0.woken = ["b"] }
        await host.finish()
        #expect(
            host.activities.contains {
                if case .task(.ended(let task)) = $0 { task.name == "a" } else { false }
            })
    }

    @Test("T5: a sleep until a deadline already reached waits for the next advance, advance() included")
    func sleepingOnAPassedDeadlineWaitsForTheNextAdvance() async {
        let clock = TestClock(now: TestClock.Instant(offset: .seconds(10)))
        let host = TestHost(initialState: Sleepers.State(), env: Sleepers.Env(clock: clock), update: Sleepers.update)
        await host.send(.sleep("now", .zero))
        await host.send(.sleep("past", .seconds(-5)))
        await host.settle()
        #expect(clock.sleeperCount == 2)
        #expect(host.pendingEvents.isEmpty)
        #expect(clock.now == TestClock.Instant(offset: .seconds(10)))
        await clock.advance()
        // In deadline order: the deadline five seconds ago first.
        await host.receive(.woke("past")) { $0.woken = ["past"] }
        await host.receive(.woke("now")) { $0.woken = ["past", "now"] }
        #expect(clock.now == TestClock.Instant(offset: .seconds(10)))
        await host.finish()
    }

    @Test("T5 with T8: a request held by sleep(for: .zero) is cancelled in flight, its answer never arrives")
    func aRequestHeldInFlightIsCancelled() async {
        let clock = TestClock()
        let host = TestHost(initialState: Sleepers.State(), env: Sleepers.Env(clock: clock), update: Sleepers.update)
        let request = await host.send(.sleep("request", .zero))
        #expect(request.tasks.map(\.name) == ["request"])
        #expect(request.isRunning)
        await request.cancel()
        #expect(!request.isRunning)
        #expect(clock.sleeperCount == 0)
        await clock.advance()
        await host.finish()
        #expect(host.state.woken.isEmpty)
    }

    @Test func aCancelledTaskDoesNotSleep() async {
        let clock = TestClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aClockPassedExplicitlyIsConnected() async {
        // The env hides the clock in a closure, where reflection cannot find it.
        let clock = TestClock()
        let env = Loader.Env {
            try await clock.sleep(for: .seconds(1))
            return ["late"]
        }
        let host = TestHost(initialState: Loader.State(), env: env, clock: clock, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await clock.advance(by: .seconds(1))
        #expect(host.pendingEvents == [.loaded(["late"])])
        await host.receive(.loaded(["late"])) {
            $0.isLoading = false
            $0.items = ["late"]
        }
        await host.finish()
    }
}
