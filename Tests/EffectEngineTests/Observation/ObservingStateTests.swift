import Observation
import TestSupport
import Testing

@testable import EffectEngine

/// Waits, bounded, until `count` readers of the host's `states` wait for a change.
@MainActor
func readersWait<State, Event, Env>(_ count: Int, on host: EffectHost<State, Event, Env>) async -> Bool {
    for _ in 0..<100_000 {
        if host.loop.stateReaders.waitingCount >= count { return true }
        await Task.yield()
    }
    return false
}

/// The host is `Observable`, and `states` streams settled states (R16).
@MainActor
@Suite("Observing state: Observation tracking and the states stream (R16)")
struct ObservingStateTests {
    /// Counts the changes a `withObservationTracking` scope on `host.state` is told of,
    /// tracking again after each one, as a SwiftUI view does.
    @MainActor
    final class Tracker {
        var changes = 0
        var seen: [Int] = []
        let host: TraceHost

        init(_ host: TraceHost) {
            self.host = host
            track()
        }

        func track() {
            let host = self.host
            let count = withObservationTracking {
                MainActor.assumeIsolated { host.state.count }
            } onChange: { [weak self] in
                Task { @MainActor in
                    guard let self else { return }
                    self.changes += 1
                    self.track()
                }
            }
            seen.append(count)
        }
    }

    @Test("a tracker is told once per settled chain, never for the steps of an action chain")
    func trackerToldOncePerChain() async {
        let host = TraceHost { state, event in
            state.count += 1
            return event == "go" ? .sequence([.send("one"), .send("two")]) : nil
        }
        let told = Log<Int>()
        withObservationTracking { _ = MainActor.assumeIsolated { host.state } } onChange: { told.append(1) }
        host.send("go")
        #expect(told.count == 1)
        #expect(host.state.count == 3)
    }

    @Test("a tracker is not told when the chain leaves an Equatable state as it was")
    func unchangedStateIsNotPublished() {
        let host = EffectHost<Int, String, Void>(initialState: 0) { state, event in
            if event == "toggle" { state = 1 - state }
            return event == "twice" ? .sequence([.send("toggle"), .send("toggle")]) : nil
        }
        let told = Log<Int>()
        withObservationTracking { _ = MainActor.assumeIsolated { host.state } } onChange: { told.append(1) }
        host.send("nothing")
        host.send("twice")
        #expect(told.count == 0)
        host.send("toggle")
        #expect(told.count == 1)
    }

    @Test("re-tracking after each change sees every settled state a view would render")
    func retrackingSeesSettledStates() async {
        let host = TraceHost { state, _ in
            state.count += 1
            return nil
        }
        let tracker = Tracker(host)
        host.send("a")
        for _ in 0..<1_000 where tracker.changes < 1 { await Task.yield() }
        #expect(tracker.seen == [0, 1])
        await host.perform("b")
        for _ in 0..<1_000 where tracker.changes < 2 { await Task.yield() }
        #expect(tracker.changes == 2)
        #expect(tracker.seen == [0, 1, 2])
    }

    @Test("states yields the current state first, then each distinct settled state, and ends when the host stops")
    func statesStream() async {
        let host = EffectHost<Int, Int, Void>(initialState: 0) { state, event in
            state = event
            return nil
        }
        let reader = Task { @MainActor in
            var seen: [Int] = []
            for await value in host.states { seen.append(value) }
            return seen
        }
        // The reader takes the current value, then waits; and again after each change.
        #expect(await readersWait(1, on: host))
        host.send(1)
        #expect(await readersWait(1, on: host))
        host.send(1)
        host.send(2)
        #expect(await readersWait(1, on: host))
        await host.stop()
        let seen = await reader.value
        #expect(seen == [0, 1, 2])
    }

    @Test("a slow reader sees the latest state, never a backlog; states(of:) follows one field")
    func slowReaderSeesLatest() async {
        let host = TraceHost { state, _ in
            state.count += 1
            return nil
        }
        var counts = host.states(of: \.count).makeAsyncIterator()
        #expect(await counts.next() == 0)
        for _ in 0..<1_000 { host.send("tick") }
        #expect(await counts.next() == 1_000)
        host.send("tick")
        #expect(await counts.next() == 1_001)
        await host.stop()
        #expect(await counts.next() == nil)
    }

    @Test("a cancelled reader ends; a released host ends its readers")
    func readersEnd() async {
        var host: TraceHost? = TraceHost { state, _ in
            state.count += 1
            return nil
        }
        let stream = host!.states(of: \.count)
        let cancelled = Task {
            var seen = 0
            for await _ in stream { seen += 1 }
            return seen
        }
        let released = Task {
            var seen = 0
            for await _ in stream { seen += 1 }
            return seen
        }
        #expect(await readersWait(2, on: host!))
        cancelled.cancel()
        #expect(await cancelled.value == 1)
        host = nil
        #expect(await released.value == 1)
    }

    @Test("100,000 random events: every reader sees distinct settled states, in order, ending with the last")
    func randomEventsReadByManyReaders() async {
        var generator = SplitMix64(seed: 42)
        let host = EffectHost<Int, Int, Void>(initialState: 0) { state, event in
            switch event {
            case 0: state = 0
            case 1: state += 1
            case 2: return .sequence([.send(1), .send(1)])
            default: break
            }
            return nil
        }
        var settled: [Int] = [host.state]
        host.observe { activity in
            if case .settled(let state) = activity, state != settled.last { settled.append(state) }
        }
        let readers = (0..<8).map { _ in
            Task { @MainActor in
                var seen: [Int] = []
                for await value in host.states { seen.append(value) }
                return seen
            }
        }
        let input = host.input
        for _ in 0..<100_000 { input(Int.random(in: 0...3, using: &generator)) }
        await input.perform(3)
        await host.stop()
        for reader in readers {
            let seen = await reader.value
            #expect(seen.last == host.state)
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 != $1 })
            #expect(isSubsequence(seen, of: settled))
        }
    }

    func isSubsequence(_ small: [Int], of large: [Int]) -> Bool {
        var index = large.startIndex
        for value in small {
            guard let found = large[index...].firstIndex(of: value) else { return false }
            index = found + 1
        }
        return true
    }
}
