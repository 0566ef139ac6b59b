#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Measures scenarios and reports ns per operation against a baseline from the same run.

/// How long and how often to measure.
struct Budget {
    var repetitions: Int
    var minimumSeconds: Double

    static let full = Budget(repetitions: 5, minimumSeconds: 0.3)
    static let quick = Budget(repetitions: 3, minimumSeconds: 0.02)
}

/// One measured figure: the median of the repetitions and their spread.
struct Figure {
    let id: String
    let scenario: String
    let nsPerOp: Double
    let spread: (min: Double, max: Double)
    let unit: String
    var baselineID: String?
    var ratio: Double?
    var bar: String
    /// More fields for the JSON line, such as the states an exploration found.
    var extras: [(name: String, value: String)] = []
}

/// Runs `body(n)` for growing `n` until one run takes at least the budget, then repeats
/// at that `n`. `body` returns the nanoseconds its `n` operations took.
@MainActor
func measure(
    _ budget: Budget, initial: Int = 1_000, _ body: (Int) async -> Double
) async -> (median: Double, min: Double, max: Double) {
    var count = initial
    var elapsed = await body(count)
    let target = budget.minimumSeconds * 1e9
    while elapsed < target && count < 1 << 34 {
        let scale = elapsed > 0 ? min(10, max(2, target / elapsed * 1.2)) : 10
        count = Int(Double(count) * scale)
        elapsed = await body(count)
    }
    var samples = [elapsed / Double(count)]
    while samples.count < budget.repetitions {
        samples.append(await body(count) / Double(count))
    }
    samples.sort()
    return (samples[samples.count / 2], samples.first!, samples.last!)
}

/// Nanoseconds taken by `work`.
@MainActor
func timed(_ work: () async -> Void) async -> Double {
    let start = ContinuousClock.now
    await work()
    let duration = ContinuousClock.now - start
    return Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// The processor time `clock` has counted so far: this thread's
/// (`CLOCK_THREAD_CPUTIME_ID`), or all of this process's threads' (`CLOCK_PROCESS_CPUTIME_ID`).
func processorSeconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Returns its argument where the optimiser cannot see it, so a closure is called
/// through its context like any stored closure.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }
