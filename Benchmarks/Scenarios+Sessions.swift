import EffectEngine
import EffectEngineCLI
import Foundation

/// The session of the sessions benchmarks: `go` starts a task whose body answers at once,
/// as a call to another service would; `add` starts none.
enum BenchSession: LineFeature {
    struct State: Sendable {
        var count = 0
    }

    enum Event: Sendable {
        case go
        case done
        case add
    }

    static let name = "bench-sessions"
    static let summary = "a session whose lines start a task, or none"
    static let initialState = State()

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .go:
            return .task { input, _ in input(.done) }
        case .done, .add:
            state.count += 1
            return nil
        }
    }

    static func render(_ state: State) -> String { "n \(state.count)" }

    static let commands = LineCommands<State, Event>([
        LineCommand("go", summary: "start a task that answers at once", event: .go),
        LineCommand("add", summary: "count one, with no task", event: .add),
    ])
}

/// `rounds` lines for each of `sessions` sessions, `s<i> <command>`, round after round,
/// made as they are read, a batch at a time, as standard input hands them over.
struct SessionLines: AsyncSequence, Sendable {
    let sessions: Int
    let rounds: Int
    let command: String

    struct AsyncIterator: AsyncIteratorProtocol {
        let lines: [String]
        var left: Int
        var next = 0

        mutating func next() async -> [String]? {
            guard left > 0 else { return nil }
            let count = Swift.min(left, 1_024)
            var batch: [String] = []
            batch.reserveCapacity(count)
            for _ in 0..<count {
                batch.append(lines[next])
                next = next + 1 == lines.count ? 0 : next + 1
            }
            left -= count
            return batch
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(lines: (0..<sessions).map { "s\($0) \(command)" }, left: sessions * rounds)
    }
}

/// A child process's run of the sessions scenarios: `lines` (lines starting a task
/// through the sessions program), `idle` (lines starting none, through it), `main` (the
/// lines of `lines` through one main-actor `LineHost` a session). Prints the nanoseconds
/// it took and the peak resident bytes.
@MainActor
func sessionsProbe(kind: String, sessions: Int, rounds: Int) async {
    let discard = LineOutput { _, _ in true }
    let lines = SessionLines(sessions: sessions, rounds: rounds, command: kind == "idle" ? "add" : "go")
    let elapsed = await timed {
        if kind == "main" {
            let hosts = (0..<sessions).map { _ in
                LineHost(
                    initialState: BenchSession.State(), env: (), commands: BenchSession.commands, output: discard,
                    render: BenchSession.render, update: BenchSession.update)
            }
            for await batch in lines {
                for line in batch {
                    let space = line.firstIndex(of: " ")!
                    let index = Int(line[line.index(after: line.startIndex)..<space])!
                    await hosts[index].handle(String(line[line.index(after: space)...]))
                }
            }
            for host in hosts { _ = await host.finish() }
        } else {
            _ = await BenchSession.runSessions(output: discard, lines: lines)
        }
    }
    print("\(elapsed) \(peakResidentBytes())")
}

/// A child process's run of `hosts.bodies`: `hosts` actor hosts fed `sends` awaited sends,
/// round robin, by one task a core, each event starting a task; or, for `parallel`, the
/// work of `hosts.parallel`. Prints the nanoseconds, the peak resident bytes, and the most
/// task bodies that waited to begin at once.
func bodiesProbe(kind: String, hosts: Int, sends: Int) async {
    let elapsed = await timed {
        if kind == "parallel" {
            await Scenarios.actorHosts(hosts, events: sends / hosts)
            return
        }
        let running = (0..<hosts).map { _ in
            ActorHost(initialState: BenchSession.State(), update: BenchSession.update)
        }
        let feeders = ProcessInfo.processInfo.activeProcessorCount
        await withTaskGroup(of: Void.self) { group in
            for feeder in 0..<feeders {
                group.addTask {
                    for index in stride(from: feeder, to: sends, by: feeders) {
                        await running[index % hosts].send(.go)
                    }
                }
            }
        }
        for host in running { await host.stop() }
    }
    print("\(elapsed) \(peakResidentBytes()) \(BodyBacklog.peak)")
}

extension Scenarios {
    /// S3–S4: lines through a sessions program against the same lines through main-actor
    /// line hosts, and hosts fed as fast as they take sends whose events start tasks; each
    /// run in a child process, so that its peak memory is its own.
    mutating func sessions(sessions: Int, rounds: Int, hosts: Int, sends: Int) {
        let runs = max(3, budget.repetitions)
        let total = Double(sessions * rounds)
        func figure(_ kind: String) -> (time: (Double, Double, Double), peak: Double) {
            let samples = (0..<runs).compactMap { _ -> (Double, Double)? in
                let fields = childOutput(["--sessions-probe", kind, String(sessions), String(rounds)])
                    .split(separator: " ").compactMap { Double($0) }
                return fields.count == 2 ? (fields[0] / total, fields[1]) : nil
            }
            guard !samples.isEmpty else { return ((0, 0, 0), 0) }
            return (Self.summary(samples.map(\.0)), Self.summary(samples.map(\.1)).median)
        }
        let main = figure("main")
        let lines = figure("lines")
        let idle = figure("idle")
        add(
            "sessions.main", "\(sessions) sessions × \(rounds) lines, each starting a task, one main-actor LineHost a session, per line",
            main.time)
        add(
            "sessions.lines", "the same lines through a sessions program (Feature.runSessions), per line",
            lines.time, baseline: "sessions.main", bar: "≤ 1/1.5")
        add(
            "sessions.idle", "\(sessions) sessions × \(rounds) lines starting no task, through the program, per line",
            idle.time)
        let ratio = lines.peak / max(idle.peak, 1)
        add(
            "sessions.memory",
            "peak RSS of sessions.lines ÷ sessions.idle's (\(mib(lines.peak)) / \(mib(idle.peak)) MiB)",
            (ratio, ratio, ratio), unit: "ratio", bar: "≤ 1.5×")

        let bodies = (0..<runs).compactMap { _ -> [Double]? in
            let fields = childOutput(["--bodies-probe", "bodies", String(hosts), String(sends)])
                .split(separator: " ").compactMap { Double($0) }
            return fields.count == 3 ? fields : nil
        }
        let parallel = (0..<runs).compactMap { _ -> Double? in
            let fields = childOutput(["--bodies-probe", "parallel", String(hosts * 10), String(sends * 25)])
                .split(separator: " ").compactMap { Double($0) }
            return fields.count == 3 ? fields[1] : nil
        }
        guard !bodies.isEmpty, !parallel.isEmpty else { return }
        add(
            "hosts.bodies",
            "\(hosts) ActorHosts fed \(sends) awaited sends, each starting a task, one feeder a core, per send",
            Self.summary(bodies.map { $0[0] / Double(sends) }))
        let unrun = Self.summary(bodies.map { $0[2] })
        add(
            "hosts.bodies.unrun", "the most task bodies not yet begun at once, in hosts.bodies",
            unrun, unit: "bodies", bar: "≤ 10,000")
        let peak = Self.summary(bodies.map { $0[1] }).median
        let base = Self.summary(parallel).median
        add(
            "hosts.bodies.memory",
            "peak RSS of hosts.bodies ÷ hosts.parallel's work (\(mib(peak)) / \(mib(base)) MiB)",
            (peak / base, peak / base, peak / base), unit: "ratio", bar: "≤ 1.5×")
    }
}

private func mib(_ bytes: Double) -> String {
    String(format: "%.1f", bytes / 1_048_576)
}
