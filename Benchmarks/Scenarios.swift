import EffectEngine
import EffectEngineShared

/// The trivial feature most scenarios drive.
enum Bench {
    enum Event: Sendable {
        case increment
        case chain(Int)
        case burst(Int)
        case load
        case loadQuietly
        case loaded
        case reissue
        case reissueWaiting
        case reissueDebounced
        case spawn(Int)
    }

    static let chainLength = 10

    static func update(state: inout Int, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .increment, .loaded:
            state &+= 1
            return nil
        case .chain(let step):
            state &+= 1
            return step < chainLength ? .action { _ in .chain(step + 1) } : nil
        case .burst(let count):
            return .task(name: "burst") { input, _ in
                for _ in 0..<count { input(.increment) }
            }
        case .load:
            return .task(name: "load") { input, _ in input(.loaded) }
        case .loadQuietly:
            return .task(name: "load") { _, _ in }
        case .reissue:
            return .task(name: "t") { _, _ in try await Task.sleep(for: .seconds(3_600)) }
        case .reissueWaiting:
            return .task(name: "t") { _, _ in await untilCancelled() }
        case .reissueDebounced:
            return .task(name: "t", debounce: .seconds(3_600)) { _, _ in }
        case .spawn(let index):
            return .task(name: "other-\(index)") { _, _ in try await Task.sleep(for: .seconds(3_600)) }
        }
    }
}

@MainActor
struct Scenarios {
    let budget: Budget
    var figures: [Figure] = []

    init(budget: Budget) {
        self.budget = budget
    }

    /// The median, least and greatest of some samples.
    static func summary(_ samples: [Double]) -> (median: Double, min: Double, max: Double) {
        let sorted = samples.sorted()
        return (sorted[sorted.count / 2], sorted.first ?? 0, sorted.last ?? 0)
    }

    mutating func add(
        _ id: String, _ scenario: String, _ result: (median: Double, min: Double, max: Double),
        unit: String = "ns/op", baseline: String? = nil, bar: String = ""
    ) {
        var figure = Figure(
            id: id, scenario: scenario, nsPerOp: result.median, spread: (result.min, result.max), unit: unit,
            baselineID: baseline, bar: bar)
        if let baseline, let base = figures.first(where: { $0.id == baseline }) {
            figure.ratio = result.median / base.nsPerOp
        }
        figures.append(figure)
    }

    mutating func send() async {
        let update: (inout Int, Bench.Event) -> Effect<Bench.Event, Void>? = opaque(
            Bench.update as (inout Int, Bench.Event) -> Effect<Bench.Event, Void>?)
        add(
            "send.baseline", "direct call of update through a closure",
            await measure(budget, initial: 100_000) { n in
                var state = 0
                let time = await timed {
                    for _ in 0..<n { blackHole(update(&state, .increment)) }
                }
                blackHole(state)
                return time
            })
        let host = EffectHost(initialState: 0, update: Bench.update)
        add(
            "send", "host.send(.increment), update returns nil",
            await measure(budget, initial: 100_000) { n in
                await timed { for _ in 0..<n { host.send(.increment) } }
            }, baseline: "send.baseline", bar: "≤ 10×")
    }

    mutating func chain() async {
        let update: (inout Int, Bench.Event) -> Effect<Bench.Event, Void>? = opaque(
            Bench.update as (inout Int, Bench.Event) -> Effect<Bench.Event, Void>?)
        let steps = Bench.chainLength
        add(
            "chain.baseline", "\(steps) direct calls of update, per step",
            await measure(budget, initial: 10_000) { n in
                var state = 0
                let time = await timed {
                    for _ in 0..<n {
                        for step in 1...steps { blackHole(update(&state, .chain(step))) }
                    }
                }
                return time / Double(steps)
            })
        let host = EffectHost(initialState: 0, update: Bench.update)
        add(
            "chain", "one send running a \(steps)-step action chain, per step",
            await measure(budget, initial: 10_000) { n in
                await timed { for _ in 0..<n { host.send(.chain(1)) } } / Double(steps)
            }, baseline: "chain.baseline", bar: "≤ 10×")
    }

    mutating func input() async {
        add(
            "input.baseline", "AsyncStream from one task, consumed on the main actor",
            await measure(budget, initial: 100_000) { n in
                await timed {
                    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
                    let producer = Task.detached {
                        for index in 0..<n { continuation.yield(index) }
                        continuation.finish()
                    }
                    var sum = 0
                    for await value in stream { sum &+= value }
                    blackHole(sum)
                    await producer.value
                }
            })
        add(
            "input", "input(e) from one task until all are processed",
            await measure(budget, initial: 100_000) { n in
                let host = EffectHost(initialState: 0, update: Bench.update)
                let time = await timed { await host.perform(.burst(n)) }
                precondition(host.state == n, "lost events: \(host.state) of \(n)")
                return time
            }, baseline: "input.baseline", bar: "≤ 1.5×")
    }

    mutating func replace() async {
        add(
            "replace0.baseline", "Task {} create + cancel + await",
            await measure(budget, initial: 2_000) { n in
                await timed {
                    var tasks: [Task<Void, Never>] = []
                    tasks.reserveCapacity(n)
                    for _ in 0..<n {
                        let task = sleeper()
                        task.cancel()
                        tasks.append(task)
                    }
                    for task in tasks { await task.value }
                }
            })
        add(
            "replace0", "reissue a named sleeping task until the replaced body ended",
            await measure(budget, initial: 2_000) { n in
                await replacing(n, others: 0)
            }, baseline: "replace0.baseline", bar: "≤ 3×")
        let others = budget.repetitions == Budget.full.repetitions ? 10_000 : 1_000
        add(
            "replace10k", "replace0 with \(others) other named tasks alive",
            await measure(budget, initial: 2_000) { n in
                await replacing(n, others: others)
            }, baseline: "replace0", bar: "≤ 1.2×")
        add(
            "replace0.main", "replace0 with bodies on the main actor (taskIsolation: .mainActor)",
            await measure(budget, initial: 2_000) { n in
                await replacing(n, others: 0, isolation: .mainActor)
            }, baseline: "replace0.baseline")
        add(
            "replace10k.main", "replace0.main with \(others) other named tasks alive",
            await measure(budget, initial: 2_000) { n in
                await replacing(n, others: others, isolation: .mainActor)
            }, baseline: "replace0.main", bar: "≤ 1.2×")
    }

    /// Times `n` reissues of task "t" (by `event`) until every replaced body has ended,
    /// with `others` named tasks asleep beside it.
    func replacing(
        _ n: Int, others: Int, with event: Bench.Event = .reissue, isolation: TaskIsolation = .concurrent
    ) async -> Double {
        let ends = EndCounter(name: "t")
        let host = EffectHost(
            initialState: 0, options: HostOptions(taskIsolation: isolation), observer: ends.observer,
            update: Bench.update)
        for index in 0..<others { host.send(.spawn(index)) }
        let time = await timed {
            for _ in 0..<n { host.send(event) }
            await ends.wait(for: n - 1)
        }
        await host.stop()
        return time
    }

    mutating func perform() async {
        add(
            "perform.baseline", "a main-actor Task {} created and awaited",
            await measure(budget, initial: 2_000) { n in
                await timed {
                    for _ in 0..<n { await Task { @MainActor in blackHole(n) }.value }
                }
            })
        let host = EffectHost(initialState: 0, update: Bench.update)
        add(
            "perform", "await host.perform(.load): the task sends .loaded and returns",
            await measure(budget, initial: 2_000) { n in
                await timed { for _ in 0..<n { await host.perform(.load) } }
            }, baseline: "perform.baseline", bar: "≤ 2×")
        add(
            "perform.quiet", "await host.perform(.loadQuietly): the task returns, sending nothing",
            await measure(budget, initial: 2_000) { n in
                await timed { for _ in 0..<n { await host.perform(.loadQuietly) } }
            }, baseline: "perform.baseline")
        let onMainActor = EffectHost(
            initialState: 0, options: HostOptions(taskIsolation: .mainActor), update: Bench.update)
        add(
            "perform.main", "perform with bodies on the main actor (taskIsolation: .mainActor)",
            await measure(budget, initial: 2_000) { n in
                await timed { for _ in 0..<n { await onMainActor.perform(.load) } }
            }, baseline: "perform.baseline", bar: "≤ 2×")
    }
}

/// A task made outside the main actor, as the host makes its task bodies.
nonisolated func sleeper() -> Task<Void, Never> {
    Task { try? await Task.sleep(for: .seconds(3_600)) }
}

/// Counts the ended bodies of tasks with one name, and wakes a waiter at a target.
@MainActor
final class EndCounter {
    let name: String
    private var ended = 0
    private var target = Int.max
    private var waiter: CheckedContinuation<Void, Never>?

    init(name: String) {
        self.name = name
    }

    /// For an `EffectHost`, whose observers run on the main actor.
    var observer: HostObserver<Int, Bench.Event> {
        HostObserver { [weak self] activity in
            MainActor.assumeIsolated { self?.observe(activity) }
        }
    }

    private func observe(_ activity: HostActivity<Int, Bench.Event>) {
        guard case .task(.ended(let task)) = activity, task.name == name else { return }
        ended += 1
        if ended >= target, let waiter {
            self.waiter = nil
            waiter.resume()
        }
    }

    func wait(for count: Int) async {
        guard ended < count else { return }
        target = count
        await withCheckedContinuation { waiter = $0 }
    }
}

/// Suspends until the current task is cancelled, with no timer: a cancelled
/// `Task.sleep` leaves its timer queued until the deadline, which would be measured as
/// the engine's memory in the churn scenario.
func untilCancelled() async {
    let waiter = Locked<(cancelled: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))
    await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            let cancelled = waiter.withLock { state in
                if !state.cancelled { state.continuation = continuation }
                return state.cancelled
            }
            if cancelled { continuation.resume() }
        }
    } onCancel: {
        let continuation = waiter.withLock { state in
            state.cancelled = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
