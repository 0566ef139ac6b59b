import EffectEngine
import TestSupport
import Testing

@MainActor
@Suite("perform settles the whole causal tree (R10)")
struct PerformTests {
    /// load → task sends loaded (enqueued, not performed) → loaded starts save →
    /// save's task sends saved.
    static func loadAndSave(_ state: inout Trace, _ event: String) -> TraceEffect? {
        switch event {
        case "load":
            return .task(name: "load") { input, _ in
                await Task.yield()
                input("loaded")
            }
        case "loaded":
            return .task(name: "save") { input, _ in
                await Task.yield()
                input("saved")
            }
        default:
            return nil
        }
    }

    @Test("perform waits for events a task enqueued and for their own effects")
    func seesEnqueuedEventsAndTheirEffects() async {
        let host = TraceHost(effects: Self.loadAndSave)
        await host.perform("load")
        #expect(host.state.events == ["load", "loaded", "saved"])
        #expect(host.runningTaskNames.isEmpty)
    }

    @Test("perform through the input works from a detached task")
    func fromADetachedTask() async {
        let host = TraceHost(effects: Self.loadAndSave)
        let input = host.input
        await Task.detached { await input.perform("load") }.value
        #expect(host.state.events == ["load", "loaded", "saved"])
    }

    @Test("perform from inside a task returns after the inner tree settled")
    func fromInsideATask() async {
        let order = Log<String>()
        let host = TraceHost { _, event in
            switch event {
            case "outer":
                return .task(name: "outer") { input, _ in
                    await input.perform("inner")
                    order.append("inner performed")
                }
            case "inner":
                return .task(name: "inner") { input, _ in
                    await Task.yield()
                    input("inner-done")
                }
            case "inner-done":
                order.append("inner-done processed")
                return nil
            default:
                return nil
            }
        }
        await host.perform("outer")
        #expect(order.values == ["inner-done processed", "inner performed"])
        #expect(host.state.events == ["outer", "inner", "inner-done"])
    }

    @Test("a task of the tree replaced from outside counts as ended")
    func replacedFromOutside() async {
        let started = Signal()
        let host = TraceHost { _, event in
            switch event {
            case "wait-forever":
                .task(name: "t") { _, _ in
                    started.fire()
                    await untilCancelled()
                }
            case "replace":
                .task(name: "t") { _, _ in await untilCancelled() }
            default:
                nil
            }
        }
        let performer = Task { await host.perform("wait-forever") }
        await started.wait()
        host.send("replace")
        let returned = await withinBound(seconds: TestBounds.hangSeconds) { await performer.value }
        #expect(returned)
        await host.stop()
    }

    @Test("perform does not return while a task of its tree runs")
    func notTooEarly() async {
        let release = Signal()
        let started = Signal()
        let host = TraceHost { _, event in
            event == "slow"
                ? .task(name: "slow") { input, _ in
                    started.fire()
                    await release.waitUnbounded()
                    input("finished")
                } : nil
        }
        let returned = Signal()
        let performer = Task {
            await host.perform("slow")
            returned.fire()
        }
        await started.wait()
        await host.input.perform("probe")  // lets the main actor turn over
        #expect(!returned.hasFired)
        release.fire()
        await performer.value
        #expect(host.state.events == ["slow", "probe", "finished"])
    }

    @Test("perform returns at once after stop, and a waiting perform returns when the host stops")
    func stopReleasesPerformers() async {
        let started = Signal()
        let host = TraceHost { _, event in
            event == "forever"
                ? .task(name: "t") { _, _ in
                    started.fire()
                    await untilCancelled()
                } : nil
        }
        let performer = Task { await host.input.perform("forever") }
        await started.wait()
        await host.stop()
        #expect(await withinBound(seconds: TestBounds.hangSeconds) { await performer.value })
        await host.perform("ignored")
        await host.input.perform("ignored")
        #expect(host.state.events == ["forever"])
    }

    @Test("a perform whose event has no effect returns at once")
    func noEffect() async {
        let host = TraceHost { _, _ in nil }
        await host.perform("plain")
        #expect(host.state.events == ["plain"])
    }

    @Test("R10: a task's own Input.perform that replaces the task keeps the tree open until its tree settles")
    func performThatReplacesItsOwnTask() async {
        let host = TraceHost { state, event in
            switch event {
            case "refresh":
                return .task(name: "load") { input, _ in await input.perform("retry") }
            case "retry":
                return .task(name: "load") { input, _ in
                    await Task.yield()
                    input("loaded")
                }
            default:
                return nil
            }
        }
        await host.perform("refresh")
        #expect(host.state.events == ["refresh", "retry", "loaded"])
        #expect(host.runningTasks.isEmpty)
    }

    @Test("R10: a task's own Input.perform of a sequence that cancels the task waits for the rest of the sequence")
    func performThatCancelsItsOwnTask() async {
        let host = TraceHost { state, event in
            switch event {
            case "upload":
                return .task(name: "upload") { input, _ in await input.perform("save") }
            case "save":
                return .sequence([
                    .cancel("upload"),
                    .task(name: "save") { input, _ in
                        await Task.yield()
                        input("saved")
                    },
                ])
            default:
                return nil
            }
        }
        await host.perform("upload")
        #expect(host.state.events == ["upload", "save", "saved"])
    }

    @Test("A bounded perform gives up after its timeout while the tree goes on, and says so")
    func boundedPerform() async {
        let host = TraceHost { _, event in
            event == "tick" ? .run(name: "ticker") { _, _ in await untilCancelled() } : nil
        }
        #expect(await host.perform("tick", timeout: .milliseconds(20)) == false)
        #expect(host.runningTaskNames == ["ticker"])
        #expect(await host.perform("plain", timeout: TestBounds.hang))
        await host.stop()
    }

    @Test("A bounded perform on a stopped host returns false at once, processing nothing")
    func boundedPerformAfterStop() async {
        let host = TraceHost { _, _ in nil }
        await host.stop()
        let settled = await host.perform("ignored", timeout: TestBounds.hang)
        #expect(settled == false, "a stopped host's tree did not settle: its event was dropped")
        #expect(host.state.events.isEmpty)
    }
}
