import EffectEngine
import EffectEngineExploration
import ExplorationModels
import Foundation

extension Scenarios {
    /// The liveness check after the walk (X16) on TLA+'s `ReadersWriters` with 4 actors
    /// (issue 57): 2,192,020 states, each with its queue of requests on the heap, the
    /// spec's `Fairness` (10 weakly fair classes) and its four `\A actor : []<>…`
    /// properties, 16 instances that all hold. Wall-clock nanoseconds per state of
    /// `liveness(of:workers:)` on 1 worker (the baseline) and on 2, alternated over one
    /// graph in a fresh child process; the processor time of the runs on 2 workers beside
    /// their wall time says whether the second worker had a core of its own.
    mutating func readersWriters(actors: Int) {
        let fields = childOutput(["--readers-writers-probe", String(actors), String(max(3, budget.repetitions))])
            .split(separator: " ").compactMap { Double($0) }
        guard fields.count == 9 else {
            FileHandle.standardError.write(Data("warning: the readers-writers probe printed no figures\n".utf8))
            return
        }
        let states = Int(fields[6])
        let instances = Int(fields[7])
        add(
            "liveness.rw.baseline",
            "Liveness check, 1 worker: ReadersWriters, \(actors) actors (\(states) states, \(instances) property instances)",
            (fields[0], fields[1], fields[2]), unit: "ns/state")
        add(
            "liveness.rw",
            "Liveness check, 2 workers: the same graph and properties (processor time "
                + String(format: "%.2f× the wall time)", fields[8]),
            (fields[3], fields[4], fields[5]), unit: "ns/state", baseline: "liveness.rw.baseline", bar: "≤ 0.59×")
        figures[figures.count - 1].extras = [("cpu_per_wall_2_workers", String(format: "%.2f", fields[8]))]
    }
}

/// A child process: walks `ReadersWriters` once keeping the graph, then times the liveness
/// check on 1 and on 2 workers, alternated; prints each one's median, minimum and maximum
/// in nanoseconds a state, the states, the property instances, and the median ratio of
/// processor time to wall time on 2 workers (near 2 when both had a core).
@MainActor
func readersWritersProbe(actors: Int, repetitions: Int) -> String {
    let explorer = readersWritersExplorer(actors: actors)
    guard let report = try? explorer.explore(states: 20_000_000, graph: true) else { return "" }
    var one: [Double] = []
    var two: [Double] = []
    var busy: [Double] = []
    var verdicts: Set<[Bool]> = []
    for _ in 0..<repetitions {
        for workers in [1, 2] {
            let start = processorSeconds(CLOCK_MONOTONIC)
            let processor = processorSeconds(CLOCK_PROCESS_CPUTIME_ID)
            let liveness = explorer.liveness(of: report, workers: workers)
            let seconds = processorSeconds(CLOCK_MONOTONIC) - start
            let used = processorSeconds(CLOCK_PROCESS_CPUTIME_ID) - processor
            verdicts.insert(liveness?.results.map(\.holds) ?? [])
            if workers == 1 {
                one.append(seconds * 1e9 / Double(report.states))
            } else {
                two.append(seconds * 1e9 / Double(report.states))
                busy.append(used / seconds)
            }
        }
    }
    if verdicts != [Array(repeating: true, count: 4)] {
        FileHandle.standardError.write(Data("warning: a readers-writers property does not hold: \(verdicts)\n".utf8))
    }
    let first = Scenarios.summary(one)
    let second = Scenarios.summary(two)
    return [first.median, first.min, first.max, second.median, second.min, second.max]
        .map { String($0) }.joined(separator: " ")
        + " \(report.states) \(4 * actors) \(Scenarios.summary(busy).median)"
}

/// `ReadersWriters` with `actors` actors under the spec's `Fairness` (weak fairness of each
/// actor's `TryRead` and `TryWrite`, of `ReadOrWrite` and of `Stop`) and its `Liveness`:
/// for each actor, `[]<>` it reads, writes, is not reading, is not writing.
@MainActor
func readersWritersExplorer(actors: Int) -> Explorer<ReadersWriters.State, ReadersWriters.Event, Void> {
    typealias State = ReadersWriters.State
    typealias Event = ReadersWriters.Event
    func has(_ bits: UInt8, _ actor: Int) -> Bool { bits >> UInt8(actor) & 1 == 1 }
    var explorer = Explorer<State, Event, Void>(
        initialState: State(), update: ReadersWriters.update, events: ReadersWriters.enabled(actors: actors))
    explorer = explorer.alwaysEventually("reads", forAll: 0..<actors) { (actor: Int, state: State) in
        has(state.readers, actor)
    }
    explorer = explorer.alwaysEventually("writes", forAll: 0..<actors) { (actor: Int, state: State) in
        has(state.writers, actor)
    }
    explorer = explorer.alwaysEventually("stops reading", forAll: 0..<actors) { (actor: Int, state: State) in
        !has(state.readers, actor)
    }
    explorer = explorer.alwaysEventually("stops writing", forAll: 0..<actors) { (actor: Int, state: State) in
        !has(state.writers, actor)
    }
    for actor in 0..<actors {
        explorer = explorer.fair(FairnessKind.weak, "TryRead(\(actor))") { (event: Event) in
            event == .tryRead(actor)
        }
        explorer = explorer.fair(FairnessKind.weak, "TryWrite(\(actor))") { (event: Event) in
            event == .tryWrite(actor)
        }
    }
    explorer = explorer.fair(FairnessKind.weak, "ReadOrWrite") { (event: Event) in event == .readOrWrite }
    return explorer.fair(FairnessKind.weak, "Stop") { (event: Event) in
        if case .stop = event { true } else { false }
    }
}
