import EffectEngine
import Testing

@MainActor
@Suite("The observer sees transitions, tasks and diagnostics (R15)")
struct ObserverTests {
    @Test("transitions carry the event, the resulting state, the effect summary and the cause")
    func transitions() async {
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(observer: recorder.observer) { state, event in
            state.count += 1
            switch event {
            case "go": return .sequence([.send("step"), .task(name: "t") { input, _ in input("done") }])
            default: return nil
            }
        }
        await host.perform("go")
        let steps = recorder.transitions
        #expect(steps.map(\.event) == ["go", "step", "done"])
        #expect(steps.map(\.state.count) == [1, 2, 3])
        #expect(steps.map(\.effect) == [.sequence([.action, .task(name: "t")]), nil, nil])
        #expect(steps[0].cause == .external)
        #expect(steps[1].cause == .action)
        #expect(steps[2].cause == .task(TaskInfo(id: 1, name: "t")))
    }

    @Test("task start, replace, cancel, end and failure are reported in order")
    func taskActivity() async {
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(observer: recorder.observer) { _, event in
            switch event {
            case "start": .task(name: "t") { _, _ in await untilCancelled() }
            case "stop": .cancel("t")
            case "fail": .task(name: "f") { _, _ in throw Failure(reason: "boom") }
            default: nil
            }
        }
        host.send("start")
        host.send("start")
        host.send("stop")
        await host.perform("fail")
        await host.stop()
        let lines = recorder.taskActivities.map(\.description)
        // A body's end arrives when its body returns, whenever that is: once waiting in the
        // mailbox, it is processed before the next send (R2). The rest comes in order.
        #expect(lines.filter { $0.hasPrefix("ended task \"t\" #1") }.count == 1)
        #expect(
            lines.filter { !$0.hasPrefix("ended") }.prefix(5) == [
                "started task \"t\" #1",
                "replaced task \"t\" #1 by task \"t\" #2",
                "started task \"t\" #2",
                "cancelled task \"t\" #2",
                "started task \"f\" #3",
            ])
        #expect(lines.contains("failed task \"f\" #3: boom"))
    }

    @Test("every started task is reported ended exactly once, including tasks the stop cancelled")
    func everyTaskEndsOnce() async {
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(observer: recorder.observer) { _, event in
            switch event {
            case "named": .task(name: event) { _, _ in await untilCancelled() }
            case "quick": .task { _, _ in }
            default: .task { _, _ in await untilCancelled() }
            }
        }
        host.send("named")
        host.send("named")
        host.send("unnamed")
        await host.perform("quick")
        #expect(host.runningTaskCount == 2)
        await host.stop()
        #expect(host.runningTaskCount == 0)
        var ends: [UInt64: Int] = [:]
        for case .ended(let task) in recorder.taskActivities { ends[task.id, default: 0] += 1 }
        #expect(ends == [1: 1, 2: 1, 3: 1, 4: 1])
    }

    @Test("combining observers calls each in turn")
    func combining() {
        let first = Recorder<Trace, String>()
        let second = Recorder<Trace, String>()
        let host = TraceHost(observer: .combining([first.observer, second.observer])) { _, _ in nil }
        host.send("a")
        #expect(first.transitions.count == 1)
        #expect(second.transitions.count == 1)
    }
}
