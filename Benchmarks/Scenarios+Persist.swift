import EffectEngine
import EffectEnginePersistence
import Foundation

extension Scenarios {
    /// `send` with the state saved to a file by `persist(to:every:)`, against the plain
    /// `send` of the same run: saves are coalesced (one a second) and written off the main
    /// actor, so an event pays for a flag test, and the saver's read once per turn.
    mutating func persist() async {
        if !figures.contains(where: { $0.id == "send" }) { await send() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-" + UUID().uuidString)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = StateFile<Int>(path: folder.appendingPathComponent("state.json").path)
        let host = EffectHost(initialState: 0, update: Bench.update)
        let saver = host.persist(to: file, every: .seconds(1))
        add(
            "persist", "host.send(.increment) with persist(to:every: 1s) attached",
            await measure(budget, initial: 100_000) { n in
                let time = await timed { for _ in 0..<n { host.send(.increment) } }
                // Let the saver read between rounds, as it would between a UI's turns.
                for _ in 0..<20 { await Task.yield() }
                return time
            }, baseline: "send", bar: "≤ 1.2×")
        await host.stop()
        await saver.flush()
        blackHole(saver.saveCount)
    }
}
