import EffectEngine
import EffectEngineShared
import EffectEngineExploration

/// `--test-plan`, for an ``ExplorableLineFeature`` whose events are `Equatable` and whose
/// state and env are `Sendable`: paths that cover every explored transition, each run
/// against a real `EffectHost` with the env the command line made (X10). The first step
/// where the host and the model disagree is named, with a test that replays the path.
///
/// Task bodies run for real, on the program's clock, and each event waits at most
/// `--wait-limit` for its tasks to settle. With `--virtual-time` the wait moves the
/// virtual clock from deadline to deadline whenever every running task sleeps on it, as a
/// settled line does, so a plan of debounces and timers runs at once; the limit is then
/// counted in virtual time. At a terminal, the walk and the paths run show their progress
/// on standard error.
///
/// With `--transcript FILE` the first failing path is also written as a transcript that
/// `--check FILE` runs, its output the model's (``TestPlanTranscript``); when no path
/// fails nothing is written, and the program says so. The file is checked before the
/// plan runs: one that cannot be written is a usage error (64), and left as it was.
struct TestPlanning<Feature: LineFeature> {
    /// The most states a plan's exploration keeps.
    static var stateLimit: Int { 100_000 }

    static var unavailable: UnavailableOptions {
        UnavailableOptions(names: section.options.map(\.name)) { program in
            "\(program) is not an ExplorableLineFeature with Equatable events, so it has no test plan"
        }
    }

    /// Its options, as `--help` lists them.
    static var section: ProgramSection { TestPlanOptions.section }
}

/// `--test-plan` and its options, declared once.
enum TestPlanOptions {
    static let testPlan = FlagOption(
        "test-plan", role: .mode,
        summary: "run paths covering every explored transition against the real host and exit")
    /// What each of the others is: usable only with `--test-plan`.
    private static let role = ProgramOption.Role.modeOption(of: testPlan.name, kind: "a test plan option")
    static let planDepth = ValueOption.count(
        "plan-depth", role: role, summary: "the most events from the start the plan explores (default: none)")
    static let transcript = FileOption(
        "transcript", role: role, summary: "write the first failing path to file, as a transcript --check runs")

    static let section = ProgramSection(
        title: "test plan (an ExplorableLineFeature with Equatable events)",
        options: [testPlan.option, planDepth.option, transcript.option])
}

extension TestPlanning: LineCapability
where Feature: ExplorableLineFeature, Feature.Event: Equatable, Feature.State: Sendable {
    var section: ProgramSection { Self.section }

    func takeOver(_ arguments: LineArguments, output: LineOutput) async -> Int32? {
        guard arguments.isSet(TestPlanOptions.testPlan) else { return nil }
        let env: Feature.Env
        let model: Explorer<Feature.State, Feature.Event, Feature.Env>
        let plan: TestPlan<Feature.State, Feature.Event>
        do throws(LineError) {
            let depth = try arguments.value(TestPlanOptions.planDepth)
            if let path = arguments.path(TestPlanOptions.transcript) {
                try TextFile.checkWritableLeavingIt(path, for: TestPlanOptions.transcript.name)
            }
            env = try Feature.env(arguments)
            model = Feature.explorer(env: env)
            let report: ExplorationReport<Feature.State, Feature.Event>
            let progress = ProgressLine()
            defer { progress.clear() }
            do throws(ExplorationError) {
                report = try model.reportingProgress { progress.exploring(states: $0.done, depth: $0.depth) }
                    .explore(depth: depth, states: Self.stateLimit, graph: true)
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
        let limit = arguments.settings.waitLimit
        // On virtual time, each event's wait moves the clock from deadline to deadline, as
        // a settled line's does, instead of waiting out the bound.
        let virtualRun = arguments.settings.virtualClock.map {
            VirtualRun(clock: $0, executor: DrivenExecutor(runsBetweenDrives: true))
        }
        let options = virtualRun?.options(from: HostOptions(clock: clock)) ?? HostOptions(clock: clock)
        let progress = ProgressLine()
        let result = await model.run(
            plan, timeout: limit, hostCode: "makeHost()",
            progress: { progress.counting("testing the plan", "path", done: $0, of: $1) },
            perform: { host, event in
                if let virtualRun { return await virtualRun.perform(event, on: host, limit: limit) == .done }
                return await host.perform(event, timeout: limit)
            }
        ) { state in
            EffectHost(
                initialState: state, env: env, options: options, update: { Feature.update(state: &$0, event: $1) })
        }
        virtualRun?.executor.release()
        progress.clear()
        _ = output.write(result.description + "\n", .standardOutput)
        guard let path = arguments.path(TestPlanOptions.transcript) else {
            return result.mismatches.isEmpty ? LineExitStatus.success : LineExitStatus.propertyFailed
        }
        guard let mismatch = result.mismatches.first else {
            _ = output.write("No path failed, so no transcript was written.\n", .standardOutput)
            return LineExitStatus.success
        }
        do throws(LineError) {
            let transcript = TestPlanTranscript<Feature>(
                mismatch: mismatch, initialState: plan.paths[mismatch.path - 1].initialState)
            let text: String
            do throws(LineError) {
                text = try transcript.text(
                    checkedWith: [Feature.name, "--check", path].map(ShellWords.quoted)
                        .joined(separator: " "),
                    options: LineProgram<Feature>.carriedOptions(arguments))
            } catch {
                throw LineError.file(TestPlanOptions.transcript.name, error.message)
            }
            try TextFile.write(text, to: path, for: TestPlanOptions.transcript.name)
        } catch {
            _ = output.write("error: \(error.message)\n", .standardError)
            return LineExitStatus.cannotWrite
        }
        _ = output.write(
            "Wrote path \(mismatch.path) (\(mismatch.events.count) events) to \(TextFile.quoted(path)) as a transcript "
                + "of the model's output: \(Feature.name) --check \(TextFile.quoted(path)) fails where the host differs.\n",
            .standardOutput)
        return LineExitStatus.propertyFailed
    }
}
