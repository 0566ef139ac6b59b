import EffectEngine
import Testing

@MainActor
@Suite("Observers for tracing: combined, filtered, sink, logging (R15)")
struct TracingObserversTests {
    @Test func loggingWritesOneLinePerActivityButSettledStates() async {
        var lines: [String] = []
        let host = TraceHost { _, event in
            event == "load" ? .sequence([.send("step"), .task(name: "load") { input, _ in input("loaded") }]) : nil
        }
        host.observe(.logging(prefix: "> ") { lines.append($0) })
        await host.perform("load")
        await host.stop()
        #expect(
            lines == [
                "> load -> sequence(action, task(\"load\"))",
                "> step (action) -> no effect",
                "> started task \"load\" #1",
                "> loaded from task \"load\" #1 -> no effect",
                "> ended task \"load\" #1",
                "> stopped",
            ])
    }

    @Test func combinedTellsEachInOrderAndFilteredPassesOnlyWhatItAccepts() {
        var seen: [String] = []
        let host = TraceHost { _, _ in nil }
        let first = HostObserver<Trace, String>.logging { seen.append("first \($0)") }
        let second = HostObserver<Trace, String>.logging { seen.append("second \($0)") }
            .filtered { if case .transition(let step) = $0 { step.event == "b" } else { false } }
        host.observe(.combined(first, second))
        host.send("a")
        host.send("b")
        #expect(seen == ["first a -> no effect", "first b -> no effect", "second b -> no effect"])
    }

    @Test func sinkCollectsEveryActivity() {
        let log = ActivityLog<Trace, String>()
        let host = TraceHost { _, _ in nil }
        let subscription = host.observe(.sink(log))
        host.send("a")
        subscription.cancel()
        host.send("b")
        #expect(log.activities.count == 2)
        #expect(log.activities.compactMap(\.logLine) == ["a -> no effect"])
    }
}
