import EffectEngine

/// Hosts on actors (H4): a `send` on the host's own actor against the main actor's, and
/// many hosts, each on its own actor, against the same hosts all on the main actor.
extension Scenarios {
    mutating func actors(hosts: Int, events: Int) async {
        let host = ActorHost(initialState: 0, update: Bench.update)
        add(
            "send.actor", "host.send(.increment) on an ActorHost's own actor, update returns nil",
            await measure(budget, initial: 100_000) { n in
                await timed { await sendAll(.increment, times: n, to: host) }
            }, baseline: "send", bar: "≤ 1.5×")
        let total = Double(hosts * events)
        // One operation is a whole run; the figures are per send.
        func perSend(_ run: (median: Double, min: Double, max: Double)) -> (median: Double, min: Double, max: Double) {
            (run.median / total, run.min / total, run.max / total)
        }
        add(
            "hosts.main", "\(hosts) EffectHosts × \(events) sends, all on the main actor, per send",
            perSend(
                await measure(budget, initial: 1) { n in
                    await timed {
                        for _ in 0..<n {
                            for _ in 0..<hosts {
                                let host = EffectHost(initialState: 0, update: Bench.update)
                                for _ in 0..<events { host.send(.increment) }
                                blackHole(host.state)
                            }
                        }
                    }
                }))
        add(
            "hosts.parallel",
            "\(hosts) ActorHosts × \(events) sends, each host on its own actor, all at once, per send",
            perSend(
                await measure(budget, initial: 1) { n in
                    await timed {
                        for _ in 0..<n { await Self.actorHosts(hosts, events: events) }
                    }
                }), baseline: "hosts.main", bar: "≤ 1/1.6 (2 cores), ≤ 1/12 (16 cores)")
    }

    /// `hosts` hosts, each made and sent `events` events on its own actor, all at once.
    nonisolated static func actorHosts(_ hosts: Int, events: Int) async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<hosts {
                group.addTask {
                    let host = ActorHost(initialState: 0, update: Bench.update)
                    await sendAll(.increment, times: events, to: host)
                }
            }
        }
    }
}

/// Sends `event` `times` times on the host's actor: one hop for all of them.
func sendAll(_ event: Bench.Event, times: Int, to host: isolated ActorHost<Int, Bench.Event, Void>) {
    for _ in 0..<times { host.send(event) }
    blackHole(host.state)
}
