import EffectEngine
import EffectEngineShared
import Testing

struct Failure: Error, Equatable, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

@MainActor
@Suite("Named tasks: replace, cancel, stale events, errors (R5–R7, R14)")
struct TaskRulesTests {
    @Test("R5: three reissues of one name in one turn leave one live task and cancel the other two bodies")
    func threeReissuesInOneTurn() async {
        let cancelled = Log<Int>()
        let allCancelled = Signal()
        let recorder = Recorder<Trace, String>()
        func sleeper(_ number: Int) -> TraceEffect {
            .task(name: "t") { _, _ in
                await untilCancelled()
                cancelled.append(number)
                if cancelled.count == 2 { allCancelled.fire() }
            }
        }
        let host = TraceHost(observer: recorder.observer) { _, event in
            event == "burst" ? .sequence([sleeper(1), sleeper(2), sleeper(3)]) : nil
        }
        host.send("burst")
        #expect(host.runningTaskNames == ["t"])
        await allCancelled.wait()
        #expect(Set(cancelled.values) == [1, 2])
        let replacements = recorder.taskActivities.compactMap { change -> UInt64? in
            if case .replaced(let old, _) = change { old.id } else { nil }
        }
        #expect(replacements == [1, 2])
        await host.stop()
        #expect(Set(cancelled.values) == [1, 2, 3])
    }

    @Test("R5: reissues across turns keep exactly one live task per name")
    func reissuesAcrossTurns() async {
        let live = Log<Int>()
        let host = TraceHost { state, event in
            state.count += 1
            let number = state.count
            return .task(name: "t") { _, _ in
                live.append(number)
                await untilCancelled()
                live.append(-number)
            }
        }
        for _ in 0..<50 { host.send("again") }
        #expect(host.runningTaskNames == ["t"])
        await host.stop()
        let values = live.values
        // Every body that started also ended after cancellation.
        #expect(Set(values.filter { $0 > 0 }) == Set(values.filter { $0 < 0 }.map { -$0 }))
    }

    @Test("R5: unnamed tasks are never replaced")
    func unnamedTasksRunSideBySide() async {
        let started = Log<Int>()
        let bothStarted = Signal()
        let host = TraceHost { state, _ in
            state.count += 1
            let number = state.count
            return .task { _, _ in
                started.append(number)
                if started.count == 2 { bothStarted.fire() }
                await untilCancelled()
            }
        }
        host.send("a")
        host.send("b")
        await bothStarted.wait()
        #expect(host.runningTaskNames.isEmpty)
        await host.stop()
        #expect(Set(started.values) == [1, 2])
    }

    @Test("R6: cancel stops the named task; cancelling an unknown name does nothing")
    func cancelByName() async {
        let ended = Signal()
        let host = TraceHost { _, event in
            switch event {
            case "start":
                .task(name: "t") { _, _ in
                    await untilCancelled()
                    ended.fire()
                }
            case "stop": .cancel("t")
            case "stop-other": .cancel("nothing")
            default: nil
            }
        }
        host.send("start")
        host.send("stop-other")
        #expect(host.runningTaskNames == ["t"])
        host.send("stop")
        #expect(host.runningTaskNames.isEmpty)
        await ended.wait()
    }

    @Test("R7: a task that ignores cancellation and sends late is dropped")
    func lateEventsOfACancelledTaskAreDropped() async {
        let cancelledSeen = Signal()
        let sentLate = Signal()
        let host = TraceHost { _, event in
            switch event {
            case "start":
                .task(name: "t") { input, _ in
                    await untilCancelled()  // ...then carries on regardless
                    cancelledSeen.fire()
                    input("late")
                    await MainActor.run { input.send("late-sent") }
                    await input.perform("late-performed")
                    sentLate.fire()
                }
            case "stop": .cancel("t")
            default: nil
            }
        }
        host.send("start")
        host.send("stop")
        await sentLate.wait()
        await host.input.perform("after")
        #expect(host.state.events == ["start", "stop", "after"])
        #expect(cancelledSeen.hasFired)
    }

    @Test("R7: an event sent before cancellation but still queued when it happens is dropped")
    func queuedEventOfACancelledTaskIsDropped() async {
        // The body runs only when the test runs its executor's jobs, on the main actor's
        // thread: no thread of the cooperative pool is needed while the main actor is held,
        // however busy the suites beside this one keep the pool.
        let executor = DrivenExecutor(runsBetweenDrives: false)
        defer { executor.release() }
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(options: HostOptions(taskExecutor: executor), observer: recorder.observer) { _, event in
            switch event {
            case "search":
                .task(name: "search") { input, _ in input("stale-results") }
            case "search-again": .cancel("search")
            default: nil
            }
        }
        host.send("search")
        // "search-again" waits in the mailbox ahead of the task's event; running the body
        // while the main actor is held keeps both queued, so the task is cancelled while its
        // event waits behind.
        host.input("search-again")
        #expect(executor.runJobs() > 0)
        #expect(host.state.events == ["search"])
        await host.input.perform("after")
        #expect(host.state.events == ["search", "search-again", "after"])
        #expect(recorder.dropped == ["stale-results"])
    }

    @Test("R14: a thrown error reaches the observer with the task's name, and the task counts as ended")
    func errorsAreReported() async {
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(observer: recorder.observer) { _, event in
            event == "load" ? .task(name: "load") { _, _ in throw Failure(reason: "offline") } : nil
        }
        await host.perform("load")
        #expect(host.runningTaskNames.isEmpty)
        #expect(recorder.diagnostics.count == 1)
        guard case .taskFailed(let task, let error)? = recorder.diagnostics.first else {
            Issue.record("expected taskFailed, got \(recorder.diagnostics)")
            return
        }
        #expect(task.name == "load")
        #expect(error as? Failure == Failure(reason: "offline"))
        #expect(recorder.diagnostics.first?.description == "task \"load\" #1 failed: offline")
    }

    @Test("R14: CancellationError is silent")
    func cancellationIsSilent() async {
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(observer: recorder.observer) { _, event in
            switch event {
            case "start": .task(name: "t") { _, _ in try await Task.sleep(for: .seconds(3600)) }
            case "throws": .task(name: "u") { _, _ in throw CancellationError() }
            default: .cancel("t")
            }
        }
        host.send("start")
        await host.perform("throws")
        host.send("stop")
        await host.stop()
        #expect(recorder.diagnostics.isEmpty)
    }
}
