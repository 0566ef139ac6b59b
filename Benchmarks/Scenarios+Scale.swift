import EffectEngine
import ExplorationModels
import EffectEngineExploration
import Foundation

/// The explorer at scale (issues 28 and 38): TLA+ models TLC checks, walked on every core,
/// in states a second; for each, the same walk on one worker and the speedup, and the
/// share of the walk's wall-clock time spent outside parallel work (what no number of
/// cores shortens: Amdahl's serial part); with `--tlc`, TLC on the same spec with as many
/// workers, in the same run, and the ratio of the two rates.
extension Scenarios {
    /// A model the scale scenario walks, and the TLC spec it is checked against.
    struct ScaleModel {
        /// The probe's name of the model.
        let probe: String
        /// The spec and its constants.
        let spec: String
        /// How the feature writes it.
        let writing: String
        /// TLC's distinct states.
        let states: Int
        /// The TLA+ module and its constants, as TLC is given them.
        let tlc: (directory: String, module: String, source: String?, config: String)?
        /// Whether the walk is also timed on one worker, for the speedup.
        var measuresSpeedup = true
    }

    /// TwoPhase with `managers` resource managers; with `timesTLC`, TLC checks it too
    /// when asked (with 10, TLC would take the better part of an hour here).
    static func twoPhase(_ managers: Int, timesTLC: Bool = true) -> ScaleModel {
        let rms = (1...managers).map { "r\($0)" }.joined(separator: ", ")
        return ScaleModel(
            probe: "twophase-bits/\(managers)", spec: "TwoPhase, \(managers) RMs", writing: "bit sets",
            states: TwoPhase.tlcCounts[managers] ?? 0,
            tlc: timesTLC
                ? (
                    "transaction_commit", "TwoPhase\(managers)", "TwoPhase7",
                    "CONSTANT RM = {\(rms)}\nINIT TPInit\nNEXT TPNext\nINVARIANT TPTypeOK\n"
                ) : nil,
            // One worker on TwoPhase 10 takes minutes.
            measuresSpeedup: managers <= 9)
    }

    static let paxos = ScaleModel(
        probe: "paxos", spec: "PaxosCommit, 2 RMs, 3 acceptors, ballots {0, 1}", writing: "bit sets",
        states: 1_321_761, tlc: ("transaction_commit", "PaxosCommit", nil, "")
    )

    /// Walks each model in a child process of its own with `workers` workers, and with
    /// `tlc` (the directory of `tla2tools.jar`) runs TLC on it with as many. For the speedup
    /// the walk is timed `pairs` times on one worker and on `workers`, in turn (1, N, 1,
    /// N, ...): each pair's ratio is taken on a machine in the same state, and the figure
    /// is the median pair's, with the others as its spread (one walk of each, timed once,
    /// moves by a fifth from one run to the next here). Beside each pair, `workers`
    /// one-worker walks run side by side in processes of their own: what the machine gives
    /// work that shares nothing at that moment (`.capacity`: `workers` on a machine whose
    /// cores are all free), to read the walk's speedup against; and the processor time of
    /// the N-worker walk over one worker's (`.processor`: what the parallel walk costs
    /// beyond the one-worker walk; on N free cores the speedup is about N over it).
    mutating func scale(models: [ScaleModel], workers: Int, tlc: String?, pairs: Int) {
        for model in models {
            let id = "scale." + model.probe.replacingOccurrences(of: "twophase-bits/", with: "twophase")
            var singles: [ScaleRun] = []
            var runs: [ScaleRun] = []
            var capacities: [Double] = []
            let timesSingle = workers > 1 && model.measuresSpeedup
            for _ in 0..<(timesSingle ? max(1, pairs) : 1) {
                if timesSingle {
                    guard let single = scaleRun(model, workers: 1) else { break }
                    singles.append(single)
                    if let slowest = sideBySide(model, count: workers) {
                        capacities.append(Double(workers) * single.seconds / slowest)
                    }
                }
                guard let run = scaleRun(model, workers: workers) else { break }
                runs.append(run)
            }
            if !singles.isEmpty {
                let rates = Self.summary(singles.map(\.rate))
                let seconds = Self.summary(singles.map(\.seconds)).median
                add(
                    id + ".1", "Explorer, 1 worker: \(model.spec) (\(format(seconds, digits: 2)) s)", rates,
                    unit: "states/s")
            }
            guard !runs.isEmpty else { continue }
            // The median run (by time): its rate, peak and serial share are reported together.
            let run = runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
            let rates = Self.summary(runs.map(\.rate))
            var baseline: String?
            if let tlc, let spec = model.tlc, let tlcRun = Self.runTLC(spec, in: tlc, workers: workers) {
                if tlcRun.states != model.states {
                    FileHandle.standardError.write(
                        Data(
                            "warning: \(model.spec): TLC found \(tlcRun.states) states, not \(model.states)\n"
                                .utf8))
                }
                let rate = Double(tlcRun.states) / tlcRun.seconds
                add(
                    id + ".tlc",
                    "TLC, \(workers) workers: \(model.spec) (\(Numbers.grouped(tlcRun.states)) states, "
                        + "\(format(tlcRun.seconds, digits: 1)) s)", (rate, rate, rate), unit: "states/s")
                baseline = id + ".tlc"
            }
            add(
                id,
                "Explorer, \(workers) workers: \(model.spec), \(model.writing) (\(Numbers.grouped(run.states)) states, "
                    + "\(format(run.seconds, digits: 2)) s, peak \(format(run.peak / 1_073_741_824, digits: 2)) GiB)",
                (run.rate, rates.min, rates.max), unit: "states/s", baseline: baseline,
                bar: baseline == nil ? "" : "≥ 10×")
            figures[figures.count - 1].extras = [
                ("states", "\(run.states)"), ("seconds", format(run.seconds, digits: 3)),
            ]
            if singles.count == runs.count && !singles.isEmpty {
                let speedups = Self.summary(zip(singles, runs).map { $0.seconds / $1.seconds })
                let pairing = singles.count > 1 ? ", the median of \(singles.count) pairs" : ""
                add(
                    id + ".speedup",
                    "Explorer: \(workers) workers against 1, \(model.spec) (wall-clock time\(pairing))", speedups,
                    unit: "×", bar: workers == 2 ? "≥ 1.8" : workers == 16 ? "≥ 12" : "")
                let ratios = Self.summary(zip(runs, singles).map { $0.processorSeconds / $1.processorSeconds })
                add(
                    id + ".processor",
                    "Explorer: processor time, \(workers) workers against 1, \(model.spec) (all threads: on \(workers) "
                        + "free cores the speedup is about \(workers) over this)",
                    ratios, unit: "×")
            }
            if capacities.count == singles.count && !capacities.isEmpty {
                add(
                    id + ".capacity",
                    "The machine: \(workers) one-worker walks side by side against one alone, \(model.spec) "
                        + "(the speedup work sharing nothing gets, beside each pair)",
                    Self.summary(capacities), unit: "×")
            }
            let serial = run.serialShare * 100
            add(
                id + ".serial",
                "Explorer, \(workers) workers: share of the walk's wall-clock time outside parallel work, \(model.spec)",
                (serial, serial, serial), unit: "%", bar: "≤ 3")
            add(
                id + ".memory", "Explorer: visited set and trace links per visited state, \(model.spec)",
                (run.bytes, run.bytes, run.bytes), unit: "B/state", bar: "≤ 24")
        }
    }

    /// What one walk of a scale probe measured.
    struct ScaleRun {
        let states: Int
        let seconds: Double
        let bytes: Double
        let peak: Double
        let serialShare: Double
        /// The processor time the walk took, all its threads together.
        let processorSeconds: Double
        var rate: Double { Double(states) / seconds }
    }

    /// Walks `model` in a child process with `workers` workers.
    func scaleRun(_ model: ScaleModel, workers: Int) -> ScaleRun? {
        parse(childOutput(["--scale-probe", model.probe, String(workers)]), model)
    }

    /// Walks `model` on one worker in `count` child processes at once, which share
    /// nothing: the slowest one's time, which on a machine giving each process a core of
    /// its own is one walk's.
    func sideBySide(_ model: ScaleModel, count: Int) -> Double? {
        let children = (0..<count).compactMap { _ in startChild(["--scale-probe", model.probe, "1"]) }
        guard children.count == count else { return nil }
        var slowest = 0.0
        for child in children {
            guard let run = parse(child(), model) else { return nil }
            slowest = max(slowest, run.seconds)
        }
        return slowest
    }

    /// What a scale probe printed.
    func parse(_ output: String, _ model: ScaleModel) -> ScaleRun? {
        let fields = output.trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: " ").compactMap { Double($0) }
        guard fields.count == 6 else {
            FileHandle.standardError.write(Data("warning: the scale probe of \(model.probe) printed nothing\n".utf8))
            return nil
        }
        let run = ScaleRun(
            states: Int(fields[0]), seconds: fields[1], bytes: fields[2], peak: fields[3], serialShare: fields[4],
            processorSeconds: fields[5])
        if run.states != model.states {
            FileHandle.standardError.write(
                Data("warning: \(model.spec): the explorer found \(run.states) states, TLC \(model.states)\n".utf8))
        }
        return run
    }

    /// Runs TLC as `tlc.sh` does, in a scratch directory holding the spec's modules and
    /// the configuration; its distinct states and wall-clock seconds (the JVM's start
    /// included, as `tlc.sh` counts it).
    static func runTLC(
        _ spec: (directory: String, module: String, source: String?, config: String), in tlc: String,
        workers: Int
    ) -> (states: Int, seconds: Double)? {
        let files = FileManager.default
        let models = URL(fileURLWithPath: tlc).appendingPathComponent("models").appendingPathComponent(
            spec.directory)
        let scratch = files.temporaryDirectory.appendingPathComponent("effectengine-tlc-\(UUID().uuidString)")
        defer { try? files.removeItem(at: scratch) }
        do {
            try files.createDirectory(at: scratch, withIntermediateDirectories: true)
            for name in try files.contentsOfDirectory(atPath: models.path)
            where name.hasSuffix(".tla") || name.hasSuffix(".cfg") {
                try files.copyItem(
                    at: models.appendingPathComponent(name), to: scratch.appendingPathComponent(name))
            }
            if let source = spec.source {
                let text = try String(
                    contentsOf: models.appendingPathComponent(source + ".tla"), encoding: .utf8
                )
                .replacingOccurrences(of: "MODULE \(source)", with: "MODULE \(spec.module)")
                try? files.removeItem(at: scratch.appendingPathComponent(spec.module + ".tla"))
                try text.write(
                    to: scratch.appendingPathComponent(spec.module + ".tla"), atomically: true,
                    encoding: .utf8)
                try? files.removeItem(at: scratch.appendingPathComponent(spec.module + ".cfg"))
                try spec.config.write(
                    to: scratch.appendingPathComponent(spec.module + ".cfg"), atomically: true,
                    encoding: .utf8)
            }
        } catch {
            FileHandle.standardError.write(
                Data("warning: TLC's spec \(spec.module) could not be prepared: \(error)\n".utf8))
            return nil
        }
        let java = Process()
        java.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        java.arguments = [
            "java", "-XX:+UseParallelGC", "-cp",
            URL(fileURLWithPath: tlc).appendingPathComponent("tla2tools.jar").path,
            "tlc2.TLC", "-workers", String(workers), "-nowarning", "-metadir",
            scratch.appendingPathComponent("states").path,
            spec.module,
        ]
        java.currentDirectoryURL = scratch
        let output = Pipe()
        java.standardOutput = output
        java.standardError = output
        let start = ContinuousClock.now
        guard (try? java.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        java.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        let text = String(decoding: data, as: UTF8.self)
        // "2744706 states generated, 296448 distinct states found, 0 states left on queue."
        guard java.terminationStatus == 0,
            let line = text.split(separator: "\n").last(where: { $0.contains("distinct states found") }),
            let states = line.split(separator: ",").dropFirst().first?.split(separator: " ").first.flatMap({
                Int($0)
            })
        else {
            FileHandle.standardError.write(
                Data("warning: TLC failed on \(spec.module):\n\(text.suffix(2_000))\n".utf8))
            return nil
        }
        return (states, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}

/// A child process walking one model: prints the states found, the wall-clock seconds,
/// the bytes a visited state, the peak resident bytes, the share of the walk's time
/// spent outside parallel work and the processor seconds of all its threads, on one line.
func scaleProbe(model: String, workers: Int) -> String {
    func walk<State, Event>(_ explorer: Explorer<State, Event, Void>) -> String {
        var report: ExplorationReport<State, Event>?
        let start = ContinuousClock.now
        let processorStart = processorSeconds(CLOCK_PROCESS_CPUTIME_ID)
        report = try? explorer.explore(states: 100_000_000, workers: workers)
        let processor = processorSeconds(CLOCK_PROCESS_CPUTIME_ID) - processorStart
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return "\(report?.states ?? 0) \(seconds) \(report?.bytesPerState ?? 0) \(peakResidentBytes()) "
            + "\(report?.timing.serialShare ?? 0) \(processor)"
    }
    let parts = model.split(separator: "/")
    let size = parts.count > 1 ? Int(parts[1]) ?? 7 : 7
    switch parts.first {
    case "twophase-bits":
        return walk(
            Explorer(
                initialState: TwoPhaseBits.State(managers: size), update: TwoPhaseBits.update,
                events: TwoPhaseBits.enabled))
    case "twophase":
        return walk(TwoPhase.explorer(managers: size))
    case "paxos":
        let paxos = PaxosCommit.Model(.published)
        return walk(Explorer(initialState: paxos.initialState, update: paxos.update, events: paxos.enabled))
    default:
        return ""
    }
}

/// The most resident bytes this process has held (Linux: `VmHWM`; Darwin: `ru_maxrss`).
func peakResidentBytes() -> Int {
    #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return kilobytes * 1_024
    #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
    #endif
}
