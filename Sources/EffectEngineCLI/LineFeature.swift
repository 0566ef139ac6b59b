import EffectEngine
import EffectEngineShared

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A feature described as a command-line program: its name, its commands, how it renders,
/// its `update`, and the env its options make. ``main()`` runs it.
///
/// A feature type conforms by adding what a program needs to the `update` and `render`
/// it already has:
///
/// ```swift
/// extension Counter: LineFeature {
///     static let name = "counter"
///     static let summary = "a counter that ticks while started"
///     static let options: [LineOption] = [
///         .value("interval", placeholder: "duration", default: "1s", summary: "time between ticks")
///     ]
///     static let initialState = State()
///     static let commands = LineCommands<State, Event>.cases()
///
///     static func env(_ arguments: LineArguments) throws(LineError) -> Env {
///         .live(clock: arguments.clock, interval: try arguments.duration("interval"))
///     }
/// }
///
/// await Counter.main()   // in main.swift
/// ```
///
/// Every program reads commands from standard input and takes `--settle`, `--trace`,
/// `--wait-limit`, `--virtual-time`, `--main-actor-tasks`, `--check`,
/// `--write-transcript` and `--help`. What else it offers follows from what the feature
/// conforms to (L9), and `--help` lists only that:
///
/// - a `State` that is `Codable` and `Equatable` (or the part of it named by
///   ``keptState``): `--state FILE`, the state kept between runs;
/// - an `Event` that is `Codable`: `--record FILE` and `--replay FILE`, a journal;
/// - ``ExplorableLineFeature``, a `Hashable` state with the events to explore listed:
///   `--explore` and its bounds and graphs.
public protocol LineFeature: SendableMetatype {
    /// What the feature shows; a value, so that it can be saved and journaled.
    associatedtype State: Sendable
    /// What can happen to the feature.
    associatedtype Event: Sendable
    /// The feature's dependencies, made from the command line by ``env(_:)``.
    associatedtype Env: Sendable

    /// The program's name, as typed in a shell: `counter`.
    static var name: String { get }
    /// What the program does, one line, for `--help`.
    static var summary: String { get }
    /// The program's own options, beyond the built-in ones; none by default.
    static var options: [LineOption] { get }
    /// The state before the first line, when no kept state is loaded.
    static var initialState: State { get }
    /// The event the program sends when it starts, before the first line: the root
    /// screen appearing, so that screens already in the state (restored by `--state`, say)
    /// start their own work (N5). `nil` by default: nothing is sent.
    static var onAppear: Event? { get }

    /// What `--state` keeps between runs: the whole state by default. A feature that
    /// keeps only a part (the records a user expects to find again, not the screens
    /// shown over them) names it with ``keptState`` (N6).
    associatedtype KeptState: Sendable = State
    /// Where the kept part lives in the state: `\.self` by default, or a field such as
    /// `\.syncUps`. `--state` loads it into ``initialState`` and saves it only when it
    /// changed.
    static var keptState: WritableKeyPath<State, KeptState> & Sendable { get }
    /// The line protocol: how a line typed at a state becomes an event.
    static var commands: LineCommands<State, Event> { get }

    /// Makes the env from the parsed command line: read the program's ``options`` here,
    /// and give the env's clocks ``LineArguments/clock``. Throw a ``LineError`` for a bad
    /// option value: the program prints it and exits 64.
    ///
    /// - Parameter arguments: The parsed command line.
    /// - Returns: The env every task and action of the run is given.
    static func env(_ arguments: LineArguments) throws(LineError) -> Env

    /// The env for a run that starts from `state`: the initial state, or the state
    /// `--state` loaded. By default `env` as ``env(_:)`` made it; a feature whose env
    /// draws ids counting up (on virtual time, say) continues them after the largest id
    /// the state holds, so that no id kept is handed out again.
    ///
    /// ```swift
    /// static func env(_ env: Env, startingFrom state: State, arguments: LineArguments) -> Env {
    ///     var env = env
    ///     env.nextID = (state.items.map(\.id).max() ?? 0) + 1
    ///     return env
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - env: The env ``env(_:)`` made from the command line.
    ///   - state: The state the run starts from.
    ///   - arguments: The parsed command line.
    /// - Returns: The env every task and action of the run is given.
    static func env(_ env: Env, startingFrom state: State, arguments: LineArguments) -> Env

    /// The text shown for a state; printed whenever it differs from the last one shown.
    ///
    /// - Parameter state: A settled state.
    /// - Returns: One or more lines, without a trailing newline.
    static func render(_ state: State) -> String

    /// The feature's transition function.
    ///
    /// - Parameters:
    ///   - state: The state to change.
    ///   - event: What happened.
    /// - Returns: What the host is to do next, if anything.
    static func update(state: inout State, event: Event) -> Effect<Event, Env>?
}

extension LineFeature {
    /// No options of its own.
    public static var options: [LineOption] { [] }

    /// Nothing is sent when the program starts.
    public static var onAppear: Event? { nil }

    /// The env as ``env(_:)`` made it, whatever state the run starts from.
    ///
    /// A feature whose env hands out ids implements it to count on after the ids the
    /// loaded state keeps:
    ///
    /// ```swift
    /// static func env(_ env: Env, startingFrom state: State, arguments: LineArguments) -> Env {
    ///     var env = env
    ///     env.nextID = (state.rows.map(\.id).max() ?? 0) + 1
    ///     return env
    /// }
    /// ```
    public static func env(_ env: Env, startingFrom state: State, arguments: LineArguments) -> Env { env }

    /// Runs the program on the process's command line and standard input, then exits.
    ///
    /// `--help` prints the options that apply and the commands, and exits 0. A bad
    /// argument, or an ``env(_:)`` that throws, prints one `error:` line and exits 64.
    /// `--check`, `--replay` and `--explore` run the program their own way, reading no
    /// input. Otherwise a ``LineHost`` reads standard input until its end, `:quit`,
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT, each ending the run the one way: the state
    /// saved, every file asked for written whole, the terminal put back. The exit status
    /// is 0, 1 when a line was rejected, 130, 143, 129 or 131 after a signal
    /// (``LineExitStatus``). A write to standard output that fails (a full disk, a closed
    /// pipe) ends the run, is said in one `error:` line, and makes the status 74; a file
    /// asked for that cannot be written, 73.
    ///
    /// ```swift
    /// // main.swift
    /// import EffectEngineCLI
    ///
    /// await Counter.main()
    /// ```
    @MainActor
    public static func main() async -> Never {
        // A closed standard output (`--help | true`) is a failed write, not a killed process.
        signal(SIGPIPE, SIG_IGN)
        EndingSignals.shared.watch()
        let status = await LineProgram<Self>().run(
            arguments: commandLine(), output: .standard,
            isInteractive: isatty(STDIN_FILENO) == 1, signals: .shared
        ) { host in
            await host.runStandardInput()
        }
        exit(with: status)
    }

    /// Runs the feature as a program of many sessions, each its own host on an actor of
    /// its own, all running at once (S1–S4): what a server of sessions, or a script that
    /// drives several users of a feature, calls from `main.swift`.
    ///
    /// Each line is `<session> <command>`: the first word names the session, which starts
    /// on its first line (its initial state shown, ``onAppear`` sent) and ends with
    /// `<session> :end`; the rest is one of the feature's commands, or `:help`, `:state`,
    /// `:tasks` or `:wait` for that session. After a change of a session's state it prints
    /// `<session>: <rendering>`; an error names its session and changes nothing.
    ///
    /// Without `--settle` a line is handed to its session and the next is read at once:
    /// sessions handle their lines in order, each its own, at the same time as the others,
    /// and a session whose task runs on (a timer) blocks no line, its own included. With
    /// `--settle` each line's tree settles before the next is read, so the output is the
    /// same on every run; `--write-transcript` and `--check` work as for one host, and, for
    /// a feature whose events are `Codable`, `--record FILE` keeps one journal for every
    /// session, which `--replay FILE` replays to each session's state. Lines read and not
    /// yet handled, and task bodies not yet begun, are bounded, so a fast writer is slowed
    /// down instead of filling memory.
    ///
    /// ```swift
    /// // main.swift
    /// import EffectEngineCLI
    ///
    /// await Counter.sessionsMain()
    /// ```
    ///
    /// ```console
    /// $ printf 'alice tick\nbob tick\nalice tick\n' | counter --settle
    /// ```
    @MainActor @inlinable
    public static func sessionsMain() async -> Never {
        // Built here, in the program's module, so that it runs specialised (S4).
        await sessionsMain(code: SessionFeatureCode())
    }

    /// ``sessionsMain()``, with the feature's per-line code.
    @MainActor @usableFromInline
    static func sessionsMain(code: SessionFeatureCode<Self>) async -> Never {
        signal(SIGPIPE, SIG_IGN)
        EndingSignals.shared.watch()
        let status = await SessionsProgram(code: code).run(
            arguments: commandLine(), output: .standard, signals: .shared, lines: StandardInput.batches())
        exit(with: status)
    }

    /// Runs the feature as ``sessionsMain()`` does, with the command line, the output and
    /// the lines given: a sessions program in a test, a benchmark, or a server that reads
    /// its lines from somewhere else than standard input.
    ///
    /// ```swift
    /// let status = await Counter.runSessions(
    ///     arguments: ["--settle"], output: output,
    ///     lines: AsyncStream { continuation in
    ///         continuation.yield(["alice tick", "bob tick"])
    ///         continuation.finish()
    ///     })
    /// ```
    ///
    /// - Parameters:
    ///   - arguments: The command line, without the program's path.
    ///   - output: Where the sessions' lines, errors and `--help` are written.
    ///   - lines: The lines, without their newlines, in batches: each batch is handed over
    ///     at once, as standard input hands over what one read brought.
    /// - Returns: The exit status, as ``sessionsMain()`` would exit with it.
    @MainActor @inlinable
    public static func runSessions(
        arguments: [String] = [], output: LineOutput = .standard,
        lines: some AsyncSequence<[String], Never> & Sendable
    ) async -> Int32 {
        // Built here, in the caller's module, so that it runs specialised (S4).
        await SessionsProgram(code: SessionFeatureCode<Self>()).run(arguments: arguments, output: output, lines: lines)
    }

    /// Exits with `status`, saying first, once, that standard output could not be written
    /// to when it could not (L11).
    @MainActor
    private static func exit(with status: Int32) -> Never {
        // Said once, at the end, however many writes failed (L11). A run a signal ended
        // keeps the signal's status: a terminal that hangs up fails every write after.
        if let reason = FileDescriptor.standardOutputFailure {
            let line = "error: cannot write to standard output: \(reason)\n"
            _ = FileDescriptor.writeAll(line, to: STDERR_FILENO)
            let signalled = EndingSignals.numbers.map(EndingSignals.status(of:)).contains(status)
            LineExitStatus.exit(with: signalled ? status : LineExitStatus.cannotWriteOutput)
        }
        LineExitStatus.exit(with: status)
    }
}

/// The process's arguments, without its path, each read from its bytes: a path that is
/// not UTF-8 stays the bytes it was (``EffectEngineShared/PathBytes``, L12), where
/// `CommandLine.arguments` would replace those bytes with U+FFFD.
private func commandLine() -> [String] {
    guard CommandLine.argc > 1 else { return [] }
    return (1..<Int(CommandLine.argc)).compactMap { index in
        CommandLine.unsafeArgv[index].map { argument in
            let bytes = UnsafeBufferPointer(start: argument, count: strlen(argument))
            return PathBytes.string(from: bytes.map { UInt8(bitPattern: $0) })
        }
    }
}

extension LineFeature where KeptState == State {
    /// `--state` keeps the whole state.
    public static var keptState: WritableKeyPath<State, State> & Sendable { \.self }
}

extension LineFeature where Env == Void {
    /// No dependencies: the env is `()`.
    ///
    /// ```swift
    /// extension Tally: LineFeature { ... }   // no `env(_:)` to write
    /// ```
    ///
    /// - Parameter arguments: The parsed command line, unused.
    public static func env(_ arguments: LineArguments) {}
}
