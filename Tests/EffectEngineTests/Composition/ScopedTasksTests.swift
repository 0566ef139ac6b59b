import EffectEngine
import Testing

@MainActor
@Suite("A child's task keeps its identity through map and scopes (C1)")
struct ScopedTasksTests {
    @Test("sibling children each run their own load; each reissue replaces only its own (R5)")
    func siblingsDoNotCollide() async {
        let recorder = Recorder<RowList.State, RowList.Event>()
        let host = RowListHost(rows: 1...3, observer: recorder.observer)
        for id in 1...3 { host.send(.row(id, .sleep)) }
        #expect(host.runningTaskNames == ["rows/1/load", "rows/2/load", "rows/3/load"])
        host.send(.row(2, .sleep))
        #expect(host.runningTaskNames == ["rows/1/load", "rows/2/load", "rows/3/load"])
        let replaced = recorder.taskActivities.compactMap { change -> String? in
            if case .replaced(let old, _) = change { old.name } else { nil }
        }
        #expect(replaced == ["rows/2/load"])
        await host.stop()
    }

    @Test("R7: a replaced child task's late event is dropped and reported, never applied")
    func replacedChildTaskLateEventIsDropped() async {
        let recorder = Recorder<RowList.State, RowList.Event>()
        let host = RowListHost(rows: 1...1, observer: recorder.observer)
        host.send(.row(1, .sleepThenSend))
        host.send(.row(1, .sleep))
        // The replaced body sends `loaded` once cancelled; the stop awaits it.
        await host.stop()
        #expect(host.state.rows[0].loaded == 0)
        let drops = recorder.activities.reduce(0) { count, activity in
            switch activity {
            case .dropped(.row(1, .loaded), let task) where task.name == "rows/1/load": count + 1
            case .droppedEvents(let n, let task) where task.name == "rows/1/load": count + n
            default: count
            }
        }
        #expect(drops == 1)
    }

    @Test("R10: perform waits for a child task's own Input.perform and what it started")
    func performWaitsForAChildTasksPerform() async {
        enum Child {
            static func update(state: inout Int, event: String) -> Effect<String, Void>? {
                switch event {
                case "refresh":
                    return .task(name: "load") { input, _ in await input.perform("retry") }
                case "retry":
                    // Replaces the task that performed it: the tree stays open (R10).
                    return .task(name: "load") { input, _ in
                        await Task.yield()
                        input("loaded")
                    }
                case "loaded":
                    state += 1
                    return nil
                default:
                    return nil
                }
            }
        }
        let host = EffectHost(initialState: 0) { (state: inout Int, event: String) in
            Compose.field(
                \.self, in: &state, event: event, scope: "child",
                child: { $0.hasPrefix("child:") ? String($0.dropFirst(6)) : nil },
                embed: { "child:" + $0 }, env: { $0 }, update: Child.update, parent: { _, _ in nil })
        }
        await host.perform("child:refresh")
        #expect(host.state == 1)
        #expect(host.runningTasks.isEmpty)
    }

    @Test("R10: perform of a parent event waits for the child tasks it started")
    func performWaitsForChildTasks() async {
        let host = RowListHost(rows: 1...2)
        await host.perform(.row(1, .load))
        #expect(host.state.rows.map(\.loaded) == [1, 0])
        await host.perform(.header(.load))
        #expect(host.state.header.loaded == 1)
        #expect(host.runningTasks.isEmpty)
    }

    @Test(".cancel(scope:) cancels every task under the scope, unnamed ones too, and no sibling")
    func cancelScope() async {
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(observer: recorder.observer) { _, event in
            switch event {
            case "start":
                let sleep: TraceEffect = .task(name: "load") { _, _ in await untilCancelled() }
                let unnamed: TraceEffect = .task { _, _ in await untilCancelled() }
                return .sequence([
                    sleep.map({ $0 }, scope: "rows/1"), unnamed.map({ $0 }, scope: "rows/1"),
                    sleep.map({ $0 }, scope: "rows/1/sync"), sleep.map({ $0 }, scope: "rows/10"),
                    sleep.map({ $0 }, scope: "rows"), sleep,
                ])
            case "cancel":
                return .cancel(scope: "rows/1")
            case "cancel-nested":
                let inner: TraceEffect = .cancel(scope: "sync")
                return inner.map({ $0 }, scope: "rows/10")
            default:
                return nil
            }
        }
        host.send("start")
        #expect(
            host.runningTasks.map(\.name) == [
                "rows/1/load", "rows/1/", "rows/1/sync/load", "rows/10/load", "rows/load", "load",
            ])
        #expect(
            host.runningTaskNames == ["load", "rows/1/load", "rows/1/sync/load", "rows/10/load", "rows/load"])
        host.send("cancel")
        #expect(host.runningTasks.map(\.name) == ["rows/10/load", "rows/load", "load"])
        let cancelled = recorder.taskActivities.compactMap { change -> String? in
            if case .cancelled(let task) = change { task.name } else { nil }
        }
        #expect(cancelled == ["rows/1/load", "rows/1/", "rows/1/sync/load"])
        host.send("cancel-nested")
        #expect(host.runningTasks.count == 3)
        host.send("cancel")
        #expect(host.runningTasks.count == 3)
        await host.stop()
    }

    @Test("Input.embedding keeps the task's identity: a perform through it waits, a cancelled task's sends drop")
    func embeddingKeepsIdentity() async {
        let recorder = Recorder<Trace, String>()
        let cancelled = Signal()
        let host = TraceHost(observer: recorder.observer) { _, event in
            switch event {
            case "sync":
                return .task(name: "sync") { input, _ in
                    let child = input.embedding { (event: Int) in "child \(event)" }
                    await child.perform(1)
                }
            case "child 1":
                return .task(name: "child") { input, _ in
                    await Task.yield()
                    input("child done")
                }
            case "hold":
                return .task(name: "hold") { input, _ in
                    let child = input.embedding { (event: Int) in "late \(event)" }
                    await untilCancelled()
                    child(2)
                    cancelled.fire()
                }
            case "release":
                return .cancel("hold")
            default:
                return nil
            }
        }
        await host.perform("sync")
        #expect(host.state.events == ["sync", "child 1", "child done"])
        host.send("hold")
        host.send("release")
        await cancelled.wait()
        await host.stop()
        #expect(!host.state.events.contains("late 2"))
        let dropped = recorder.activities.contains { activity in
            switch activity {
            case .dropped("late 2", _): true
            case .droppedEvents(1, let task): task.name == "hold"
            default: false
            }
        }
        #expect(dropped)
    }

    @Test("a cancelled scope's tasks can start again under the same names")
    func scopeReusedAfterCancel() async {
        let host = RowListHost(rows: 1...1)
        host.send(.row(1, .sleep))
        host.send(.remove(1...1))
        #expect(host.runningTasks.isEmpty)
        host.send(.add(1...1))
        host.send(.row(1, .sleep))
        #expect(host.runningTaskNames == ["rows/1/load"])
        host.send(.row(1, .stop))
        #expect(host.runningTasks.isEmpty)
        await host.stop()
    }
}
