import EffectEngine
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `swift run -c release EffectEngineBenchmarks [--quick] [--json] [--only ID,...]`
@main
struct EffectEngineBenchmarks {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let index = arguments.firstIndex(of: "--memory-probe"), index + 2 < arguments.count + 1 {
            // A child process measuring one memory figure; see `Scenarios.memory`.
            let kind = arguments[index + 1]
            let count = Int(arguments[safe: index + 2] ?? "") ?? 10_000
            print(await memoryProbe(kind: kind, count: count))
            return
        }
        if let index = arguments.firstIndex(of: "--churn-probe") {
            // A child process measuring the churn figure; see `Scenarios.churn`.
            let result = await churnProbe(cycles: Int(arguments[safe: index + 1] ?? "") ?? 1_000_000)
            print(result.before, result.after, result.running.joined(separator: ","), result.afterStop)
            return
        }
        if let index = arguments.firstIndex(of: "--explore-probe") {
            // A child process timing the explorer; see `Scenarios.explore`.
            let managers = Int(arguments[safe: index + 1] ?? "") ?? 7
            print(exploreProbe(managers: managers, repetitions: Int(arguments[safe: index + 2] ?? "") ?? 3))
            return
        }
        if let index = arguments.firstIndex(of: "--liveness-probe") {
            // A child process timing the liveness check; see `Scenarios.liveness`.
            let managers = Int(arguments[safe: index + 1] ?? "") ?? 6
            print(livenessProbe(managers: managers, repetitions: Int(arguments[safe: index + 2] ?? "") ?? 3))
            return
        }
        if let index = arguments.firstIndex(of: "--readers-writers-probe") {
            // A child process timing the liveness check; see `Scenarios.readersWriters`.
            let actors = Int(arguments[safe: index + 1] ?? "") ?? 4
            print(readersWritersProbe(actors: actors, repetitions: Int(arguments[safe: index + 2] ?? "") ?? 3))
            return
        }
        if let index = arguments.firstIndex(of: "--liveness-check") {
            // The whole `checkLiveness` once, beside TLC; see `livenessCheckProbe`.
            let managers = Int(arguments[safe: index + 1] ?? "") ?? 8
            print(livenessCheckProbe(managers: managers, workers: Int(arguments[safe: index + 2] ?? "") ?? 2))
            return
        }
        if let index = arguments.firstIndex(of: "--scale-probe") {
            // A child process walking one model on several workers; see `Scenarios.scale`.
            let model = arguments[safe: index + 1] ?? "twophase-bits/7"
            print(scaleProbe(model: model, workers: Int(arguments[safe: index + 2] ?? "") ?? 1))
            return
        }
        if let index = arguments.firstIndex(of: "--sessions-probe") {
            await sessionsProbe(
                kind: arguments[safe: index + 1] ?? "lines", sessions: Int(arguments[safe: index + 2] ?? "") ?? 1_000,
                rounds: Int(arguments[safe: index + 3] ?? "") ?? 10)
            return
        }
        if let index = arguments.firstIndex(of: "--bodies-probe") {
            await bodiesProbe(
                kind: arguments[safe: index + 1] ?? "bodies", hosts: Int(arguments[safe: index + 2] ?? "") ?? 1_000,
                sends: Int(arguments[safe: index + 3] ?? "") ?? 400_000)
            return
        }
        if let index = arguments.firstIndex(of: "--lines-probe") {
            // A child process timing one pass over its standard input; see `Scenarios.lines`.
            await linesProbe(kind: arguments[safe: index + 1] ?? "host")
            return
        }
        if let index = arguments.firstIndex(of: "--profile") {
            let id = arguments[safe: index + 1] ?? ""
            let count = Int(arguments[safe: index + 2] ?? "") ?? 100_000
            if !(await profile(id, count: count)) {
                print("unknown scenario '\(id)' for --profile: send, chain, input, perform, perform.main, replace, replace.main, replace.held, scope1, scope3, stack5, stack5.hand, explore")
                exit(64)
            }
            return
        }
        if arguments.contains("--help") {
            print(usage)
            return
        }
        let quick = arguments.contains("--quick")
        let json = arguments.contains("--json")
        let only = arguments.firstIndex(of: "--only").flatMap { arguments[safe: $0 + 1] }
            .map { Set($0.split(separator: ",").map(String.init)) }
        func wanted(_ id: String) -> Bool { only?.contains(id) ?? true }

        var scenarios = Scenarios(budget: quick ? .quick : .full)
        if wanted("send") { await scenarios.send() }
        if wanted("chain") { await scenarios.chain() }
        if wanted("send.actor") || wanted("hosts.main") || wanted("hosts.parallel") || wanted("hosts.tasks") {
            await scenarios.actors(hosts: quick ? 1_000 : 10_000, events: quick ? 100 : 1_000)
        }
        if wanted("input") { await scenarios.input() }
        if wanted("replace") { await scenarios.replace() }
        if wanted("debounce") { await scenarios.debounce() }
        if wanted("perform") { await scenarios.perform() }
        if wanted("states8") { await scenarios.states() }
        if wanted("scope1") || wanted("scope3") { await scenarios.scopes() }
        if wanted("stack5") { await scenarios.navigation() }
        if wanted("rows.identified") || wanted("rows.dictionary") { await scenarios.rows() }
        if wanted("persist") { await scenarios.persist() }
        if wanted("record") || wanted("replay") { await scenarios.journal() }
        if wanted("page") { await scenarios.pages(count: quick ? 10_000 : 100_000) }
        if wanted("memory") { scenarios.memory(count: quick ? 2_000 : 10_000) }
        let cycles = arguments.firstIndex(of: "--cycles").flatMap { Int(arguments[safe: $0 + 1] ?? "") }
        if wanted("churn") { scenarios.churn(cycles: cycles ?? (quick ? 20_000 : 1_000_000)) }
        if wanted("lines") { scenarios.lines(count: quick ? 20_000 : 1_000_000) }
        if ["sessions.main", "sessions.lines", "sessions.idle", "sessions.memory", "hosts.bodies"].contains(where: wanted) {
            scenarios.sessions(
                sessions: quick ? 1_000 : 10_000, rounds: quick ? 20 : 100, hosts: quick ? 200 : 1_000,
                sends: quick ? 40_000 : 400_000)
        }
        if wanted("explore") { scenarios.explore(managers: quick ? 6 : 7) }
        if wanted("liveness") { scenarios.liveness(managers: quick ? 6 : 7) }
        if wanted("liveness.rw") { scenarios.readersWriters(actors: quick ? 3 : 4) }
        if wanted("simulate") { scenarios.simulate(managers: quick ? 4 : 5) }
        if wanted("scale") {
            let workers = arguments.firstIndex(of: "--workers").flatMap { Int(arguments[safe: $0 + 1] ?? "") }
            let tlc: String? =
                arguments.contains("--tlc")
                ? ProcessInfo.processInfo.environment["EFFECTENGINE_TLC"] ?? "../shared/tlc" : nil
            let models =
                quick
                ? [Scenarios.twoPhase(7)]
                : [
                    Scenarios.twoPhase(7), Scenarios.twoPhase(8), Scenarios.twoPhase(9), Scenarios.paxos,
                    Scenarios.twoPhase(10, timesTLC: false),
                ]
            scenarios.scale(
                models: models, workers: workers ?? ProcessInfo.processInfo.activeProcessorCount, tlc: tlc,
                pairs: quick ? 1 : 3)
        }
        if json {
            for figure in scenarios.figures { print(figure.json) }
        } else {
            print(table(scenarios.figures, quick: quick))
        }
    }

    static let usage = """
        usage: EffectEngineBenchmarks [--quick] [--json] [--only ID,...] [--cycles N] [--workers N] [--tlc]
               EffectEngineBenchmarks --profile ID COUNT
               EffectEngineBenchmarks --liveness-check MANAGERS WORKERS

        Measures the engine against raw baselines in the same run and prints ns per
        operation, the baseline's figure and their ratio.

          --quick   short runs (a smoke test; figures are rough)
          --json    one JSON object per figure
          --only    run some scenarios: send, chain, send.actor, hosts.main, hosts.parallel, hosts.tasks,
                    input, replace, debounce, perform, states8, scope1, scope3, stack5,
                    persist, record, replay, page, memory, churn, lines, sessions.main, sessions.lines,
                    sessions.idle, sessions.memory, hosts.bodies, explore, liveness, liveness.rw,
                    simulate, scale
          --cycles  replace cycles of the churn scenario (default 1,000,000)
          --workers the explorer's workers in the scale scenario, and TLC's (default: every core)
          --tlc     also time TLC on the scale scenario's specs but TwoPhase 10, with as many workers
                    (needs java; tla2tools.jar and the specs in $EFFECTENGINE_TLC, default ../shared/tlc)
          --profile run COUNT operations of one scenario once, for callgrind
          --liveness-check run the whole checkLiveness once on TwoPhase with MANAGERS managers and the
                    liveness scenario's properties; prints seconds, states, properties holding, properties,
                    peak resident bytes (the figure beside TLC's on the same spec)
        """
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
