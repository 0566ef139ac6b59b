import EffectEngine
import Testing

final class Dependencies: Sendable {}

@MainActor
@Suite("Env and lifetime (R8, R9)")
struct LifetimeTests {
    @Test("R8: the env is the same value in every task and action")
    func envIsCapturedOnce() async {
        let env = Dependencies()
        let seen = Log<ObjectIdentifier>()
        let host = EffectHost<Trace, String, Dependencies>(initialState: Trace(), env: env) { state, event in
            state.events.append(event)
            switch event {
            case "go":
                return .sequence([
                    .action { env in
                        seen.append(ObjectIdentifier(env))
                        return "step"
                    },
                    .task { input, env in
                        seen.append(ObjectIdentifier(env))
                        input("from-task")
                    },
                ])
            case "from-task":
                return .task(name: "second") { _, env in seen.append(ObjectIdentifier(env)) }
            default:
                return nil
            }
        }
        await host.perform("go")
        #expect(seen.count == 3)
        #expect(Set(seen.values) == [ObjectIdentifier(env)])
    }

    @Test("R9: stop returns only after every task body returned")
    func stopAwaitsBodies() async {
        let returned = Log<Int>()
        let host = EffectHost<Trace, String, Void>(initialState: Trace()) { state, _ in
            state.count += 1
            let number = state.count
            return .task(name: "t\(number)") { _, _ in
                await untilCancelled()
                // Ignores cancellation for a while before returning.
                for _ in 0..<200 { await Task.yield() }
                returned.append(number)
            }
        }
        for _ in 0..<5 { host.send("start") }
        #expect(host.runningTaskNames.count == 5)
        await host.stop()
        #expect(Set(returned.values) == [1, 2, 3, 4, 5])
        #expect(host.runningTaskNames.isEmpty)
    }

    @Test("R9: after stop, input and send are inert and perform returns at once")
    func inertAfterStop() async {
        let host = TraceHost { _, _ in .task(name: "t") { _, _ in await untilCancelled() } }
        host.send("before")
        await host.stop()
        #expect(host.isStopped)
        host.send("sent")
        host.input("enqueued")
        host.input.send("input-sent")
        await host.perform("performed")
        await host.input.perform("input-performed")
        #expect(host.state.events == ["before"])
        #expect(host.runningTaskNames.isEmpty)
        await host.stop()  // a second stop returns too
    }

    @Test("R9: concurrent stops both wait for the bodies")
    func concurrentStops() async {
        let returned = Signal()
        let host = TraceHost { _, _ in
            .task(name: "t") { _, _ in
                await untilCancelled()
                for _ in 0..<100 { await Task.yield() }
                returned.fire()
            }
        }
        host.send("start")
        async let first: Void = host.stop()
        async let second: Void = host.stop()
        _ = await (first, second)
        #expect(returned.hasFired)
    }

    @Test("R9: releasing a host cancels its tasks, which do not keep it alive")
    func releaseCancelsTasks() async {
        let cancelled = Signal()
        weak var weakHost: TraceHost?
        do {
            let host = TraceHost { _, _ in
                .task(name: "t") { input, _ in
                    await untilCancelled()
                    cancelled.fire()
                    input("late")
                }
            }
            weakHost = host
            host.send("start")
        }
        #expect(weakHost == nil)
        await cancelled.wait()
    }

    @Test("R9: releasing a host releases a task's Input.perform still waiting on its tree")
    func releaseReleasesTreeWaiters() async {
        let performing = Signal()
        let returned = Signal()
        weak var weakHost: TraceHost?
        do {
            let host = TraceHost { _, event in
                switch event {
                case "start":
                    .task(name: "outer") { input, _ in
                        performing.fire()
                        await input.perform("inner")
                        returned.fire()
                    }
                case "inner":
                    .run(name: "inner") { _, _ in await untilCancelled() }
                default: nil
                }
            }
            weakHost = host
            host.send("start")
            await performing.wait()
            // The inner event reaches the host and opens a tree waiting on "inner".
            await host.perform("probe")
            #expect(host.runningTaskNames == ["inner", "outer"])
        }
        #expect(weakHost == nil)
        await returned.wait()
    }
}
