import EffectEngine

extension Scenarios {
    /// `send` with 8 readers of `host.states` attached, against the plain `send` of the
    /// same run: readers are woken once per turn at most and read the state themselves,
    /// so the loop never waits on them.
    mutating func states() async {
        if !figures.contains(where: { $0.id == "send" }) { await send() }
        let host = EffectHost(initialState: 0, update: Bench.update)
        let readers = (0..<8).map { _ in
            Task { @MainActor in
                var last = 0
                for await value in host.states { last = value }
                return last
            }
        }
        // Let every reader take the current state and wait.
        for _ in 0..<100 { await Task.yield() }
        add(
            "states8", "host.send(.increment) with 8 readers of host.states",
            await measure(budget, initial: 100_000) { n in
                let time = await timed { for _ in 0..<n { host.send(.increment) } }
                // Let the readers catch up between rounds, as a UI would.
                for _ in 0..<20 { await Task.yield() }
                return time
            }, baseline: "send", bar: "≤ 1.5×")
        await host.stop()
        for reader in readers { blackHole(await reader.value) }
    }
}
