import EffectEngine
import EffectEngineExploration

/// `--test-plan`, for an ``ExplorableLineFeature`` whose events are `Equatable` and whose
/// state and env are `Sendable`: paths that cover every explored transition, each run
/// against a real `EffectHost` with the env the command line made (X10). The first step
/// where the host and the model disagree is named, with a test that replays the path.
///
/// Task bodies run for real, on the program's clock: a virtual one (`--virtual-time`)
/// answers at once.
struct TestPlanning<Feature: LineFeature> {
    /// The most states a plan's exploration keeps.
    static var stateLimit: Int { 100_000 }

    static var unavailable: UnavailableOptions {
        UnavailableOptions(names: section.options.map(\.name)) { program in
            "\(program) is not an ExplorableLineFeature with Equatable events, so it has no test plan"
        }
    }

    /// Its options, as `--help` lists them.
    static var section: ProgramSection {
        ProgramSection(
            title: "test plan (an ExplorableLineFeature with Equatable events)",
            options: [
                .flag(
                    "test-plan", role: .mode,
                    summary: "run paths covering every explored transition against the real host and exit"),
                .value(
                    "plan-depth", placeholder: "n", role: .modeOption(of: "test-plan", kind: "a test plan option"),
                    summary: "the most events from the start the plan explores (default: none)"),
            ])
    }
}

extension TestPlanning: LineCapability
where Feature: ExplorableLineFeature, Feature.Event: Equatable, Feature.State: Sendable {
    var section: ProgramSection { Self.section }

    func takeOver(_ arguments: LineArguments, output: LineOutput) async -> Int32? {
        guard arguments.flag("test-plan") else { return nil }
        let env: Feature.Env
        let model: Explorer<Feature.State, Feature.Event, Feature.Env>
        let plan: TestPlan<Feature.State, Feature.Event>
        do throws(LineError) {
            let depth = try arguments.value("plan-depth").map { _ throws(LineError) in
                try arguments.int("plan-depth")
            }
            env = try Feature.env(arguments)
            model = Feature.explorer(env: env)
            let report: ExplorationReport<Feature.State, Feature.Event>
            do throws(ExplorationError) {
                report = try model.explore(depth: depth, states: Self.stateLimit, graph: true)
            } catch {
                throw LineError(error.message.split(separator: "\n").joined(separator: "; "))
            }
            if case .states = report.limit {
                throw LineError(
                    "a test plan covers at most \(Self.stateLimit) states, and the space has more: "
                        + "bound it with --plan-depth")
            }
            plan = model.testPlan(of: report)!
        } catch {
            return LineProgram<Feature>.usageError(error, output: output)
        }
        _ = output.write(plan.description + "\n", .standardOutput)
        let clock = arguments.clock
        let result = await model.run(plan) { state in
            EffectHost(
                initialState: state, env: env, options: HostOptions(clock: clock),
                update: { Feature.update(state: &$0, event: $1) })
        }
        _ = output.write(result.description + "\n", .standardOutput)
        return result.mismatches.isEmpty ? LineExitStatus.success : LineExitStatus.propertyFailed
    }
}
