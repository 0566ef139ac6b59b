import EffectEngine
import TestSupport
import Testing

/// Bodies that swallow `CancellationError`, a logout that stops its own host, and errors
/// thrown while stopping (R9, R14). Each of these hung or misreported before the loop core.
@Suite("Stopping: bodies that ignore cancellation, stop from a body, errors while stopping (R9, R14)")
@MainActor
struct StopTests {
    @Test("A bounded stop returns and names a body that ignores its cancellation, reported once")
    func boundedStopNamesTheStubbornBody() async {
        let ticker = StubbornTicker()
        let (host, recorder) = (ticker.host, ticker.recorder)
        defer { ticker.release.fire() }
        host.send("start")
        let stopping = Task { await host.stop(timeout: TestBounds.pastHang) }
        // The grace diagnostic comes first; a second, bounded stop then names the body.
        await ticker.reported.wait()
        let leftBehind = await host.stop(timeout: .milliseconds(50))
        #expect(leftBehind.map(\.name) == ["ticker"])
        #expect(recorder.diagnostics.contains { if case .tasksLeftBehind(let tasks) = $0 { tasks == leftBehind } else { false } })
        #expect(recorder.diagnostics.map(\.description).contains {
            $0.contains("task \"ticker\" #1 is still running") && $0.contains("ignores cancellation")
        })
        // Reported once, however long the body goes on: let the sweep run a few times more.
        let later = await host.stop(timeout: .milliseconds(100))
        #expect(later == leftBehind)
        #expect(ticker.ignoring == [1])
        ticker.release.fire()
        #expect(await stopping.value.isEmpty)
    }

    @Test("A replaced body that ignores its cancellation is reported once, after the grace period")
    func replacedStubbornBodyIsReported() async {
        let ticker = StubbornTicker()
        defer { ticker.release.fire() }
        ticker.host.send("start")
        ticker.host.send("start")
        await ticker.reported.wait()
        #expect(ticker.ignoring == [1])
        _ = await ticker.host.stop(timeout: .milliseconds(100))
    }

    @Test("stop() called from inside one of the host's task bodies returns, and so does every later stop()")
    func stopFromInsideABody() async {
        let box = HostBox()
        let stoppedInside = Signal()
        let host = TraceHost { _, event in
            switch event {
            case "logout":
                .task(name: "logout") { _, _ in
                    await box.host?.stop()
                    stoppedInside.fire()
                }
            case "tick": .run(name: "ticker") { _, _ in await untilCancelled() }
            default: nil
            }
        }
        box.host = host
        host.send("tick")
        host.send("logout")
        await stoppedInside.wait()
        #expect(host.isStopped)
        #expect(host.runningTasks.isEmpty)
        // The logout body has returned by now or soon: a later stop waits for it, bounded.
        #expect(await host.stop(timeout: TestBounds.hang).isEmpty)
        await host.stop()
    }

    @Test("R9: ends of cancelled bodies in an unobserved host wait for the next drain; stop() still counts them")
    func quietEndsStillCount() async {
        let returned = Log<Int>()
        let allReturned = Signal()
        // No grace report within the test: only the stop itself can count the ends.
        let host = TraceHost(options: HostOptions(gracePeriod: .seconds(3_600))) { state, event in
            if event == "cancel" { return .cancel("t") }
            state.count += 1
            let number = state.count
            return .task(name: "t") { _, _ in
                await untilCancelled()
                returned.append(number)
                if returned.count == 4 { allReturned.fire() }
            }
        }
        for _ in 0..<4 { host.send("again") }
        host.send("cancel")
        await allReturned.wait()
        // Every body was cancelled before it returned, and nobody observed: their ends
        // may all still wait in the mailbox. The stop waits for them, and leaves none.
        #expect(await host.stop(timeout: TestBounds.hang).isEmpty)
        #expect(Set(returned.values) == [1, 2, 3, 4])
    }

    @Test("R14: an error thrown by a body while the host stops is reported as a failure")
    func errorWhileStoppingIsAFailure() async {
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(observer: recorder.observer) { _, event in
            event == "save"
                ? .task(name: "save") { _, _ in
                    await untilCancelled()
                    throw Failure(reason: "disk full while stopping")
                } : nil
        }
        host.send("save")
        await host.stop()
        #expect(recorder.taskActivities.contains { if case .failed(let task, _) = $0 { task.name == "save" } else { false } })
        #expect(!recorder.taskActivities.contains { if case .ended(let task) = $0 { task.name == "save" } else { false } })
        #expect(recorder.diagnostics.map(\.description) == ["task \"save\" #1 failed: disk full while stopping"])
    }

    @Test("stop() releases every pending perform and idle wait, and reports .stopped once")
    func stopReleasesWaiters() async {
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(observer: recorder.observer) { _, event in
            event == "hang" ? .run(name: "hang") { _, _ in await untilCancelled() } : nil
        }
        let performing = Task { await host.perform("hang") }
        let waiting = Task { await host.waitUntilIdle() }
        await host.perform("nothing")
        await host.stop()
        await performing.value
        #expect(await waiting.value)
        await host.stop()
        #expect(recorder.activities.filter { if case .stopped = $0 { true } else { false } }.count == 1)
    }
}
