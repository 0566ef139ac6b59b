import EffectEngine
import ExplorationModels
import EffectEngineExploration
import Foundation

extension Scenarios {
    /// The explorer on TLA+'s TwoPhase with 7 resource managers (296,448 states), against a
    /// plain breadth-first search over the same `update` and enabled events with a
    /// `Set<State>` and an array queue, in the same run: nanoseconds per distinct state.
    ///
    /// Both are timed in a fresh child process (``exploreProbe(managers:repetitions:)``):
    /// a walk of hundreds of thousands of states is sensitive to the heap the earlier
    /// scenarios left (measured: 0.43–0.47× alone, 0.54–0.57× at the end of a full run).
    mutating func explore(managers: Int) {
        let fields = childOutput(["--explore-probe", String(managers), String(max(3, budget.repetitions))])
            .split(separator: " ").compactMap { Double($0) }
        guard fields.count == 9 else {
            FileHandle.standardError.write(Data("warning: the explore probe printed no figures\n".utf8))
            return
        }
        let found = (plain: Int(fields[6]), explorer: Int(fields[7]))
        add(
            "explore.baseline",
            "plain BFS, Set<State> and an array queue: TwoPhase, \(managers) RMs (\(found.plain) states)",
            (fields[0], fields[1], fields[2]), unit: "ns/state")
        add(
            "explore", "Explorer: TwoPhase, \(managers) RMs (\(found.explorer) states)",
            (fields[3], fields[4], fields[5]), unit: "ns/state", baseline: "explore.baseline", bar: "≤ 0.5×")
        figures[figures.count - 1].extras = [("states", "\(found.explorer)")]
        add(
            "explore.memory",
            "Explorer: visited set and trace links per visited state (frontier not counted)",
            (fields[8], fields[8], fields[8]), unit: "B/state", bar: "≤ 24")
        let expected = TwoPhase.tlcCounts[managers]
        if found.explorer != expected || found.plain != expected {
            FileHandle.standardError.write(
                Data(
                    ("warning: TwoPhase with \(managers) RMs: the explorer found \(found.explorer) states, "
                        + "the plain search \(found.plain), TLC \(expected.map(String.init) ?? "?")\n").utf8))
        }
    }
}

/// A child process timing the plain search and the explorer, alternated so both see the
/// same machine; prints their medians, minimums and maximums in nanoseconds a state, the
/// states each found, and the explorer's bytes a state, on one line.
@MainActor
func exploreProbe(managers: Int, repetitions: Int) -> String {
    let update: (inout TwoPhase.State, TwoPhase.Event) -> Effect<TwoPhase.Event, Void>? = opaque(
        TwoPhase.update as (inout TwoPhase.State, TwoPhase.Event) -> Effect<TwoPhase.Event, Void>?)
    let enabled: (TwoPhase.State) -> [TwoPhase.Event] = opaque(
        TwoPhase.enabled as (TwoPhase.State) -> [TwoPhase.Event])
    let initial = TwoPhase.State(managers: managers)
    let explorer = Explorer(initialState: initial, update: update, events: enabled)
    var plainSamples: [Double] = []
    var explorerSamples: [Double] = []
    var found = (plain: 0, explorer: 0)
    var bytes = 0.0
    for _ in 0..<repetitions {
        var states = 0
        let plain = timedNow { states = plainSearch(from: initial, update: update, enabled: enabled) }
        plainSamples.append(plain / Double(states))
        found.plain = states
        var report: ExplorationReport<TwoPhase.State, TwoPhase.Event>?
        let walked = timedNow { report = try? explorer.explore(states: 10_000_000) }
        found.explorer = report?.states ?? 0
        bytes = report?.bytesPerState ?? 0
        explorerSamples.append(walked / Double(max(1, found.explorer)))
    }
    let plain = Scenarios.summary(plainSamples)
    let walked = Scenarios.summary(explorerSamples)
    return [plain.median, plain.min, plain.max, walked.median, walked.min, walked.max]
        .map { String($0) }.joined(separator: " ") + " \(found.plain) \(found.explorer) \(bytes)"
}

extension TwoPhase {
    /// The distinct states TLC finds, by number of resource managers.
    static let tlcCounts = [
        1: 12, 2: 56, 3: 288, 4: 1_568, 5: 8_832, 6: 50_816, 7: 296_448, 8: 1_745_408, 9: 10_340_352, 10: 61_515_776,
    ]

    /// The explorer the benchmark times: no property, so only the walk is measured.
    static func explorer(managers: Int) -> Explorer<State, Event, Void> {
        Explorer(initialState: State(managers: managers), update: update, events: enabled)
    }
}

/// Nanoseconds of this thread's processor time taken by `work`: a walk is synchronous and
/// single-threaded, so time the machine's other processes take from it is not counted.
func timedNow(_ work: () -> Void) -> Double {
    let start = processorSeconds(CLOCK_THREAD_CPUTIME_ID)
    work()
    return (processorSeconds(CLOCK_THREAD_CPUTIME_ID) - start) * 1e9
}

/// Breadth-first search as one writes it with the standard library: every state kept
/// whole, in a `Set` to look states up and an array as the queue.
func plainSearch<State: Hashable, Event>(
    from initial: State, update: (inout State, Event) -> Effect<Event, Void>?, enabled: (State) -> [Event]
) -> Int {
    var seen: Set<State> = [initial]
    var queue = [initial]
    var head = 0
    while head < queue.count {
        let state = queue[head]
        head += 1
        for event in enabled(state) {
            var next = state
            _ = update(&next, event)
            if seen.insert(next).inserted { queue.append(next) }
        }
    }
    return seen.count
}
