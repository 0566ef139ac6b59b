import Dispatch
import EffectEngine
import EffectEngineShared
import TestSupport
import Testing

/// A feature for hosts on actors: a counter whose events start tasks gated by signals,
/// and a rendezvous that two hosts' `update`s can only pass together.
enum Meeting {
    struct State: Sendable, Equatable {
        var count = 0
        var met = false
        var finished = false
    }

    enum Event: Sendable, Equatable {
        case increment
        case meet
        case start, step, finish
        case load, loaded, cancelLoad
        case hold
    }

    struct Env: Sendable {
        /// Fired by the host's `update` on `.meet`; the other host's `update` waits on it.
        var arrived = DispatchSemaphore(value: 0)
        var other = DispatchSemaphore(value: 0)
        var release = Signal()
    }

    static func update(state: inout State, event: Event, env: Env) -> Effect<Event, Env>? {
        switch event {
        case .increment:
            state.count += 1
            return nil
        case .meet:
            // Both `update`s run at once, or neither passes: each says it arrived and waits,
            // bounded, for the other to say so.
            env.arrived.signal()
            state.met = env.other.wait(timeout: .now() + 60) == .success
            return nil
        case .start:
            return .task(name: "start") { input, _ in await input.perform(.step) }
        case .step:
            return .task(name: "step") { input, env in
                await env.release.waitUnbounded()
                input(.finish)
            }
        case .finish:
            state.finished = true
            return nil
        case .load:
            return .task(name: "load") { input, env in
                await env.release.waitUnbounded()
                input(.loaded)
            }
        case .loaded:
            state.count += 100
            return nil
        case .cancelLoad:
            return .cancel("load")
        case .hold:
            // Held until released, or cancelled (which releases every holder of the env).
            return .task(name: "hold") { _, env in
                await withTaskCancellationHandler {
                    await env.release.waitUnbounded()
                } onCancel: {
                    env.release.fire()
                }
            }
        }
    }

    static func host(
        env: Env = Env(), options: HostOptions = HostOptions(), executor: (any SerialExecutor)? = nil
    ) -> ActorHost<State, Event, Env> {
        ActorHost(initialState: State(), env: env, options: options, executor: executor) { state, event in
            update(state: &state, event: event, env: env)
        }
    }
}

/// A session's actor that drives its host synchronously: it runs on the host's executor.
actor MeetingSession {
    let host = Meeting.host()
    nonisolated var unownedExecutor: UnownedSerialExecutor { host.unownedExecutor }

    func incrementTwice() -> Int {
        host.assumeIsolated { host in
            host.send(.increment)
            host.send(.increment)
            return host.state.count
        }
    }
}

/// Hosts on actors of their own (H1, H2): every rule per host, hosts at the same time.
@Suite("Hosts on any actor: ActorHost keeps the rules, and hosts run at the same time (H1, H2)")
struct ActorHostTests {
    @Test("Two hosts on two actors process events at the same time: their updates meet")
    func twoHostsOverlap() async {
        let (first, second) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        // Each host on a thread of its own: the rendezvous blocks no thread of the pool.
        let a = Meeting.host(
            env: Meeting.Env(arrived: first, other: second), executor: ThreadSerialExecutor())
        let b = Meeting.host(
            env: Meeting.Env(arrived: second, other: first), executor: ThreadSerialExecutor())
        async let sentA: Void = a.send(.meet)
        async let sentB: Void = b.send(.meet)
        _ = await (sentA, sentB)
        #expect(await a.state.met)
        #expect(await b.state.met)
    }

    @Test("send processes the event and its chain before it returns, on the host's actor (R11)")
    func sendIsSynchronousOnTheActor() async {
        let host = Meeting.host()
        await host.send(.increment)
        #expect(await host.state.count == 1)
        let session = MeetingSession()
        #expect(await session.incrementTwice() == 2)
    }

    @Test("A cancelled task's events are dropped and reported (R7)")
    func staleEventsAreDropped() async {
        let env = Meeting.Env()
        let host = Meeting.host(env: env)
        let activities = Log<String>()
        await host.observe { activity in
            if case .task(.ended) = activity { activities.append("ended") }
            if case .droppedEvents(let count, _) = activity { activities.append("dropped \(count)") }
        }
        await host.send(.load)
        await host.send(.cancelLoad)
        #expect(await host.runningTasks.isEmpty)
        env.release.fire()
        await host.stop()
        #expect(await host.state.count == 0)
        #expect(activities.values.contains("dropped 1"))
    }

    @Test("stop from inside a body returns, cancels everything, and later stops return too (R9)")
    func stopFromInsideABody() async {
        let env = Meeting.Env()
        let stoppedInside = Signal()
        let box = Locked<ActorHost<Meeting.State, Meeting.Event, Meeting.Env>?>(nil)
        let host = ActorHost(initialState: Meeting.State(), env: env) {
            (state: inout Meeting.State, event: Meeting.Event) -> Effect<Meeting.Event, Meeting.Env>? in
            switch event {
            case .start:
                return .task(name: "logout") { _, _ in
                    await box.withLock { $0 }?.stop()
                    stoppedInside.fire()
                }
            default:
                return Meeting.update(state: &state, event: event, env: env)
            }
        }
        box.withLock { $0 = host }
        await host.send(.hold)
        await host.send(.start)
        await stoppedInside.wait(seconds: TestBounds.hangSeconds)
        #expect(await withinBound(seconds: TestBounds.hangSeconds) { await host.stop() })
        #expect(await host.isStopped)
        #expect(await host.runningTasks.isEmpty)
        await host.send(.increment)
        #expect(await host.state.count == 0)
        box.withLock { $0 = nil }
    }

    @Test("perform settles the whole tree, with a perform made by one of its tasks (R10)")
    func performFromATask() async {
        let env = Meeting.Env()
        let host = Meeting.host(env: env)
        let performing = Task { await host.perform(.start) }
        env.release.fire()
        #expect(await withinBound(seconds: TestBounds.hangSeconds) { await performing.value })
        #expect(await host.state.finished)
        #expect(await host.runningTasks.isEmpty)
    }

    @Test("Idle agrees with the running tasks (R17), for bodies on the pool and on the host's actor")
    func idleAgreesWithRunningTasks() async {
        for isolation in [TaskIsolation.concurrent, .mainActor] {
            let env = Meeting.Env()
            let host = Meeting.host(env: env, options: HostOptions(taskIsolation: isolation))
            await host.send(.hold)
            #expect(await host.runningTaskNames == ["hold"])
            #expect(await !host.waitUntilIdle(timeout: .zero))  // asks, without waiting: the held body keeps it busy
            env.release.fire()
            #expect(await host.waitUntilIdle(timeout: TestBounds.hang))
            #expect(await host.runningTasks.isEmpty)
            await host.perform(.start)
            #expect(await host.state.finished)
        }
    }

    @Test("Input.send on the main actor, which is not the host's, enqueues: the host's actor processes it")
    @MainActor
    func wrongActorSendEnqueues() async {
        let host = Meeting.host()
        host.input.send(.increment)
        #expect(await host.waitUntilIdle(timeout: TestBounds.hang))
        #expect(await host.state.count == 1)
    }

    @Test("An observer is told on the host's actor, until it is removed (R15, R16, H8)")
    func observersOnTheHostActor() async {
        let host = Meeting.host()
        let settled = Log<Int>()
        let subscription = await host.observe(HostObserver { activity in
            if case .settled(let state) = activity { settled.append(state.count) }
        })
        await host.send(.increment)
        await host.send(.increment)
        await host.removeObserver(subscription)
        await host.send(.increment)
        #expect(settled.values == [1, 2])
    }

    @Test("states delivers settled states read on the host's actor, and ends when it stops")
    func statesStream() async {
        let host = Meeting.host()
        var reader = host.states(of: \.count).makeAsyncIterator()
        #expect(await reader.next() == 0)
        await host.send(.increment)
        #expect(await reader.next() == 1)
        await host.stop()
        #expect(await reader.next() == nil)
    }
}
