import EffectEngine
import EffectEnginePersistence
import Foundation

extension Scenarios {
    /// `send` with the state saved to a file by `persist(to:every:)`, against the plain
    /// `send` of a host with no saver: saves are coalesced (one a second) and written off
    /// the main actor, so an event pays for a flag test, and the saver's read once per
    /// turn. The two are measured in alternating rounds, so that a busy machine slows
    /// both alike and their ratio stays meaningful.
    mutating func persist() async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-" + UUID().uuidString)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = StateFile<Int>(path: folder.appendingPathComponent("state.json").path)
        let plain = EffectHost(initialState: 0, update: Bench.update)
        let saved = EffectHost(initialState: 0, update: Bench.update)
        let saver = saved.persist(to: file, every: .seconds(1))
        func round(_ host: EffectHost<Int, Bench.Event, Void>) -> (Int) async -> Double {
            { n in
                let time = await timed { for _ in 0..<n { host.send(.increment) } }
                // Let the saver read between rounds, as it would between a UI's turns.
                for _ in 0..<20 { await Task.yield() }
                return time
            }
        }
        let (base, attached) = await measureAlternating(budget, initial: 100_000, round(plain), round(saved))
        add("persist.baseline", "host.send(.increment) with no saver, in rounds alternating with persist", base)
        add(
            "persist", "host.send(.increment) with persist(to:every: 1s) attached", attached,
            baseline: "persist.baseline", bar: "≤ 1.2×")
        await plain.stop()
        await saved.stop()
        await saver.flush()
        blackHole(saver.saveCount)
    }
}

/// Measures `first` and `second` as ``measure(_:initial:_:)`` does, in alternating rounds
/// at the same `n` (first-second, then second-first), twice the budget's repetitions each.
@MainActor
func measureAlternating(
    _ budget: Budget, initial: Int, _ first: (Int) async -> Double, _ second: (Int) async -> Double
) async -> (first: (median: Double, min: Double, max: Double), second: (median: Double, min: Double, max: Double)) {
    var count = initial
    var elapsed = await first(count)
    let target = budget.minimumSeconds * 1e9
    while elapsed < target && count < 1 << 34 {
        let scale = elapsed > 0 ? min(10, max(2, target / elapsed * 1.2)) : 10
        count = Int(Double(count) * scale)
        elapsed = await first(count)
    }
    var samples: ([Double], [Double]) = ([], [])
    for round in 0..<(2 * budget.repetitions) {
        if round.isMultiple(of: 2) {
            samples.0.append(await first(count) / Double(count))
            samples.1.append(await second(count) / Double(count))
        } else {
            samples.1.append(await second(count) / Double(count))
            samples.0.append(await first(count) / Double(count))
        }
    }
    return (Scenarios.summary(samples.0), Scenarios.summary(samples.1))
}
