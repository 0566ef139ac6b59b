import EffectEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Resident set size of this process, in bytes.
func residentBytes() -> Int {
    #if os(Linux)
        // /proc/self/statm: total and resident sizes in pages.
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 128)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
        let line = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
    #endif
}

/// Counts bodies that have started, so a probe knows every task is asleep.
final class StartCounter: Sendable {
    private let started = Atomic<Int>(0)
    func increment() { started.add(1, ordering: .relaxed) }
    var value: Int { started.load(ordering: .relaxed) }
}

/// Measures the resident bytes per live task, in a fresh process so that earlier
/// scenarios' freed memory does not hide the cost. `kind` is `raw`, `host` or `actor`.
@MainActor
func memoryProbe(kind: String, count: Int) async -> Double {
    let counter = StartCounter()
    let before = residentBytes()
    var raw: [Task<Void, Never>] = []
    var host: EffectHost<Int, Int, Void>?
    var actorHost: ActorHost<Int, Int, Void>?
    if kind == "raw" {
        raw.reserveCapacity(count)
        for _ in 0..<count { raw.append(asleep(counter)) }
    } else if kind == "actor" {
        let running = ActorHost<Int, Int, Void>(initialState: 0) { _, index in
            .task(name: "task-\(index)") { _, _ in
                counter.increment()
                try? await Task.sleep(for: .seconds(3_600))
            }
        }
        await running.send(upTo: count)
        actorHost = running
    } else {
        let running = EffectHost<Int, Int, Void>(initialState: 0) { _, index in
            .task(name: "task-\(index)") { _, _ in
                counter.increment()
                try? await Task.sleep(for: .seconds(3_600))
            }
        }
        for index in 0..<count { running.send(index) }
        host = running
    }
    while counter.value < count { await Task.yield() }
    let after = residentBytes()
    for task in raw { task.cancel() }
    await host?.stop()
    await actorHost?.stop()
    return Double(after - before) / Double(count)
}

extension ActorHost where State == Int, Event == Int, Env == Void {
    /// Sends `0..<count` on the host's actor.
    func send(upTo count: Int) {
        for index in 0..<count { send(index) }
    }
}

nonisolated func asleep(_ counter: StartCounter) -> Task<Void, Never> {
    Task {
        counter.increment()
        try? await Task.sleep(for: .seconds(3_600))
    }
}

/// Resident bytes before and after `cycles` replace cycles, once every replaced body
/// has ended; the task names still registered then (the one live task), and how many
/// tasks the registry holds after `stop()`.
@MainActor
func churnProbe(cycles: Int) async -> (before: Int, after: Int, running: [String], afterStop: Int) {
    let ends = EndCounter(name: "t")
    let host = EffectHost(initialState: 0, observer: ends.observer, update: Bench.update)
    var issued = 0
    /// Reissues in batches of 1,000, each awaited until its replaced bodies ended: larger
    /// bursts of not-yet-run tasks make the allocator's high-water mark, not the engine, the
    /// figure (10,000 at a time swung it by ±30%).
    func reissue(_ count: Int) async {
        var done = 0
        while done < count {
            let batch = min(1_000, count - done)
            for _ in 0..<batch { host.send(.reissueWaiting) }
            done += batch
            issued += batch
            await ends.wait(for: issued - 1)
        }
    }
    // Warm up the allocator and the runtime's worker threads, the same way, so that
    // "before" is a steady state: a tenth of the cycles measured.
    await reissue(max(10_000, cycles / 10))
    let before = residentBytes()
    await reissue(cycles)
    let after = residentBytes()
    let running = host.runningTaskNames
    await host.stop()
    return (before, after, running, host.runningTaskCount)
}
