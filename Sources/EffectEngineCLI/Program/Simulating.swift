import EffectEngine
import EffectEngineExploration
import EffectEngineJournal

/// `--simulate N` and its options, for an ``ExplorableLineFeature`` whose events are
/// `Equatable` and `Codable`: seeded random walks through the feature's explorer, for
/// spaces too big to exhaust; the first failing walk shrunk to a minimal one, printed
/// with its test, and written as a journal that `--replay` runs with `--journal` (X9).
struct Simulating<Feature: LineFeature> {
    static var unavailable: UnavailableOptions {
        UnavailableOptions(names: section.options.map(\.name)) { program in
            "\(program) is not an ExplorableLineFeature with Equatable, Codable events, so it cannot be simulated"
        }
    }

    /// Its options, as `--help` lists them.
    static var section: ProgramSection { SimulationOptions.section }
}

/// `--simulate` and its options, declared once.
enum SimulationOptions {
    static let simulate = ValueOption.count(
        "simulate", role: .mode,
        summary: "run n seeded random walks through the model, shrink the first failure and exit")
    /// What each of the others is: usable only with `--simulate`.
    private static let role = ProgramOption.Role.modeOption(of: simulate.name, kind: "a simulation option")
    static let seed = ValueOption.natural("seed", role: role, summary: "the walks' seed (default 0)")
    static let steps = ValueOption.count("steps", role: role, summary: "the most events in a walk (default 100)")
    static let journal = FileOption(
        "journal", role: role, summary: "write the shrunk failing walk to file, as a journal --replay runs")

    static let section = ProgramSection(
        title: "simulation (an ExplorableLineFeature with Equatable, Codable events)",
        options: [simulate.option, seed.option, steps.option, journal.option])
}

extension Simulating: LineCapability
where Feature: ExplorableLineFeature, Feature.Event: Equatable & Codable {
    var section: ProgramSection { Self.section }

    func takeOver(_ arguments: LineArguments, output: LineOutput) async -> Int32? {
        guard arguments.values[SimulationOptions.simulate.name] != nil else { return nil }
        // The journal is written only when a walk fails, after the walks: checked first.
        if let path = arguments.path(SimulationOptions.journal) {
            do throws(LineError) {
                try TextFile.checkWritableLeavingIt(path, for: SimulationOptions.journal.name)
            } catch {
                _ = output.write("error: \(error.message)\n", .standardError)
                return LineExitStatus.usage
            }
        }
        let report: SimulationReport<Feature.State, Feature.Event>
        let model: Explorer<Feature.State, Feature.Event, Feature.Env>
        let env: Feature.Env
        do throws(LineError) {
            guard let walks = try arguments.value(SimulationOptions.simulate) else { return nil }
            let steps = try arguments.value(SimulationOptions.steps)
            let seed = try arguments.value(SimulationOptions.seed)
            env = try Feature.env(arguments)
            model = Feature.explorer(env: env)
            // At a terminal, the walks run of all and an estimate of the time left.
            let progress = ProgressLine()
            defer { progress.clear() }
            do throws(ExplorationError) {
                report = try model.reportingProgress {
                    progress.counting("simulating", "walk", done: $0.done, of: $0.total ?? walks)
                }
                .simulate(walks: walks, depth: steps ?? 100, seed: seed ?? 0)
            } catch {
                throw LineError(error.message.split(separator: "\n").joined(separator: "; "))
            }
        } catch {
            return LineProgram<Feature>.usageError(error, output: output)
        }
        _ = output.write(report.description + "\n", .standardOutput)
        guard let failure = report.failure else {
            if arguments.path(SimulationOptions.journal) != nil {
                _ = output.write("No walk failed, so no journal was written.\n", .standardOutput)
            }
            return LineExitStatus.success
        }
        if let path = arguments.path(SimulationOptions.journal), let trace = failure.failure.trace {
            do throws(JournalError) {
                try Journal<Feature.Event>.write(
                    trace.steps.map { ($0.event, $0.task) }, from: trace.initialState, env: env,
                    update: { Feature.update(state: &$0, event: $1) }, to: path)
            } catch {
                _ = output.write("error: --journal: \(error)\n", .standardError)
                return LineExitStatus.cannotWrite
            }
            _ = output.write(
                "Wrote the shrunk walk (\(trace.steps.count) events) to \(TextFile.quoted(path)) as a journal: "
                    + "\(Feature.name) --replay \(TextFile.quoted(path)) runs it.\n", .standardOutput)
        }
        return LineExitStatus.propertyFailed
    }
}
