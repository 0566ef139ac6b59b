import EffectEngine
import Testing

@MainActor
@Suite("The loop: single mutation, serial processing, actions, sequences, send (R1–R4, R11)")
struct LoopRulesTests {
    @Test("R1: every state change is a transition reported with the state it produced")
    func stateChangesOnlyThroughUpdate() {
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(observer: recorder.observer) { state, _ in
            state.count += 1
            return nil
        }
        host.send("a")
        host.send("b")
        #expect(host.state.count == 2)
        #expect(recorder.transitions.map(\.state.count) == [1, 2])
        #expect(recorder.transitions.map(\.event) == ["a", "b"])
    }

    @Test("R2: input events are processed one at a time, in arrival order, never re-entering update")
    func serialProcessing() async {
        var depth = 0
        var maxDepth = 0
        let host = EffectHost<Trace, String, Void>(initialState: Trace()) { state, event in
            depth += 1
            maxDepth = max(maxDepth, depth)
            defer { depth -= 1 }
            state.events.append(event)
            return event == "a" ? .send("a2") : nil
        }
        for event in ["a", "b", "c"] { host.input(event) }
        await host.input.perform("end")
        #expect(host.state.events == ["a", "a2", "b", "c", "end"])
        #expect(maxDepth == 1)
    }

    @Test("R3: an action's event is processed before events already queued; nil ends the chain")
    func actionsRunBeforeQueuedEvents() async {
        let host = TraceHost { _, event in
            switch event {
            case "start": .action { _ in "step" }
            case "step": .action { _ in nil }
            default: nil
            }
        }
        // "queued" is sent while "start" is processed: queued behind the chain (R11),
        // which the action's "step" is part of.
        host.observe { [weak host] activity in
            if case .transition(let step) = activity, step.event == "start" { host?.send("queued") }
        }
        host.send("start")
        #expect(host.state.events == ["start", "step", "queued"])
        await host.input.perform("end")
        #expect(host.state.events == ["start", "step", "queued", "end"])
    }

    @Test("R2: arrival order holds across doors: an event waiting in the mailbox goes before a later send")
    func mailboxEventsGoBeforeALaterSend() async {
        let host = TraceHost { _, _ in nil }
        host.input("a")
        host.send("b")
        #expect(host.state.events == ["a", "b"])
        host.input("c")
        await host.perform("d")
        #expect(host.state.events == ["a", "b", "c", "d"])
    }

    @Test("R4: a sequence runs left to right and processes each action's event, with its effects, in place")
    func sequenceKeepsEveryEvent() {
        let host = TraceHost { _, event in
            switch event {
            case "go":
                .sequence([.send("one"), .sequence([.send("two"), .send("three")]), .send("four")])
            case "two":
                .send("two-child")
            default:
                nil
            }
        }
        host.send("go")
        #expect(host.state.events == ["go", "one", "two", "two-child", "three", "four"])
    }

    @Test("R4: a cancel earlier in a sequence applies before a task later in it")
    func sequenceCancelThenStart() async {
        let host = TraceHost { _, event in
            switch event {
            case "start": .task(name: "t") { _, _ in await untilCancelled() }
            case "restart":
                .sequence([
                    .cancel("t"), .send("between"), .task(name: "t") { _, _ in await untilCancelled() },
                ])
            default: nil
            }
        }
        host.send("start")
        host.send("restart")
        #expect(host.state.events == ["start", "restart", "between"])
        #expect(host.runningTaskNames == ["t"])
        await host.stop()
    }

    @Test("R11: send processes the event and its chain before it returns; tasks are launched, not awaited")
    func sendIsSynchronous() async {
        let started = Signal()
        let release = Signal()
        let host = TraceHost { _, event in
            switch event {
            case "go":
                .sequence([
                    .send("sync"),
                    .task(name: "slow") { input, _ in
                        started.fire()
                        await release.wait()
                        input("late")
                    },
                ])
            default: nil
            }
        }
        host.send("go")
        #expect(host.state.events == ["go", "sync"])
        #expect(host.runningTaskNames == ["slow"])
        await started.wait()
        release.fire()
        await host.stop()
    }

    @Test("R11: a send made while the host is processing is queued behind the current chain")
    func reentrantSendIsQueued() {
        let slot = HostSlot()
        let observer = HostObserver<Trace, String> { activity in
            // Told on the main actor: the host is an `EffectHost`.
            MainActor.assumeIsolated {
                if case .transition(let step) = activity, step.event == "outer", let host = slot.host {
                    host.send("nested")
                    // Not processed yet: the outer chain is still running.
                    #expect(!host.state.events.contains("nested"))
                }
            }
        }
        let host = TraceHost(observer: observer) { _, event in
            event == "outer" ? .send("outer-step") : nil
        }
        slot.host = host
        host.send("outer")
        #expect(host.state.events == ["outer", "outer-step", "nested"])
    }
}

/// Lets an observer reach the host it observes.
@MainActor
final class HostSlot {
    weak var host: TraceHost?
}
