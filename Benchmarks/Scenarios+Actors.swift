import EffectEngine
import Foundation

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
            "\(hosts) ActorHosts × \(events) sends, each host on its own actor, fed by one task a core, per send",
            perSend(
                await measure(budget, initial: 1) { n in
                    await timed {
                        for _ in 0..<n { await Self.actorHosts(hosts, events: events) }
                    }
                }), baseline: "hosts.main", bar: "≤ 1/1.6 (2 cores), ≤ 1/12 (16 cores)")
        add(
            "hosts.tasks",
            "\(hosts) ActorHosts × \(events) sends, a child task each, all started at once, per send",
            perSend(
                await measure(budget, initial: 1) { n in
                    await timed {
                        for _ in 0..<n { await Self.actorHostsInTasks(hosts, events: events) }
                    }
                }), baseline: "hosts.main")
    }

    /// `hosts` hosts, each made and sent `events` events on its own actor, by one feeding
    /// task a core, as a server's event loops feed the sessions they serve: `hosts.main`'s
    /// loop, split among the cores, with each host on an actor of its own.
    nonisolated static func actorHosts(_ hosts: Int, events: Int) async {
        let feeders = ProcessInfo.processInfo.activeProcessorCount
        await withTaskGroup(of: Void.self) { group in
            for feeder in 0..<feeders {
                group.addTask {
                    for _ in stride(from: feeder, to: hosts, by: feeders) {
                        let host = ActorHost(initialState: 0, update: Bench.update)
                        await sendAll(.increment, times: events, to: host)
                    }
                }
            }
        }
    }

    /// The same hosts, each in a child task of its own, all started at once: what it adds
    /// to `hosts.parallel` is the tasks' cost (made, scheduled, and kept until the group
    /// ends), not the hosts'.
    nonisolated static func actorHostsInTasks(_ hosts: Int, events: Int) async {
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
