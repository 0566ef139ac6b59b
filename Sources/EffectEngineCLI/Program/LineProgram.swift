import EffectEngine

/// One run of a ``LineFeature`` as a program: what ``LineFeature/main()`` does, with the
/// command line, the output and the way lines are read given, so that tests run it in
/// the process.
///
/// ```swift
/// let status = await LineProgram<Counter>().run(
///     arguments: ["--settle"], output: output, isInteractive: false) { host in
///     await host.run(lines: ["tick", "tick"])
/// }
/// ```
@MainActor
struct LineProgram<Feature: LineFeature> {
    /// What the feature conforms to offers: its capabilities, in `--help` order.
    let capabilities: [any LineCapability<Feature>]

    init() {
        capabilities = [
            StateKeeping<Feature>() as? any LineCapability<Feature>,
            Journaling<Feature>() as? any LineCapability<Feature>,
            Exploring<Feature>() as? any LineCapability<Feature>,
            Simulating<Feature>() as? any LineCapability<Feature>,
            TestPlanning<Feature>() as? any LineCapability<Feature>,
        ].compactMap { $0 }
    }

    /// The options of a capability the feature does not conform to, and why.
    static var unavailable: [UnavailableOptions] {
        [
            StateKeeping<Feature>.unavailable, Journaling<Feature>.unavailable, Exploring<Feature>.unavailable,
            Simulating<Feature>.unavailable, TestPlanning<Feature>.unavailable,
        ]
    }

    /// The options every program takes, beyond the feature's own.
    static var builtInSections: [ProgramSection] {
        [RunningOptions.section, TranscriptOptions.section]
    }

    /// Every section `--help` lists: the feature's own options, the built-in ones, and
    /// those of its capabilities.
    var sections: [ProgramSection] {
        let own = ProgramSection(
            title: "options", options: Feature.options.map { ProgramOption(option: $0, role: .setting) })
        return (Feature.options.isEmpty ? [] : [own]) + Self.builtInSections + capabilities.map(\.section)
    }

    /// Runs the program and returns its exit status.
    ///
    /// - Parameters:
    ///   - arguments: The command line, without the program's path.
    ///   - output: Where everything is written.
    ///   - isInteractive: Whether a person types the lines (standard input is a terminal).
    ///   - signals: The process's ending signals, for `main()`: one that comes while the
    ///     run is loaded or its files written is kept, and its status returned once they
    ///     are (L10).
    ///   - read: Feeds the host its lines and returns its status: standard input, for
    ///     `main()`.
    func run(
        arguments: [String], output: LineOutput, isInteractive: Bool, signals: EndingSignals? = nil,
        read: (LineHost<Feature.State, Feature.Event, Feature.Env>) async -> Int32
    ) async -> Int32 {
        let parsed: LineArguments
        do throws(LineError) {
            parsed = try parse(arguments)
        } catch {
            return Self.usageError(error, output: output)
        }
        if parsed.showsHelp {
            _ = output.write(usage, .standardOutput)
            return LineExitStatus.success
        }
        for capability in capabilities {
            if let status = await capability.takeOver(parsed, output: output) { return status }
        }
        if let path = parsed.path(TranscriptOptions.check) {
            return await LineTranscript.check(
                Feature.self, path: path, commandLine: arguments, output: output)
        }
        signals?.hold()
        var settings = parsed.settings
        settings.isInteractive = isInteractive
        let writing = parsed.path(TranscriptOptions.writeTranscript).map { path in
            TranscriptWriting(path: path, program: Feature.name, options: Self.carriedOptions(parsed))
        }
        if writing != nil { settings.settle = true }
        let env: Feature.Env
        do throws(LineError) {
            env = try Feature.env(parsed)
        } catch {
            return Self.usageError(error, output: output)
        }
        let host: LineHost<Feature.State, Feature.Event, Feature.Env>
        var finishers: [@MainActor () async -> Int32?] = []
        do throws(LineError) {
            if let writing { try TextFile.checkWritable(writing.path, for: TranscriptOptions.writeTranscript.name) }
            var state = Feature.initialState
            for capability in capabilities {
                if let kept = try capability.startingState(parsed, output: output) { state = kept }
            }
            host = makeHost(
                state: state, env: Feature.env(env, startingFrom: state, arguments: parsed),
                settings: settings, output: writing?.recording.tee(output) ?? output)
            if let writing {
                host.console.hintOutput = output
                host.recordsInput(into: writing.recording)
            }
            for capability in capabilities {
                if let finish = try capability.attach(to: host, arguments: parsed, output: output) {
                    finishers.append(finish)
                }
            }
        } catch {
            _ = output.write("error: \(error.message)\n", .standardError)
            return LineExitStatus.usage
        }
        var status = await read(host)
        // Every finisher and the transcript get their turn; a file not written decides
        // the status.
        for finish in finishers {
            if let failed = await finish() { status = failed }
        }
        if let writing {
            do throws(LineError) {
                try writing.write()
            } catch {
                _ = output.write("error: \(error.message)\n", .standardError)
                status = LineExitStatus.cannotWrite
            }
        }
        return signals?.heldStatus ?? status
    }

    /// The options a transcript of the run carries (L14), as typed: those that change
    /// what the run prints (`--virtual-time`, `--wait-limit 2s`, the feature's own), not
    /// those naming files, nor `--settle`, which a check always is.
    static func carriedOptions(_ parsed: LineArguments) -> [String] {
        let settings =
            RunningOptions.section.options + Feature.options.map { ProgramOption(option: $0, role: .setting) }
        let notCarried = [RunningOptions.settle.name, RunningOptions.help.name]
        var words: [String] = []
        for name in parsed.given where !notCarried.contains(name) {
            guard let option = settings.first(where: { $0.name == name }), !option.takesFile else { continue }
            words.append("--" + name)
            if option.option.placeholder != nil, let value = parsed.values[name] { words.append(value) }
        }
        return words
    }

    /// A host for the feature, on `settings`.
    func makeHost(
        state: Feature.State, env: Feature.Env, settings: LineSettings, output: LineOutput
    ) -> LineHost<Feature.State, Feature.Event, Feature.Env> {
        let host = LineHost(
            initialState: state, env: env, commands: Feature.commands, settings: settings, output: output,
            render: { Feature.render($0) }, update: { Feature.update(state: &$0, event: $1) })
        host.onAppear = Feature.onAppear
        return host
    }

    /// Writes a bad command line's error, naming `--help`, and returns status 64.
    static func usageError(_ error: LineError, output: LineOutput) -> Int32 {
        _ = output.write("error: \(error.message) — try '\(Feature.name) --help'\n", .standardError)
        return LineExitStatus.usage
    }
}

/// How the host runs lines: every program takes these.
enum RunningOptions {
    static let settle = FlagOption(
        "settle", summary: "perform each line: read the next one once its effects have settled")
    static let trace = FlagOption("trace", summary: "write every transition and task change to standard error")
    static let waitLimit = ValueOption.duration(
        "wait-limit", default: "10s", summary: "the longest --settle, :wait or the end wait for tasks")
    static let virtualTime = FlagOption(
        "virtual-time", summary: "run on virtual time: --settle and :wait jump from timer to timer, at once")
    static let mainActorTasks = FlagOption(
        "main-actor-tasks", summary: "run task bodies on the main actor: faster round trips (see The Rules)")
    static let help = FlagOption("help", summary: "show this help")

    static let section = ProgramSection(
        title: "running",
        options: [
            settle.option, trace.option, waitLimit.option, virtualTime.option, mainActorTasks.option, help.option,
        ])
}

/// Checking a transcript, and writing one: every program takes these.
enum TranscriptOptions {
    static let check = FileOption(
        "check", role: .mode,
        summary: "run a transcript's input (settled) and diff the output with it; exit 1 on a mismatch")
    static let writeTranscript = FileOption(
        "write-transcript", role: .run,
        summary: "write the run (settled) to file as a transcript, to check later with --check")

    static let section = ProgramSection(title: "transcripts", options: [check.option, writeTranscript.option])
}
