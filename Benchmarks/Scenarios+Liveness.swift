import EffectEngine
import EffectEngineExploration
import Foundation

extension Scenarios {
    /// The liveness check after the walk (X16) on TLA+'s TwoPhase (`TwoPhaseBits`) with
    /// every action weakly fair and two properties per manager (`working ~> decided`, and
    /// `[]<>` the manager is not working, each quantified over the managers): wall-clock
    /// nanoseconds per state of `liveness(of:workers:)` on 1 worker (the baseline) and on
    /// 2, over one graph, in a fresh child process.
    mutating func liveness(managers: Int) {
        let fields = childOutput(["--liveness-probe", String(managers), String(max(3, budget.repetitions))])
            .split(separator: " ").compactMap { Double($0) }
        guard fields.count == 9 else {
            FileHandle.standardError.write(Data("warning: the liveness probe printed no figures\n".utf8))
            return
        }
        let states = Int(fields[6])
        let instances = Int(fields[7])
        add(
            "liveness.baseline",
            "Liveness check, 1 worker: TwoPhase, \(managers) RMs (\(states) states, \(instances) property instances)",
            (fields[0], fields[1], fields[2]), unit: "ns/state")
        add(
            "liveness",
            "Liveness check, 2 workers: the same graph and properties (walk and check, 2 workers: "
                + String(format: "%.2f s)", fields[8]),
            (fields[3], fields[4], fields[5]), unit: "ns/state", baseline: "liveness.baseline", bar: "≤ 0.59×"
        )
        figures[figures.count - 1].extras = [
            ("check_liveness_seconds_2_workers", String(format: "%.3f", fields[8]))
        ]
    }
}

/// A child process: walks TwoPhase once keeping the graph, then times the liveness check
/// on 1 and on 2 workers, alternated; prints each one's median, minimum and maximum in
/// nanoseconds a state, the states, the property instances, and the seconds of the whole
/// `checkLiveness` on 2 workers.
@MainActor
func livenessProbe(managers: Int, repetitions: Int) -> String {
    let explorer = livenessExplorer(managers: managers)
    guard let report = try? explorer.explore(states: 20_000_000, graph: true) else { return "" }
    var one: [Double] = []
    var two: [Double] = []
    var verdicts: [[Bool]] = []
    for _ in 0..<repetitions {
        for workers in [1, 2] {
            let start = processorSeconds(CLOCK_MONOTONIC)
            let liveness = explorer.liveness(of: report, workers: workers)
            let seconds = processorSeconds(CLOCK_MONOTONIC) - start
            verdicts.append(liveness?.results.map(\.holds) ?? [])
            if workers == 1 {
                one.append(seconds * 1e9 / Double(report.states))
            } else {
                two.append(seconds * 1e9 / Double(report.states))
            }
        }
    }
    // The whole of `checkLiveness` (the walk keeping the graph, then the check), as one
    // compares it with TLC's run on the same spec and properties.
    let start = processorSeconds(CLOCK_MONOTONIC)
    _ = try? explorer.checkLiveness(states: 20_000_000, workers: 2)
    let total = processorSeconds(CLOCK_MONOTONIC) - start
    if Set(verdicts).count != 1 {
        FileHandle.standardError.write(Data("warning: the liveness verdicts differ between runs\n".utf8))
    }
    let first = Scenarios.summary(one)
    let second = Scenarios.summary(two)
    return [first.median, first.min, first.max, second.median, second.min, second.max]
        .map { String($0) }.joined(separator: " ") + " \(report.states) \(2 * managers) \(total)"
}

/// TwoPhase with `managers` resource managers, every action weakly fair (TLC's
/// `WF_vars(TPNext)`), and two properties quantified over the managers: TLC's
/// `\A rm \in RM : rmState[rm] = "working" ~> rmState[rm] \in {"committed", "aborted"}` and
/// `\A rm \in RM : []<>(rmState[rm] # "working")`.
@MainActor
func livenessExplorer(managers: Int) -> Explorer<TwoPhaseBits.State, TwoPhaseBits.Event, Void> {
    Explorer(
        initialState: TwoPhaseBits.State(managers: managers), update: TwoPhaseBits.update,
        events: TwoPhaseBits.enabled
    )
    .fair(.weak, "TPNext") { _ in true }
    .leadsTo(
        "a working manager decides", forAll: 0..<managers, from: { rm, state in state[rm] == .working },
        to: { rm, state in state[rm] == .committed || state[rm] == .aborted }
    )
    .alwaysEventually("a manager is not working", forAll: 0..<managers) { rm, state in state[rm] != .working }
}

/// A child process running the whole `checkLiveness` once, as a user would beside TLC
/// (`--liveness-check MANAGERS WORKERS`): prints the seconds, the states, the property
/// instances that hold and all of them, and the process's peak resident bytes.
@MainActor
func livenessCheckProbe(managers: Int, workers: Int) -> String {
    let explorer = livenessExplorer(managers: managers)
    let start = processorSeconds(CLOCK_MONOTONIC)
    guard let report = try? explorer.checkLiveness(states: 20_000_000, workers: workers) else { return "" }
    let seconds = processorSeconds(CLOCK_MONOTONIC) - start
    let holding = report.results.filter(\.holds).count
    return "\(seconds) \(report.states) \(holding) \(report.results.count) \(peakResidentBytes())"
}
