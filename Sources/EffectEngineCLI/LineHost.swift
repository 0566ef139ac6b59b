import EffectEngine
import EffectEngineShared

/// Runs a feature behind a line protocol: each line of input becomes an event, and the
/// rendered state is printed whenever it changes — a terminal or a pipe standing where a
/// view would stand.
///
/// A ``LineFeature``'s ``LineFeature/main()`` makes one from the command line; make one
/// yourself to drive a feature from code, or from lines of your own:
///
/// ```swift
/// let host = LineHost(
///     initialState: Counter.State(), env: Counter.Env.live(interval: .seconds(1)),
///     commands: Counter.commands, render: { "count: \($0.count)" }, update: Counter.update)
/// let status = await host.runStandardInput()
/// ```
///
/// The rules (L1–L8):
/// - Lines are trimmed; empty lines and lines starting with `#` are skipped.
/// - A line becomes an event through the commands, which see the current state (L7). A
///   line that does not parse writes one line to standard error,
///   `error: unknown command 'frobnicate' — type :help`, changes nothing, and makes the
///   exit status 1; the host goes on.
/// - An event `update` refuses with `Effect.reject(_:)` writes its reason,
///   `error: no movie 9: pick 1 to 5`, and makes the exit status 1 too (L8).
/// - After each transition the rendering is written to standard output when it differs
///   from the last one written. The initial state is rendered before the first line.
///   Control characters in it (but newlines and tabs) are shown escaped, `\u{1B}`, so no
///   state can drive the terminal.
/// - Meta-commands: `:help`, `:state`, `:tasks`, `:wait` (until no task runs), `:quit`.
/// - With ``LineSettings/settle`` each line is performed: the next line is handled once
///   the previous line's causal tree has settled.
/// - With ``LineSettings/virtualTime`` the host runs on a virtual clock, which a settled
///   line or `:wait` jumps to the next deadline whenever every running task sleeps on it.
/// - End of input, `:quit` or ``interrupt()`` stop the host: tasks are cancelled and
///   their bodies awaited before ``run(lines:)-(SendableAsyncSequence<String,Never>)`` returns.
/// - When standard output is closed, the host stops; a line program says so once and exits 74 (L11).
@MainActor
public final class LineHost<State, Event: Sendable, Env: Sendable> {
    /// The wrapped loop. Its state is read-only; lines are the way in.
    public let host: EffectHost<State, Event, Env>
    /// The feature's line protocol.
    @usableFromInline let commands: LineCommands<State, Event>
    /// Whether lines are performed and traced.
    @usableFromInline let settings: LineSettings
    /// Records each line of input handled, for a transcript; `nil` when none is made.
    @usableFromInline var recordInput: (@MainActor (Substring) -> Void)?

    let console: LineConsole<State, Event>
    /// The virtual clock and the executor of a run on virtual time.
    let virtualRun: VirtualRun?
    private var hasStarted = false
    @usableFromInline var hasRejectedLine = false
    /// The status of a run ended by ``interrupt()`` or a signal.
    private var interruptedStatus: Int32?
    private var reading: Task<Void, Never>?

    /// Creates a line host and the `EffectHost` it drives.
    ///
    /// ```swift
    /// let host = LineHost(
    ///     initialState: Movies.State(), env: Movies.Env.mock, commands: Movies.commands,
    ///     settings: LineSettings(settle: true), render: Movies.render, update: Movies.update)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before the first line.
    ///   - env: The feature's dependencies; `()` for a feature with none.
    ///   - commands: How lines become events, and the `:help` listing.
    ///   - settings: `--settle` and `--trace`.
    ///   - output: Where renderings, answers and errors are written.
    ///   - options: The wrapped host's options; with ``LineSettings/virtualTime``, its
    ///     clock and task executor are the virtual run's; with
    ///     ``LineSettings/mainActorTasks``, bodies run on the main actor.
    ///   - render: The text shown for a state; compared with the last one shown.
    ///   - update: The feature's transition function.
    public init(
        initialState: State,
        env: Env,
        commands: LineCommands<State, Event>,
        settings: LineSettings = LineSettings(),
        output: LineOutput = .standard,
        options: HostOptions = HostOptions(),
        render: @escaping (State) -> String,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) {
        let console = LineConsole<State, Event>(output: output, render: render)
        self.console = console
        self.commands = commands
        self.settings = settings
        let virtualRun = settings.virtualClock.map { VirtualRun(clock: $0, executor: DrivenExecutor(runsBetweenDrives: true)) }
        self.virtualRun = virtualRun
        var options = options
        if settings.mainActorTasks { options.taskIsolation = .mainActor }
        self.host = EffectHost(
            initialState: initialState, env: env, options: virtualRun?.options(from: options) ?? options,
            update: update)
        host.observe(settled: { console.show($0) }, otherwise: { console.observe($0) })
        if settings.trace { host.observe(console.tracer(from: initialState)) }
        console.closed = { [weak self] in self?.end() }
        console.rejected = { [weak self] in self?.hasRejectedLine = true }
    }

    /// The state of the wrapped host.
    ///
    /// ```swift
    /// await host.handle("select 2")
    /// #expect(host.state.selection == 2)
    /// ```
    public var state: State { host.state }

    /// The event sent when the run starts, before the first line, as a line's event is
    /// (performed with `--settle`): the root screen appearing, so that screens already
    /// in the initial state, or in a state restored from disk, start their work (N5).
    /// `nil`, the default, sends nothing.
    ///
    /// ```swift
    /// host.onAppear = .appeared
    /// ```
    public var onAppear: Event?

    /// Whether the host has stopped taking lines: after `:quit`, ``interrupt()``, a
    /// closed standard output, or ``finish()``.
    ///
    /// ```swift
    /// await host.handle(":quit")
    /// #expect(host.isFinished)
    /// ```
    public private(set) var isFinished = false

    /// Reads lines until the source ends, `:quit`, ``interrupt()`` or a closed output,
    /// then stops the host and returns the exit status.
    ///
    /// The initial state is rendered first. When the run ends, running tasks are
    /// cancelled and their bodies awaited (L6). A source that honours task cancellation,
    /// such as `AsyncStream`, is abandoned at once on ``interrupt()``.
    ///
    /// ```swift
    /// let status = await host.run(lines: AsyncStream { continuation in
    ///     continuation.yield("refresh")
    ///     continuation.finish()
    /// })
    /// ```
    ///
    /// - Parameter lines: The lines, without their newlines.
    /// - Returns: ``LineExitStatus/success``, ``LineExitStatus/rejectedLine`` when a line
    ///   was rejected, or ``LineExitStatus/interrupted`` after ``interrupt()``.
    public func run(lines: some AsyncSequence<String, Never> & Sendable) async -> Int32 {
        await run { [self] in
            for await line in lines {
                guard !isFinished else { return }
                await handle(line)
            }
        }
    }

    /// Reads batches of lines: standard input hands over every complete line of one read
    /// at once, so a piped script costs one hop to the main actor per batch, not per line.
    @inlinable
    func run(batches: some AsyncSequence<[String], Never> & Sendable) async -> Int32 {
        await run { [self] in
            for await batch in batches {
                for line in batch {
                    guard !isFinished else { return }
                    if let rest = take(line) { await rest() }
                }
            }
        }
    }

    /// Renders the initial state, runs `read` as the reading task (cancelled by
    /// ``interrupt()``), then finishes.
    @usableFromInline
    func run(reading read: @escaping @MainActor @Sendable () async -> Void) async -> Int32 {
        start()
        let appear = onAppear
        let reading = Task { @MainActor [self] in
            if let appear, !isFinished {
                if settings.settle { await settle(appear) } else { host.send(appear) }
            }
            await read()
        }
        self.reading = reading
        if isFinished { reading.cancel() }
        await reading.value
        return await finish()
    }

    /// Runs a fixed list of lines, as if piped in; see ``run(lines:)-(SendableAsyncSequence<String,Never>)``.
    ///
    /// ```swift
    /// let status = await host.run(lines: ["refresh", "select 2"])
    /// ```
    ///
    /// - Parameter lines: The lines, without their newlines.
    /// - Returns: The exit status.
    public func run(lines: [String]) async -> Int32 {
        await run(
            lines: AsyncStream { continuation in
                for line in lines { continuation.yield(line) }
                continuation.finish()
            })
    }

    /// Handles one line: skips it, answers a meta-command, rejects it, or sends (or, when
    /// settling, performs) its event.
    ///
    /// Renders the initial state first if nothing was rendered yet. Does nothing once
    /// the host ``isFinished``.
    ///
    /// ```swift
    /// await host.handle("frobnicate")   // error: unknown command 'frobnicate' — type :help
    /// await host.handle("start")
    /// ```
    ///
    /// - Parameter line: One line of input, without its newline.
    public func handle(_ line: String) async {
        if let rest = take(line) { await rest() }
    }

    /// Handles a line as far as it goes without suspending, and returns what is left to
    /// await: a `perform` when settling, or `:wait`. Most lines need no await, so a piped
    /// script pays for no async frame per line.
    @inlinable
    func take(_ line: String) -> (@MainActor () async -> Void)? {
        guard !isFinished else { return nil }
        start()
        let text = line.trimmingWhiteSpace()
        if text.isEmpty { return nil }
        if let recordInput { recordInput(text) }
        if text.starts(withASCII: "#") { return nil }
        if text.starts(withASCII: ":") { return runMetaCommand(String(text)) }
        let event: Event
        do {
            event = try commands.parse(String(text), state: host.untrackedState)
        } catch {
            reject(error)
            return nil
        }
        guard settings.settle else {
            host.send(event)
            return nil
        }
        return { [self] in await settle(event) }
    }

    /// Performs a line's event, bounded by ``LineSettings/waitLimit`` (L5).
    @usableFromInline
    func settle(_ event: Event) async {
        let limit: String
        if let virtualRun {
            let wait = await performOnVirtualTime(event, virtualRun)
            guard wait != .done else { return }
            limit = wait.limit(settings.waitLimit)
        } else {
            guard await !host.perform(event, timeout: settings.waitLimit) else { return }
            limit = "\(settings.waitLimit)"
        }
        guard !isFinished else { return }
        console.writeError(
            "warning: --settle gave up after \(limit) on \(StateDiff.renderEvent(event)): "
                + Self.describe(host.runningTasks) + " still running (--wait-limit sets the bound)")
    }

    /// `:wait`, bounded by ``LineSettings/waitLimit`` (L5).
    func waitUntilIdle() async {
        let limit: String
        if let virtualRun {
            let wait = await waitOnVirtualTime(virtualRun)
            guard wait != .done else { return }
            limit = wait.limit(settings.waitLimit)
        } else {
            guard await !host.waitUntilIdle(timeout: settings.waitLimit) else { return }
            limit = "\(settings.waitLimit)"
        }
        guard !isFinished else { return }
        console.writeError(
            "warning: :wait gave up after \(limit): "
                + Self.describe(host.runningTasks) + " still running (--wait-limit sets the bound)")
    }

    static func describe(_ tasks: [TaskInfo]) -> String {
        tasks.isEmpty ? "no task" : tasks.map(\.description).joined(separator: ", ")
    }

    /// Stops the host — running tasks cancelled, their bodies awaited — and returns the
    /// exit status. Lines handled afterwards are ignored.
    ///
    /// ```swift
    /// await host.handle("start")
    /// let status = await host.finish()
    /// #expect(host.host.runningTaskNames.isEmpty)
    /// ```
    ///
    /// - Returns: The exit status, as ``run(lines:)-(SendableAsyncSequence<String,Never>)`` returns it.
    public func finish() async -> Int32 {
        isFinished = true
        // Bounded: a body that ignores its cancellation is named on standard error and
        // left behind, so the run always ends (R9, L6).
        await host.stop(timeout: settings.waitLimit)
        virtualRun?.executor.release()
        if let interruptedStatus { return interruptedStatus }
        return hasRejectedLine ? LineExitStatus.rejectedLine : LineExitStatus.success
    }

    /// Ends the run as SIGINT does: the line being settled or waited for is abandoned,
    /// the host stops, and ``run(lines:)-(SendableAsyncSequence<String,Never>)`` returns
    /// ``LineExitStatus/interrupted``.
    ///
    /// ```swift
    /// Task { @MainActor in host.interrupt() }
    /// let status = await host.run(lines: neverEndingLines)   // 130
    /// ```
    public func interrupt() {
        interrupt(status: LineExitStatus.interrupted)
    }

    /// Ends the run as ``interrupt()`` does, with `status`: a signal's (L10).
    func interrupt(status: Int32) {
        interruptedStatus = status
        end()
    }

    /// Stops taking lines and starts stopping the host, so that a pending `perform` or
    /// `:wait` returns.
    func end() {
        guard !isFinished else { return }
        isFinished = true
        reading?.cancel()
        // A wait on virtual time looks again, and sees the host finished.
        virtualRun?.executor.signal.fire()
        // Stopping releases a pending `perform` or `:wait` at once.
        Task { [host, settings, virtualRun] in
            await host.stop(timeout: settings.waitLimit)
            virtualRun?.executor.release()
        }
    }

    @usableFromInline
    func start() {
        guard !hasStarted else { return }
        hasStarted = true
        console.show(host.untrackedState)
        if settings.isInteractive {
            console.writeHint("type :help for the commands, :quit or end of input (Control-D) to leave")
        }
    }

    /// Records each line of input handled from now on, for a transcript.
    func recordsInput(into recording: TranscriptRecording) {
        recordInput = { recording.recordInput($0) }
    }

    @usableFromInline
    func reject(_ error: LineError) {
        hasRejectedLine = true
        console.writeError("error: \(error.message)" + (error.pointsToHelp ? " — type :help" : ""))
    }

    @usableFromInline
    func runMetaCommand(_ text: String) -> (@MainActor () async -> Void)? {
        switch text {
        case ":help":
            console.writeOutput(LineHelp.text(commands: commands, at: host.untrackedState))
        case ":state":
            console.writeOutput(StateLayout.text(host.untrackedState))
        case ":tasks":
            let tasks = host.runningTasks
            console.writeOutput(
                "tasks: " + (tasks.isEmpty ? "none" : tasks.map(\.description).joined(separator: ", ")))
        case ":wait":
            return { [self] in await waitUntilIdle() }
        case ":quit":
            // Ends the run at once, like end of input, even while input stays open (L4):
            // the reading task is cancelled, so a pending read of the next line returns.
            isFinished = true
            reading?.cancel()
        default:
            let known = LineHelp.metaCommands.map(\.0)
            let suggestion = Spelling.suggestion(for: text, in: known)
            reject(LineError(usage: "unknown meta-command \(LineError.quote(text))" + suggestion))
        }
        return nil
    }
}
