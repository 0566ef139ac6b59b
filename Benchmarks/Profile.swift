import EffectEngine
import ExplorationModels
import EffectEngineExploration
import Synchronization

/// Runs one scenario's engine side exactly `count` times with no calibration, so
/// `valgrind --tool=callgrind` counts the same instructions on every run.
///
/// `valgrind --tool=callgrind .build-release/release/EffectEngineBenchmarks --profile send 100000`
@MainActor
func profile(_ id: String, count: Int) async -> Bool {
    switch id {
    case "send":
        let host = EffectHost(initialState: 0, update: Bench.update)
        for _ in 0..<count { host.send(.increment) }
        blackHole(host.state)
    case "send.actor":
        let host = ActorHost(initialState: 0, update: Bench.update)
        await sendAll(.increment, times: count, to: host)
    case "hosts.main":
        for _ in 0..<count {
            let host = EffectHost(initialState: 0, update: Bench.update)
            for _ in 0..<1_000 { host.send(.increment) }
            blackHole(host.state)
        }
    case "hosts.parallel":
        await Scenarios.actorHosts(count, events: 1_000)
    case "chain":
        let host = EffectHost(initialState: 0, update: Bench.update)
        for _ in 0..<count { host.send(.chain(1)) }
        blackHole(host.state)
    case "input":
        let host = EffectHost(initialState: 0, update: Bench.update)
        await host.perform(.burst(count))
        blackHole(host.state)
    case "perform":
        let host = EffectHost(initialState: 0, update: Bench.update)
        for _ in 0..<count { await host.perform(.load) }
        blackHole(host.state)
    case "perform.main":
        let host = EffectHost(initialState: 0, options: HostOptions(taskIsolation: .mainActor), update: Bench.update)
        for _ in 0..<count { await host.perform(.load) }
        blackHole(host.state)
    case "replace.main":
        let host = EffectHost(initialState: 0, options: HostOptions(taskIsolation: .mainActor), update: Bench.update)
        for _ in 0..<count { host.send(.reissue) }
        await host.stop()
    case "scope1":
        let host = EffectHost(initialState: Scoped.One.State(), update: Scoped.One.update)
        for _ in 0..<count { host.send(.child(.increment)) }
        blackHole(host.state)
    case "scope2":
        let host = EffectHost(initialState: Scoped.Two.State(), update: Scoped.Two.update)
        for _ in 0..<count { host.send(.child(.child(.increment))) }
        blackHole(host.state)
    case "stack5":
        let host = EffectHost(initialState: Navigating.State(), update: Navigating.update)
        for _ in 0..<count { host.send(Navigating.topEvent) }
        blackHole(host.state)
    case "stack5.hand":
        let host = EffectHost(initialState: Navigating.State(), update: Navigating.updateByHand)
        for _ in 0..<count { host.send(Navigating.topEvent) }
        blackHole(host.state)
    case "scope3":
        let host = EffectHost(initialState: Scoped.Three.State(), update: Scoped.Three.update)
        for _ in 0..<count { host.send(.child(.child(.child(.increment)))) }
        blackHole(host.state)
    case "replace.held":
        // The main actor's share of a named replacement, on one thread: bodies never
        // start, so callgrind can count it (its worker threads would stop valgrind).
        let ends = EndCounter(name: "t")
        let host = EffectHost(
            initialState: 0, options: HostOptions(taskExecutor: HoldingExecutor()), observer: ends.observer,
            update: Bench.update)
        for _ in 0..<count { host.send(.reissue) }
        blackHole(host.state)
    case "replace":
        let host = EffectHost(initialState: 0, update: Bench.update)
        for _ in 0..<count { host.send(.reissue) }
        await host.stop()
    case "replace10k":
        // replace with 10,000 other named tasks asleep: what a replacement pays for them.
        let host = EffectHost(initialState: 0, update: Bench.update)
        for index in 0..<10_000 { host.send(.spawn(index)) }
        for _ in 0..<count { host.send(.reissue) }
        await host.stop()
    case "explore":
        // COUNT resource managers.
        blackHole(try? TwoPhase.explorer(managers: count).explore(states: 10_000_000).states)
    case "explore.baseline":
        blackHole(
            plainSearch(from: TwoPhase.State(managers: count), update: TwoPhase.update, enabled: TwoPhase.enabled))
    default:
        return false
    }
    return true
}

/// An executor that keeps every job and never runs it, for ``profile(_:count:)``'s
/// `replace.held`: the tasks' bodies never start.
final class HoldingExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }
}
