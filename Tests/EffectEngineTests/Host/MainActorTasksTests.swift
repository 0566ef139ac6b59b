import EffectEngine
import TestSupport
import Testing

/// Bodies on the main actor (`HostOptions.taskIsolation = .mainActor`): each starts within
/// the `send` that issued it and may send, stop its host, return or throw before the launch
/// has returned. The rules hold as they do for bodies off the main actor (R2, R5, R7, R9,
/// R10, R14).
@Suite("Bodies on the main actor: started within send, same rules (R2, R5, R7, R9, R10, R14)")
@MainActor
struct MainActorTasksTests {
    static let onMainActor = HostOptions(taskIsolation: .mainActor)

    @Test("A body starts within the send that issued it and runs on the main actor, before and after it suspends")
    func aBodyStartsWithinTheSend() async {
        let steps = Log<String>()
        let host = TraceHost(options: Self.onMainActor) { _, event in
            event == "go"
                ? .task(name: "t") { _, _ in
                    // `#isolation` goes through a typed local: compared with `===` directly, it
                    // crashes Swift 6.3.1's release build (a broken phi; see TestHost.runUntilQuiet).
                    let started: (any Actor)? = #isolation
                    steps.append("started on the main actor: \(started === MainActor.shared)")
                    await Task.yield()
                    let resumed: (any Actor)? = #isolation
                    steps.append("resumed on the main actor: \(resumed === MainActor.shared)")
                } : nil
        }
        host.send("go")
        #expect(steps.values == ["started on the main actor: true"])
        #expect(await host.waitUntilIdle(timeout: TestBounds.hang))
        #expect(steps.values == ["started on the main actor: true", "resumed on the main actor: true"])
    }

    @Test("The default runs bodies off the main actor, after the send returns")
    func theDefaultIsConcurrent() async {
        #expect(HostOptions().taskIsolation == .concurrent)
        let onMain = Log<Bool>()
        let host = TraceHost { _, event in
            event == "go"
                ? .task { _, _ in
                    // A typed local, as above: a release-build crash otherwise.
                    let isolation: (any Actor)? = #isolation
                    onMain.append(isolation === MainActor.shared)
                } : nil
        }
        host.send("go")
        #expect(await host.waitUntilIdle(timeout: TestBounds.hang))
        #expect(onMain.values == [false])
    }

    @Test("R2: events a body sends before it suspends wait behind the chain, then are processed within the same send")
    func eventsWaitBehindTheChain() async {
        let host = TraceHost(options: Self.onMainActor) { _, event in
            switch event {
            case "go":
                .sequence([
                    .task { input, _ in
                        input("from task")
                        await Task.yield()
                        input("after suspending")
                    },
                    .send("after"),
                ])
            default: nil
            }
        }
        host.send("go")
        #expect(host.state.events == ["go", "after", "from task"])
        #expect(await host.waitUntilIdle(timeout: TestBounds.hang))
        #expect(host.state.events == ["go", "after", "from task", "after suspending"])
    }

    @Test("Bodies that keep sending at once never hold a send: it returns after one drain's budget, and stop() ends them")
    func endlessSynchronousSendsYield() async {
        let host = TraceHost(options: Self.onMainActor) { state, event in
            state.count += 1
            return .task { input, _ in input("again") }
        }
        host.send("again")
        #expect(host.state.count > 1)
        #expect(host.state.count <= 16_385)
        await host.stop()
        #expect(host.isStopped)
    }

    @Test("R10: perform waits for the event a body sends, and for a body's own perform that replaces it")
    func performSettlesTheTree() async {
        let host = TraceHost(options: Self.onMainActor) { _, event in
            switch event {
            case "load": .task(name: "load") { input, _ in input("loaded") }
            case "refresh": .task(name: "load") { input, _ in await input.perform("retry") }
            case "retry":
                .task(name: "load") { input, _ in
                    await Task.yield()
                    input("retried")
                }
            default: nil
            }
        }
        await host.perform("load")
        #expect(host.state.events == ["load", "loaded"])
        await host.perform("refresh")
        #expect(host.state.events.suffix(3) == ["refresh", "retry", "retried"])
        #expect(host.runningTasks.isEmpty)
    }

    @Test("R14: bodies that return or throw before their launch returned end, reported in order")
    func bodiesThatEndAtOnce() async {
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(options: Self.onMainActor, observer: recorder.observer) { _, event in
            switch event {
            case "ok": .task(name: "ok") { _, _ in }
            case "bad": .task(name: "bad") { _, _ in throw Failure(reason: "offline") }
            case "cancel": .task(name: "quiet") { _, _ in throw CancellationError() }
            default: nil
            }
        }
        await host.perform("ok")
        await host.perform("bad")
        await host.perform("cancel")
        let changes = recorder.taskActivities.map { change -> String in
            switch change {
            case .started(let task): "started \(task.name ?? "")"
            case .ended(let task): "ended \(task.name ?? "")"
            case .failed(let task, let error): "failed \(task.name ?? ""): \(error)"
            default: "\(change)"
            }
        }
        #expect(changes == ["started ok", "ended ok", "started bad", "failed bad: offline", "started quiet", "ended quiet"])
        #expect(host.runningTasks.isEmpty)
    }

    @Test("R5, R7: a reissue cancels the old body, whose late events are dropped and counted")
    func replacementDropsLateEvents() async {
        let recorder = Recorder<Trace, String>()
        let lateSent = Log<Int>()
        let host = TraceHost(options: Self.onMainActor, observer: recorder.observer) { state, event in
            guard event == "again" else { return nil }
            state.count += 1
            let number = state.count
            return .task(name: "t") { input, _ in
                await untilCancelled()
                input("late \(number)")
                lateSent.append(number)
            }
        }
        host.send("again")
        host.send("again")
        host.send("again")
        #expect(host.runningTaskNames == ["t"])
        await host.stop()
        #expect(Set(lateSent.values) == [1, 2, 3])
        #expect(host.state.events == ["again", "again", "again"])
        let dropped = recorder.activities.reduce(0) { total, activity in
            if case .droppedEvents(let count, _) = activity { total + count } else { total }
        }
        #expect(dropped == 3)
    }

    @Test("R9: stop() as a body's first statement returns, inside the send, and later stops return too")
    func stopAtTheStartOfABody() async {
        let box = HostBox()
        let stopped = Log<Bool>()
        let host = TraceHost(options: Self.onMainActor) { _, event in
            switch event {
            case "tick": .run(name: "ticker") { _, _ in await untilCancelled() }
            case "logout":
                .task(name: "logout") { _, _ in
                    await box.host?.stop()
                    stopped.append(await box.host?.isStopped ?? false)
                }
            default: nil
            }
        }
        box.host = host
        host.send("tick")
        host.send("logout")
        #expect(host.isStopped)
        #expect(await host.stop(timeout: TestBounds.hang).isEmpty)
        #expect(stopped.values == [true])
        #expect(host.runningTasks.isEmpty)
    }

    @Test("R9: a body that swallows its cancellation in a loop of sleeps does not hold the loop: it is reported and left behind")
    func aStubbornBodyIsReported() async {
        let ticker = StubbornTicker(.sleepsUntilRelease, taskIsolation: .mainActor)
        let host = ticker.host
        defer { ticker.release.fire() }
        host.send("start")
        let stopping = Task { await host.stop(timeout: TestBounds.pastHang) }
        // The grace report needs the main actor while the body spins on it.
        await ticker.reported.wait()
        let leftBehind = await host.stop(timeout: .milliseconds(50))
        #expect(leftBehind.map(\.name) == ["ticker"])
        #expect(ticker.ignoring == [1])
        ticker.release.fire()
        #expect(await stopping.value.isEmpty)
    }

    @Test("Releasing the host cancels a body asleep on the main actor")
    func releaseCancels() async {
        let ended = Signal()
        var host: TraceHost? = TraceHost(options: Self.onMainActor) { _, event in
            event == "go"
                ? .task(name: "t") { _, _ in
                    await untilCancelled()
                    ended.fire()
                } : nil
        }
        host?.send("go")
        host = nil
        await ended.wait()
    }
}
