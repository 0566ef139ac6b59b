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

    /// Parses command-line arguments (without the program's path).
    ///
    /// Accepts `--settle`, `--trace`, `--wait-limit`, `--virtual-time`, `--state`,
    /// `--help` (or `-h`), and the program's options as `--name value` or `--name=value`.
    /// Options left out take their default.
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
            case _ where argument == "--wait-limit" || argument.hasPrefix("--wait-limit="):
                let value = argument.contains("=") ? String(argument.drop { $0 != "=" }.dropFirst()) : remaining.popFirst()
                guard let value else { throw LineError("'--wait-limit' needs a value") }
                guard let limit = LineArguments.duration(from: value) else {
                    throw LineError(
                        "'--wait-limit' needs a duration such as 10s or 500ms, not \(LineError.quote(value))")
                }
                parsed.settings.waitLimit = limit
            case "--help", "-h": parsed.showsHelp = true
            case _ where argument == "--state" || argument.hasPrefix("--state="):
                let value = argument.contains("=") ? String(argument.drop { $0 != "=" }.dropFirst()) : remaining.popFirst()
                guard let value, !value.isEmpty else { throw LineError("'--state' needs a file") }
                parsed.settings.statePath = value
            default:
                guard argument.hasPrefix("--") else {
                    throw LineError("unexpected argument \(LineError.quote(argument))")
                }
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                if ["settle", "trace", "help", "virtual-time"].contains(name), let inlineValue {
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
        usage(commands: commands, keepsState: false)
    }

    /// The help text, with `--state` listed when the feature's state can be kept.
    func usage<Event>(commands: LineCommands<Event>, keepsState: Bool) -> String {
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
        ]
        if keepsState { rows.append(("--state <file>", "keep the state in file between runs (JSON, saved as it changes)")) }
        rows += [
            ("--help", "show this help"),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        var text = "\(name) — \(summary)\n\n"
        let builtIn =
            ["[--settle]", "[--trace]", "[--wait-limit <duration>]", "[--virtual-time]"]
            + (keepsState ? ["[--state <file>]"] : [])
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
        // A closed standard output (`--help | true`) must not kill the process.
        signal(SIGPIPE, SIG_IGN)
        let host = makeHost(
            arguments: CommandLine.arguments.dropFirst(), output: .standard, commands: commands,
            initialState: initialState, env: env, render: render, update: update,
            isInteractive: isatty(STDIN_FILENO) == 1)
        switch host {
        case .success(let host): LineExitStatus.exit(with: await host.runStandardInput())
        case .failure(let early): LineExitStatus.exit(with: early.status)
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
        keptState: ((String) throws(LineError) -> State?)? = nil
    ) -> Result<LineHost<State, Event, Env>, EarlyExit> {
        do throws(LineError) {
            var parsed = try parse(arguments)
            parsed.settings.isInteractive = isInteractive
            if parsed.showsHelp {
                _ = output.write(usage(commands: commands, keepsState: keptState != nil), .standardOutput)
                return .failure(EarlyExit(status: LineExitStatus.success))
            }
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
