import Dispatch
import EffectEngineTesting
import Testing

/// Whether the caller runs on the main queue, which runs the main actor's jobs (on Linux
/// its thread need not be the process's first: `Thread.isMainThread` cannot tell).
private enum MainQueue {
    /// A key whose value only the main queue holds.
    static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) ?? false }
}

/// A feature that says where its `update` ran, and a rendezvous two test hosts' `update`s
/// can only pass together.
private enum Whereabouts {
    struct State: Equatable {
        var count = 0
        var onMainActor: [Bool] = []
        var met = false
    }

    enum Event: Sendable, Equatable {
        case note
        case start
        case tick
        case meet
    }

    struct Env: Sendable {
        var clock: TestClock
        /// Signalled by this host's `update` on `.meet`; the other host's waits on it.
        var arrived = DispatchSemaphore(value: 0)
        var other = DispatchSemaphore(value: 0)
    }

    static func update(state: inout State, event: Event, env: Env) -> Effect<Event, Env>? {
        switch event {
        case .note:
            state.onMainActor.append(MainQueue.isCurrent)
            return nil
        case .start:
            state.onMainActor.append(MainQueue.isCurrent)
            return .task(name: "tick") { input, env in
                try await env.clock.sleep(for: .seconds(1))
                input(.tick)
            }
        case .tick:
            state.count += 1
            state.onMainActor.append(MainQueue.isCurrent)
            return nil
        case .meet:
            // Both `update`s run at once, or neither passes: each says it arrived and waits,
            // bounded, for the other.
            env.arrived.signal()
            state.met = env.other.wait(timeout: .now() + 60) == .success
            return nil
        }
    }

    static func host(env: Env) -> TestHost<State, Event, Env> {
        TestHost(initialState: State(), env: env) { state, event in update(state: &state, event: event, env: env) }
    }

    /// Two envs whose rendezvous meet each other.
    static func pair() -> (Env, Env) {
        var first = Env(clock: TestClock())
        var second = Env(clock: TestClock())
        second.other = first.arrived
        first.other = second.arrived
        return (first, second)
    }
}

@Suite("A test host runs where its test runs (H3)")
struct TestHostIsolationTests {
    @Test("A test with no @MainActor drives its host, its tasks and its clock off the main actor")
    func aTestOffTheMainActorNeedsNoMainActor() async {
        let clock = TestClock()
        let host = Whereabouts.host(env: Whereabouts.Env(clock: clock))
        await host.send(.note) { $0.onMainActor = [false] }
        await host.send(.start) { $0.onMainActor = [false, false] }
        await clock.advance(by: .seconds(1))
        await host.receive(.tick) {
            $0.count = 1
            $0.onMainActor = [false, false, false]
        }
        await host.finish()
    }

    @Test("A @MainActor test drives its host on the main actor, as before")
    @MainActor
    func aMainActorTestKeepsItsHostOnTheMainActor() async {
        #expect(MainQueue.isCurrent)
        let clock = TestClock()
        let host = Whereabouts.host(env: Whereabouts.Env(clock: clock))
        await host.send(.start) { $0.onMainActor = [true] }
        await clock.advance(by: .seconds(1))
        await host.receive(.tick) {
            $0.count = 1
            $0.onMainActor = [true, true]
        }
        await host.finish()
    }

    @Test("Two test hosts driven by two tasks process their events at the same time")
    func twoTestHostsRunAtTheSameTime() async {
        let (first, second) = Whereabouts.pair()
        // Each task is a test as Swift Testing runs it side by side with others: if the
        // hosts shared an actor, one `update` would wait for the other until its bound.
        async let firstMet = Self.meet(Whereabouts.host(env: first))
        async let secondMet = Self.meet(Whereabouts.host(env: second))
        let met = await (firstMet, secondMet)
        #expect(met == (true, true))
    }

    private static func meet(_ host: TestHost<Whereabouts.State, Whereabouts.Event, Whereabouts.Env>) async -> Bool {
        await host.send(.meet) { $0.met = true }
        await host.finish()
        return host.state.met
    }

    @Test("Between two steps nothing runs: the state read is the state the last step left")
    func nothingRunsBetweenSteps() async {
        let clock = TestClock()
        let host = Whereabouts.host(env: Whereabouts.Env(clock: clock))
        await host.send(.start) { $0.onMainActor = [false] }
        // An event sent through the input waits for the host's next step, wherever the
        // test is suspended meanwhile.
        host.input(.tick)
        await Task.yield()
        #expect(host.state.count == 0)
        #expect(host.pendingEvents.isEmpty)
        await host.receive(.tick) {
            $0.count = 1
            $0.onMainActor = [false, false]
        }
        await clock.advance(by: .seconds(1))
        await host.receive(.tick) {
            $0.count = 2
            $0.onMainActor = [false, false, false]
        }
        await host.finish()
    }

    @Test("A test host stopped off the main actor waits for its bodies, and a test host released unfinished still fails")
    func stopAndReleaseOffTheMainActor() async {
        let clock = TestClock()
        let host = Whereabouts.host(env: Whereabouts.Env(clock: clock))
        await host.send(.start) { $0.onMainActor = [false] }
        #expect(host.runningTaskNames == ["tick"])
        await host.stop()
        #expect(host.runningTaskNames.isEmpty)

        await withKnownIssue {
            let released = Whereabouts.host(env: Whereabouts.Env(clock: TestClock()))
            await released.send(.start) { $0.onMainActor = [false] }
        } matching: { issue in
            issue.description.contains("still running")
        }
    }
}
