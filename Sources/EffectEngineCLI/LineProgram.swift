import EffectEngine

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A command-line program that drives one feature through a ``LineHost``: its name, a
/// one-line summary and its options, with `--settle`, `--trace` and `--help` built in.
///
/// An example's `main.swift` is one call:
///
/// ```swift
/// await LineProgram(
///     name: "counter", summary: "a counter that ticks while started",
///     options: [.value("interval", placeholder: "duration", default: "1s", summary: "time between ticks")]
/// ).main(
///     commands: Counter.commands, initialState: Counter.State(),
///     env: { arguments throws(LineError) in .live(interval: try arguments.duration("interval")) },
///     render: Counter.render, update: Counter.update)
/// ```
///
/// Exit statuses are those of ``LineExitStatus``: 0, 1 when a line was rejected, 64 for a
/// bad argument, 130 after SIGINT.
public struct LineProgram: Sendable {
    /// The program's name, as typed in a shell.
    public let name: String
    /// What the program does, one line.
    public let summary: String
    /// The program's own options.
    public let options: [LineOption]

    /// Describes a program.
    ///
    /// ```swift
    /// let program = LineProgram(name: "movies", summary: "browse a page of movies",
    ///                           options: [.flag("fail", summary: "make the service fail")])
    /// ```
    ///
    /// - Parameters:
    ///   - name: The program's name.
    ///   - summary: What it does, one line.
    ///   - options: Its own options, beyond `--settle`, `--trace` and `--help`.
    public init(name: String, summary: String, options: [LineOption] = []) {
        self.name = name
        self.summary = summary
        self.options = options
    }

    /// The built-in options that take a file.
    static let fileOptions = ["state", "record", "replay", "check", "report"]

    /// Parses command-line arguments (without the program's path).
    ///
    /// Accepts `--settle`, `--trace`, `--wait-limit`, `--virtual-time`, `--main-actor-tasks`,
    /// `--state`, `--record`, `--replay`, `--report`, `--check`, `--help` (or `-h`), and the program's options as
    /// `--name value` or `--name=value`. Options left out take their default.
    ///
    /// ```swift
    /// let arguments = try program.parse(["--settle", "--debounce=50ms"])
    /// #expect(arguments.settings.settle)
    /// ```
    ///
    /// - Parameter arguments: The arguments, such as `CommandLine.arguments.dropFirst()`.
    /// - Returns: The parsed arguments.
    /// - Throws: A ``LineError`` for an unknown option, a missing value or a stray argument.
    public func parse(_ arguments: some Sequence<String>) throws(LineError) -> LineArguments {
        var parsed = LineArguments(settings: LineSettings(), showsHelp: false, values: [:], flags: [])
        for option in options {
            if let value = option.defaultValue { parsed.values[option.name] = value }
        }
        var remaining = Array(arguments)[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--settle": parsed.settings.settle = true
            case "--trace": parsed.settings.trace = true
            case "--virtual-time": parsed.settings.virtualTime = true
            case "--main-actor-tasks": parsed.settings.mainActorTasks = true
            case _ where argument == "--wait-limit" || argument.hasPrefix("--wait-limit="):
                let value = argument.contains("=") ? String(argument.drop { $0 != "=" }.dropFirst()) : remaining.popFirst()
                guard let value else { throw LineError("'--wait-limit' needs a value") }
                guard let limit = LineArguments.duration(from: value) else {
                    throw LineError(
                        "'--wait-limit' needs a duration such as 10s or 500ms, not \(LineError.quote(value))")
                }
                parsed.settings.waitLimit = limit
            case "--help", "-h": parsed.showsHelp = true
            case _ where Self.fileOptions.contains(where: { argument == "--" + $0 || argument.hasPrefix("--\($0)=") }):
                let name = String(argument.dropFirst(2).prefix { $0 != "=" })
                let value = argument.contains("=") ? String(argument.drop { $0 != "=" }.dropFirst()) : remaining.popFirst()
                guard let value, !value.isEmpty else { throw LineError("'--\(name)' needs a file") }
                switch name {
                case "state": parsed.settings.statePath = value
                case "record": parsed.settings.recordPath = value
                case "replay": parsed.settings.replayPath = value
                case "report": parsed.settings.reportPath = value
                default: parsed.settings.checkPath = value
                }
            default:
                guard argument.hasPrefix("--") else {
                    throw LineError("unexpected argument \(LineError.quote(argument))")
                }
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                if ["settle", "trace", "help", "virtual-time", "main-actor-tasks"].contains(name), let inlineValue {
                    throw LineError("'--\(name)' takes no value, got \(LineError.quote(inlineValue))")
                }
                guard let option = options.first(where: { $0.name == name }) else {
                    throw LineError("unknown option \(LineError.quote("--" + name))")
                }
                if option.placeholder == nil {
                    guard inlineValue == nil else { throw LineError("'--\(name)' takes no value") }
                    parsed.flags.insert(name)
                } else if let value = inlineValue ?? remaining.popFirst() {
                    parsed.values[name] = value
                } else {
                    throw LineError("'--\(name)' needs a value")
                }
            }
        }
        return parsed
    }

    /// The text `--help` prints: usage, options, the feature's commands and the
    /// meta-commands.
    ///
    /// ```swift
    /// print(program.usage(commands: Counter.commands), terminator: "")
    /// ```
    ///
    /// - Parameter commands: The feature's commands.
    /// - Returns: The help text, ending in a newline.
    public func usage<Event>(commands: LineCommands<Event>) -> String {
        usage(commands: commands, keepsState: false, journals: false)
    }

    /// The help text, with `--state` listed when the feature's state can be kept, and
    /// `--record` and `--replay` when its events can be journaled.
    func usage<Event>(commands: LineCommands<Event>, keepsState: Bool, journals: Bool) -> String {
        let synopsis = options.map { option in
            option.placeholder.map { "[--\(option.name) <\($0)>]" } ?? "[--\(option.name)]"
        }
        var rows: [(String, String)] = options.map { option in
            let flag = option.placeholder.map { "--\(option.name) <\($0)>" } ?? "--\(option.name)"
            let summary = option.defaultValue.map { "\(option.summary) (default \($0))" } ?? option.summary
            return (flag, summary)
        }
        rows += [
            ("--settle", "perform each line: read the next one once its effects have settled"),
            ("--trace", "write every transition and task change to standard error"),
            ("--wait-limit <duration>", "the longest --settle, :wait or the end wait for tasks (default 10s)"),
            ("--virtual-time", "run on virtual time: --settle and :wait jump from timer to timer, at once"),
            ("--main-actor-tasks", "run task bodies on the main actor: faster round trips (see The Rules)"),
        ]
        if keepsState { rows.append(("--state <file>", "keep the state in file between runs (JSON, saved as it changes)")) }
        if journals {
            rows.append(("--record <file>", "record every event update sees to a journal file"))
            rows.append(("--replay <file>", "replay a journal instead of reading input: its renderings, then its final state"))
            rows.append(("--report <file>", "draw the run, or the replayed journal, as one HTML page"))
        }
        rows.append(("--check <file>", "run a transcript's input (settled) and diff the output with it; exit 1 on a mismatch"))
        rows += [
            ("--help", "show this help"),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        var text = "\(name) — \(summary)\n\n"
        let builtIn =
            ["[--settle]", "[--trace]", "[--wait-limit <duration>]", "[--virtual-time]", "[--main-actor-tasks]"]
            + (keepsState ? ["[--state <file>]"] : [])
            + (journals ? ["[--record <file>]", "[--replay <file>]", "[--report <file>]"] : []) + ["[--check <file>]"]
        text += "usage: \(([name] + synopsis + builtIn).joined(separator: " "))\n\n"
        text += "Reads commands from standard input, one per line, and prints the state when it changes.\n\n"
        text += "options:\n"
        for (flag, summary) in rows {
            text += "  \(flag)\(String(repeating: " ", count: width - flag.count + 3))\(summary)\n"
        }
        text += "\nEnd of input stops the program and cancels the tasks still running: add --settle,\n"
        text += "or end the script with :wait, to let them finish first.\n"
        text += "\n" + LineHelp.text(commands: commands)
        return text
    }

    /// Runs the program on the process's command line and standard input, then exits.
    ///
    /// `--help` prints ``usage(commands:)`` and exits 0; a bad argument, or an `env`
    /// that throws, prints one `error:` line and exits 64. Otherwise a ``LineHost`` runs
    /// until end of input, `:quit` or SIGINT (see ``LineHost/runStandardInput()``).
    ///
    /// ```swift
    /// await LineProgram(name: "counter", summary: "a ticking counter").main(
    ///     commands: .cases(), initialState: Counter.State(),
    ///     env: { _ in .live }, render: Counter.render, update: Counter.update)
    /// ```
    ///
    /// - Parameters:
    ///   - commands: The feature's line protocol.
    ///   - initialState: The state before the first line.
    ///   - env: Makes the feature's env from the parsed arguments; throw a ``LineError``
    ///     for a bad option value.
    ///   - render: The text shown for a state.
    ///   - update: The feature's transition function.
    @MainActor
    public func main<State, Event: Sendable, Env: Sendable>(
        commands: LineCommands<Event>,
        initialState: State,
        env: (LineArguments) throws(LineError) -> Env,
        render: @escaping (State) -> String,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) async -> Never {
        LineExitStatus.exit(
            with: await run(
                commands: commands, initialState: initialState, env: env, render: render, update: update))
    }

    /// What every `main` does: `--check` runs a transcript; otherwise a host runs on
    /// standard input, with `attach` (a saver, a recorder) for the run's length. Returns
    /// the exit status.
    @MainActor
    func run<State, Event: Sendable, Env: Sendable>(
        commands: LineCommands<Event>,
        initialState: State,
        env: (LineArguments) throws(LineError) -> Env,
        render: @escaping (State) -> String,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?,
        keptState: ((String) throws(LineError) -> State?)? = nil,
        journals: Bool = false,
        attach: (LineHost<State, Event, Env>) throws(LineError) -> (@MainActor () async -> Void)? = { _ in nil }
    ) async -> Int32 {
        // A closed standard output (`--help | true`) must not kill the process.
        signal(SIGPIPE, SIG_IGN)
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let path = (try? parse(arguments))?.settings.checkPath {
            let transcript: LineTranscript
            do throws(LineError) {
                transcript = try LineTranscript(contentsOf: path)
            } catch {
                _ = LineOutput.standard.write("error: \(error.message)\n", .standardError)
                return LineExitStatus.usage
            }
            let recording = TranscriptRecording()
            let made = makeHost(
                arguments: arguments, output: recording.output, commands: commands, initialState: initialState,
                env: env, render: render, update: update, isInteractive: false, keptState: keptState,
                journals: journals)
            guard case .success(let host) = made else {
                for line in recording.lines { _ = LineOutput.standard.write(line.dropFirst(2) + "\n", .standardError) }
                if case .failure(let early) = made { return early.status }
                return LineExitStatus.usage
            }
            let check = await transcript.check(name: path, host: host, recording: recording)
            guard let diff = check.diff else {
                _ = LineOutput.standard.write("\(path): ok, \(transcript.input.count) input lines\n", .standardOutput)
                return LineExitStatus.success
            }
            _ = LineOutput.standard.write(diff, .standardOutput)
            return LineExitStatus.rejectedLine
        }
        let made = makeHost(
            arguments: arguments, output: .standard, commands: commands, initialState: initialState, env: env,
            render: render, update: update, isInteractive: isatty(STDIN_FILENO) == 1, keptState: keptState,
            journals: journals)
        switch made {
        case .success(let host):
            let finish: (@MainActor () async -> Void)?
            do throws(LineError) {
                finish = try attach(host)
            } catch {
                _ = LineOutput.standard.write("error: \(error.message)\n", .standardError)
                return LineExitStatus.usage
            }
            let status = await host.runStandardInput()
            await finish?()
            return status
        case .failure(let early):
            return early.status
        }
    }

    /// Runs the program for a feature with no dependencies, then exits; see
    /// `main(commands:initialState:env:render:update:)`.
    ///
    /// ```swift
    /// await LineProgram(name: "tally", summary: "adds numbers").main(
    ///     commands: Tally.commands, initialState: Tally.State(),
    ///     render: Tally.render, update: Tally.update)
    /// ```
    ///
    /// - Parameters:
    ///   - commands: The feature's line protocol.
    ///   - initialState: The state before the first line.
    ///   - render: The text shown for a state.
    ///   - update: The feature's transition function.
    @MainActor
    public func main<State, Event: Sendable>(
        commands: LineCommands<Event>,
        initialState: State,
        render: @escaping (State) -> String,
        update: @escaping (inout State, Event) -> Effect<Event, Void>?
    ) async -> Never {
        await main(
            commands: commands, initialState: initialState, env: { _ in () }, render: render, update: update)
    }

    /// Parses `arguments` and makes the program's host, or answers `--help` or a bad
    /// argument on `output` and says which status to exit with.
    ///
    /// ```swift
    /// switch program.makeHost(arguments: ["--settle"], output: output, commands: commands,
    ///                         initialState: State(), env: { _ in .mock }, render: render, update: update) {
    /// case .success(let host): status = await host.run(lines: ["start"])
    /// case .failure(let early): status = early.status
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments, without the program's path.
    ///   - output: Where the host, the help text and argument errors are written.
    ///   - commands: The feature's line protocol.
    ///   - initialState: The state before the first line.
    ///   - env: Makes the feature's env from the parsed arguments.
    ///   - render: The text shown for a state.
    ///   - update: The feature's transition function.
    /// - Returns: The host, ready to run, or the early exit.
    @MainActor
    public func makeHost<State, Event: Sendable, Env: Sendable>(
        arguments: some Sequence<String>,
        output: LineOutput,
        commands: LineCommands<Event>,
        initialState: State,
        env: (LineArguments) throws(LineError) -> Env,
        render: @escaping (State) -> String,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) -> Result<LineHost<State, Event, Env>, EarlyExit> {
        makeHost(
            arguments: arguments, output: output, commands: commands, initialState: initialState, env: env,
            render: render, update: update, isInteractive: false)
    }

    @MainActor
    func makeHost<State, Event: Sendable, Env: Sendable>(
        arguments: some Sequence<String>,
        output: LineOutput,
        commands: LineCommands<Event>,
        initialState: State,
        env: (LineArguments) throws(LineError) -> Env,
        render: @escaping (State) -> String,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?,
        isInteractive: Bool,
        keptState: ((String) throws(LineError) -> State?)? = nil,
        journals: Bool = false
    ) -> Result<LineHost<State, Event, Env>, EarlyExit> {
        do throws(LineError) {
            var parsed = try parse(arguments)
            parsed.settings.isInteractive = isInteractive
            if parsed.showsHelp {
                _ = output.write(
                    usage(commands: commands, keepsState: keptState != nil, journals: journals), .standardOutput)
                return .failure(EarlyExit(status: LineExitStatus.success))
            }
            if !journals, let flag = parsed.settings.journalFlag {
                throw LineError(
                    "'\(flag)' journals a feature whose State and Event are Codable; this program's are not")
            }
            if parsed.settings.checkPath != nil { parsed.settings.settle = true }
            var state = initialState
            if let path = parsed.settings.statePath {
                guard let keptState else {
                    throw LineError(
                        "'--state' keeps a state that is Codable, Sendable and Equatable; "
                            + "this program's state is not")
                }
                state = try keptState(path) ?? initialState
            }
            return .success(
                LineHost(
                    initialState: state, env: try env(parsed), commands: commands,
                    settings: parsed.settings, output: output, render: render, update: update))
        } catch {
            _ = output.write("error: \(error.message) — try '\(name) --help'\n", .standardError)
            return .failure(EarlyExit(status: LineExitStatus.usage))
        }
    }

    /// The program ends before running a host: after `--help`, or for a bad argument.
    ///
    /// ```swift
    /// if case .failure(let early) = program.makeHost(...) { exit(early.status) }
    /// ```
    public struct EarlyExit: Error, Equatable {
        /// The status to exit with: 0 after `--help`, 64 for a bad argument.
        public let status: Int32
    }
}
