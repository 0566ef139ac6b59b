import EffectEngine
import TestSupport
import Testing

@MainActor
@Suite("Any number of observers, added and removed at any time; settled states; every drop seen (R7, R15, R16)")
struct ObserversTests {
    @Test("R15: observers added and removed at any time each see what happens while they are attached, in order")
    func observersComeAndGo() {
        let host = TraceHost { _, _ in nil }
        var first: [String] = []
        var second: [String] = []
        let firstSubscription = host.observe { activity in
            if case .transition(let step) = activity { first.append(step.event) }
        }
        host.send("a")
        let secondSubscription = host.observe { activity in
            if case .transition(let step) = activity { second.append(step.event) }
        }
        host.send("b")
        firstSubscription.cancel()
        #expect(firstSubscription.isCancelled)
        host.send("c")
        secondSubscription.cancel()
        secondSubscription.cancel()
        host.send("d")
        #expect(first == ["a", "b"])
        #expect(second == ["b", "c"])
    }

    @Test("R15: every observer hears every task activity, in the order the observers were added")
    func everyObserverHearsTaskActivity() {
        let host = TraceHost { _, event in
            event == "stop" ? .cancel("t") : .task(name: "t") { _, _ in await untilCancelled() }
        }
        let heard = Recording<String>()
        func listener(_ name: String) -> HostObserver<Trace, String> {
            HostObserver { activity in
                switch activity {
                case .task(.started(let task)): heard.append("\(name) started #\(task.id)")
                case .task(.replaced(let old, by: let new)):
                    heard.append("\(name) replaced #\(old.id) by #\(new.id)")
                case .task(.cancelled(let task)): heard.append("\(name) cancelled #\(task.id)")
                default: break
                }
            }
        }
        host.observe(listener("a"))
        let middle = host.observe(listener("b"))
        host.observe(listener("c"))
        host.send("start")
        host.send("again")
        middle.cancel()
        host.send("stop")
        #expect(
            heard.values == [
                "a started #1", "b started #1", "c started #1",
                "a replaced #1 by #2", "b replaced #1 by #2", "c replaced #1 by #2",
                "a started #2", "b started #2", "c started #2",
                "a cancelled #2", "c cancelled #2",
            ])
    }

    @Test("R15: an observer may remove itself and add another while it is being told")
    func observerChangesTheListWhileTold() {
        let host = TraceHost { _, _ in nil }
        var seen: [String] = []
        var subscription: HostSubscription?
        subscription = host.observe { [weak host] activity in
            guard case .transition(let step) = activity else { return }
            seen.append("first \(step.event)")
            subscription?.cancel()
            host?.observe { activity in
                if case .transition(let step) = activity { seen.append("later \(step.event)") }
            }
        }
        host.send("a")
        host.send("b")
        #expect(seen == ["first a", "later b"])
    }

    @Test("R16: observers are told the settled state once per event, after its whole action chain")
    func settledAfterTheChain() async {
        var settled: [Int] = []
        var transitions = 0
        let host = TraceHost { state, event in
            state.count += 1
            switch event {
            case "go": return .sequence([.send("one"), .send("two")])
            case "load": return .task(name: "load") { input, _ in input("loaded") }
            default: return nil
            }
        }
        host.observe { activity in
            switch activity {
            case .settled(let state): settled.append(state.count)
            case .transition: transitions += 1
            default: break
            }
        }
        host.send("go")
        #expect(settled == [3])
        #expect(transitions == 3)
        await host.perform("load")
        #expect(settled == [3, 4, 5])
        #expect(host.state.count == 5)
    }

    @Test("R7: events a cancelled task sends after its cancellation are counted and reported at its end")
    func dropsBeforeQueueingAreReported() async {
        let cancelled = Signal()
        let sentAfter = Signal()
        let recorder = Recorder<Trace, String>()
        let host = TraceHost(observer: recorder.observer) { _, event in
            switch event {
            case "start":
                return .task(name: "chatty") { input, _ in
                    await cancelled.waitUnbounded()
                    for index in 0..<3 { input("late \(index)") }
                    await input.perform("late perform")
                    sentAfter.fire()
                }
            case "stop": return .cancel("chatty")
            default: return nil
            }
        }
        host.send("start")
        host.send("stop")
        cancelled.fire()
        await sentAfter.wait()
        await host.stop()
        #expect(host.state.events == ["start", "stop"])
        let counted = recorder.activities.compactMap {
            if case .droppedEvents(let count, let task) = $0 { (count, task.name) } else { nil }
        }
        #expect(counted.count == 1)
        #expect(counted.first?.0 == 4)
        #expect(counted.first?.1 == "chatty")
    }

    @Test("R16: an observer that takes settled states alone is told each settled state, and no transition is built for it")
    func aSettledStatesObserverIsToldStatesNotTransitions() {
        let host = TraceHost { _, event in event == "load" ? .task(name: "t") { _, _ in } : nil }
        let states = Recording<[String]>()
        let others = Recording<String>()
        host.observe(
            HostObserver(
                settled: { states.append($0.events) },
                otherwise: { activity in
                    switch activity {
                    case .transition(let step): others.append("transition \(step.event)")
                    case .task: others.append("task")
                    case .settled: others.append("settled through observe")
                    default: others.append("other")
                    }
                }))
        host.send("a")
        host.send("load")
        #expect(states.values == [["a"], ["a", "load"]])
        #expect(others.values.isEmpty)

        // With an observer that wants transitions, they are built, and every observer of
        // the combination hears them; settled states still reach each in its own form.
        var settledActivities = 0
        host.observe { activity in
            if case .settled = activity { settledActivities += 1 }
        }
        host.send("b")
        #expect(states.values.last == ["a", "load", "b"])
        #expect(settledActivities == 1)
        #expect(others.values == ["transition b"])
    }

}
