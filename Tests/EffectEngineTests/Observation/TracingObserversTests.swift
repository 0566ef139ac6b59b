import EffectEngine
import TestSupport
import Testing

@MainActor
@Suite("Observers for tracing: combined, filtered, sink, logging (R15)")
struct TracingObserversTests {
    @Test func loggingWritesOneLinePerActivityButSettledStates() async {
        let lines = Recording<String>()
        let host = TraceHost { _, event in
            event == "load" ? .sequence([.send("step"), .task(name: "load") { input, _ in input("loaded") }]) : nil
        }
        host.observe(.logging(prefix: "> ") { lines.append($0) })
        await host.perform("load")
        await host.stop()
        #expect(
            lines.values == [
                "> load -> sequence(action, task(\"load\"))",
                "> step (action) -> no effect",
                "> started task \"load\" #1",
                "> loaded from task \"load\" #1 -> no effect",
                "> ended task \"load\" #1",
                "> stopped",
            ])
    }

    /// A debounced body, and a throttle's trailing run, wait for their time: the log says
    /// they were scheduled, and when they start, not that they started.
    @Test func pacedBodiesAreLoggedAsScheduled() async {
        let lines = Recording<String>()
        let host = TraceHost(options: HostOptions(clock: StillClock())) { _, event in
            switch event {
            case "type": .task(name: "search", debounce: .milliseconds(300)) { _, _ in }
            case "scroll": .task(name: "feed", throttle: .seconds(1), latest: true) { _, _ in }
            default: nil
            }
        }
        host.observe(.logging { lines.append($0) })
        host.send("type")
        host.send("scroll")
        host.send("scroll")
        await host.stop()
        #expect(
            lines.values.filter { $0.hasPrefix("started") || $0.hasPrefix("scheduled") } == [
                "scheduled task \"search\" #1 to start in 0.3 seconds",
                "started task \"feed\" #2",
                "scheduled task \"feed\" #3 to start in 1.0 seconds",
            ])
    }

    /// L8: a rejection reaches the observers as a diagnostic in the feature's words.
    @Test func aRejectionIsLoggedInTheFeaturesWords() {
        let lines = Recording<String>()
        let host = TraceHost { _, event in event == "frob" ? .reject("no frob here") : nil }
        host.observe(.logging { lines.append($0) })
        host.send("frob")
        #expect(lines.values == ["frob -> report(\"rejected: no frob here\")", "rejected: no frob here"])
    }

    @Test func combinedTellsEachInOrderAndFilteredPassesOnlyWhatItAccepts() {
        let seen = Recording<String>()
        let host = TraceHost { _, _ in nil }
        let first = HostObserver<Trace, String>.logging { seen.append("first \($0)") }
        let second = HostObserver<Trace, String>.logging { seen.append("second \($0)") }
            .filtered { if case .transition(let step) = $0 { step.event == "b" } else { false } }
        host.observe(.combined(first, second))
        host.send("a")
        host.send("b")
        #expect(seen.values == ["first a -> no effect", "first b -> no effect", "second b -> no effect"])
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

/// A clock whose time never moves: a sleep on it lasts until its task is cancelled.
private struct StillClock: Clock {
    let now = ContinuousClock.now
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        // A stream that yields nothing: iterating it returns when the task is cancelled.
        // The continuation is used after the loop, so it lives as long as the wait.
        let (stream, continuation) = AsyncStream.makeStream(of: Never.self)
        for await _ in stream {}
        continuation.finish()
        try Task.checkCancellation()
    }
}
