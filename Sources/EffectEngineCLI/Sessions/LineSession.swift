import EffectEngine
import EffectEngineShared

/// One session of a sessions program: its host on an actor of its own, the lines waiting
/// for it in order, and what it showed last (S1).
///
/// The session shares its host's executor, so each line is parsed against the state and
/// sent in one turn, and the host's observer shows the state in the same turn it settles.
/// Lines for a session are handled one after another, in their order, by a drain that
/// runs while any wait; sessions drain at the same time as one another (S4).
actor LineSession<Feature: LineFeature> {
    typealias Host = ActorHost<Feature.State, Feature.Event, Feature.Env>

    /// The name lines address the session by, and its output lines begin with.
    nonisolated let name: String
    let host: Host
    private let output: SessionsOutput
    private let settings: LineSettings
    /// The lines not yet handled, and whether a drain runs; reached from the reader.
    private let queue = SessionLines()
    private let credits: LineCredits
    private let code: SessionFeatureCode<Feature>
    private var lastRendering: String?
    private var hasEnded = false
    /// `--state`: writes the last change, and says whether every save succeeded.
    private var flushState: (@Sendable () async -> Bool)?
    /// Whether `end()` has run to its end: the host stopped, the state and the journal
    /// written.
    private var hasFinishedEnding = false
    /// Those waiting for `end()` to finish.
    private var endWaiters: [CheckedContinuation<Void, Never>] = []
    /// The sessions of the program that `:end` is ending: this one leaves it once ended.
    private let ending: Locked<[String: LineSession]>

    /// The host's executor, which the session shares.
    private nonisolated let executor: UnownedSerialExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor }

    init(
        name: String, state: Feature.State, env: Feature.Env, settings: LineSettings, output: SessionsOutput,
        credits: LineCredits, ending: Locked<[String: LineSession]>, code: SessionFeatureCode<Feature>
    ) {
        self.name = name
        self.ending = ending
        self.output = output
        self.settings = settings
        self.credits = credits
        self.code = code
        host = code.makeHost(state, env)
        executor = host.unownedExecutor
    }

    /// Shows the initial state and starts observing the host; what a session does as it
    /// starts, before its first line.
    func begin() {
        show(host.assumeIsolated { $0.state })
        // Called on the host's actor, which is this session's executor; settled states come
        // as they are, and the host builds no transition and tells no task's start or end.
        let observer = HostObserver<Feature.State, Feature.Event>(
            settled: { [weak self] state in self?.assumeIsolated { $0.show(state) } },
            otherwise: { [weak self] activity in self?.assumeIsolated { $0.observe(activity) } })
        let (name, output, traces) = (name, output, settings.trace)
        host.assumeIsolated { host in
            _ = host.observe(observer)
            if traces {
                let tracer = HostObserver<Feature.State, Feature.Event>.logging(
                    prefix: "trace: \(name): ", changesFrom: host.state
                ) { line in output.writeError(line) }
                _ = host.observe(tracer.filtered { if case .diagnostic = $0 { false } else { true } })
            }
        }
    }

    /// Records the session into the run's journal (`--record`), from the host's state now.
    func records(into recording: SessionsRecording<Feature>) {
        let name = name
        host.assumeIsolated { host in recording.join(host, name) }
    }

    /// Keeps the session's state with `flush`, which `end()` calls once the host stops.
    func keepsState(with flush: @escaping @Sendable () async -> Bool) {
        flushState = flush
    }

    /// Sends the feature's appearing event as a line's event is sent: performed when
    /// settling (N5).
    func appear(_ event: Feature.Event) async {
        if settings.settle { await settle(event) } else { await host.send(event) }
    }

    /// Whether no line waits for the session nor is being handled: a line may then be
    /// taken at once, ahead of nothing. The reader's call: it alone queues lines and starts
    /// drains, so the answer holds until it acts on it.
    nonisolated var isIdle: Bool { queue.isIdle }

    /// Takes a line in this turn when it needs no wait: its event sent, its meta-command
    /// answered, or its error said. Returns `false` for a line that waits (`:wait`,
    /// `:end`), whose take changed nothing: the reader queues it.
    func takeAtOnce(_ line: String) -> Bool {
        take(line) == nil
    }

    /// Queues a line read for this session; returns whether a drain must be started for it
    /// (none runs).
    nonisolated func enqueue(_ line: String) -> Bool {
        queue.enqueue(line)
    }

    /// Handles the lines queued, in order, until none is left; each line's credit is given
    /// back once it is handled.
    func drain() async {
        while true {
            let lines = queue.takeAll()
            guard !lines.isEmpty else { return }
            for line in lines { await handle(line) }
            credits.giveBack(lines.count)
        }
    }

    /// What is left of a line once it has been taken in one turn.
    private enum Rest {
        case performing(Feature.Event)
        case waiting
        case ending
    }

    /// Handles one line (a command, trimmed, without the session's name): sends its event,
    /// or performs it when settling; answers a meta-command; rejects a line that names no
    /// event, saying so with the session's name, and changing nothing.
    func handle(_ line: String) async {
        switch take(line) {
        case nil: break
        case .performing(let event)?: await settle(event)
        case .waiting?: await waitUntilIdle()
        case .ending?: await end()
        }
    }

    /// Takes a line as far as it goes in one turn.
    private func take(_ line: String) -> Rest? {
        guard !hasEnded else { return nil }
        if line.hasPrefix(":") { return runMetaCommand(line) }
        let (settles, take) = (settings.settle, code.take)
        let result = host.assumeIsolated { host in take(host, line, settles) }
        switch result {
        case .success(let event): return settles ? .performing(event) : nil
        case .failure(let error):
            output.reject(
                "error: \(name): \(error.message)" + (error.pointsToHelp ? " — type '\(name) :help'" : ""))
            return nil
        }
    }

    private func runMetaCommand(_ line: String) -> Rest? {
        switch line {
        case ":help":
            let state = host.assumeIsolated { $0.state }
            writeLines(
                LineHelp.text(commands: Feature.commands, at: state, metaCommands: LineHelp.sessionMetaCommands))
        case ":state":
            writeLines(StateLayout.text(host.assumeIsolated { $0.state }))
        case ":tasks":
            let tasks = host.assumeIsolated { $0.runningTasks }
            writeLines("tasks: " + (tasks.isEmpty ? "none" : tasks.map(\.description).joined(separator: ", ")))
        case ":wait":
            return .waiting
        case ":end":
            return .ending
        default:
            let known = LineHelp.sessionMetaCommands.map(\.0)
            output.reject(
                "error: \(name): unknown meta-command \(LineError.quote(line))"
                    + Spelling.suggestion(for: line, in: known) + " — type '\(name) :help'")
        }
        return nil
    }

    /// Performs a line's event, bounded by the wait limit (L5).
    private func settle(_ event: Feature.Event) async {
        guard await !host.perform(event, timeout: settings.waitLimit) else { return }
        let running = await host.runningTasks
        output.writeError(
            "warning: \(name): --settle gave up after \(settings.waitLimit) on \(StateDiff.renderEvent(event)): "
                + Self.describe(running)
                + " still running (--wait-limit sets the bound)")
    }

    /// `:wait`: until no task runs, bounded by the wait limit (L5).
    private func waitUntilIdle() async {
        guard await !host.waitUntilIdle(timeout: settings.waitLimit) else { return }
        let running = await host.runningTasks
        output.writeError(
            "warning: \(name): :wait gave up after \(settings.waitLimit): "
                + Self.describe(running)
                + " still running (--wait-limit sets the bound)")
    }

    /// `:end`, end of input, or a signal: stops the host, its tasks cancelled and their
    /// bodies awaited within the wait limit (L6); lines still queued are dropped.
    func end() async {
        guard !hasEnded else { return }
        hasEnded = true
        let left = await host.stop(timeout: settings.waitLimit)
        if !left.isEmpty {
            output.writeError(
                "warning: \(name): left behind after \(settings.waitLimit): "
                    + Self.describe(left))
        }
        if let flushState, await !flushState() { output.failedToWrite() }
        hasFinishedEnding = true
        ending.withLock { if $0[name] === self { $0[name] = nil } }
        for waiter in endWaiters { waiter.resume() }
        endWaiters = []
    }

    /// Waits until `end()` has finished: a session of the same name starts only then, so
    /// it reads the state this one kept, and its journal follows this one's (S2).
    func waitUntilEnded() async {
        guard !hasFinishedEnding else { return }
        await withCheckedContinuation { endWaiters.append($0) }
    }

    /// The tasks as the line host's warnings name them.
    private static func describe(_ tasks: [TaskInfo]) -> String {
        tasks.isEmpty ? "no task" : tasks.map(\.description).joined(separator: ", ")
    }

    /// Writes diagnostics: a rejection as an error (L8), any other as a warning. Settled
    /// states go to ``show(_:)`` directly.
    private func observe(_ activity: HostActivity<Feature.State, Feature.Event>) {
        switch activity {
        case .diagnostic(.rejected(let reason)):
            output.reject("error: \(name): \(reason)")
        case .diagnostic(let problem):
            output.writeError("warning: \(name): \(problem)")
        default:
            break
        }
    }

    /// Writes the state's rendering when it differs from the last one this session wrote.
    private func show(_ state: Feature.State) {
        let rendering = code.render(state)
        guard rendering != lastRendering else { return }
        lastRendering = rendering
        writeLines(rendering)
    }

    /// Writes `text` to standard output, each of its lines after the session's name, its
    /// control characters escaped.
    private func writeLines(_ text: String) {
        output.writeOutput(Self.lines(text, of: name))
    }

    /// `text` as the session `name` writes it: each of its lines after the name, its
    /// control characters escaped, with no newline at the end. A replay writes the same.
    static func lines(_ text: String, of name: String) -> String {
        // One line with nothing to escape, nearly every rendering: no pass but the check.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) {
            return text.isEmpty ? "" : "\(name): \(text)"
        }
        let escaped = ControlText.escaped(text)
        var lines = escaped.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines.map { $0.isEmpty ? "\(name):" : "\(name): \($0)" }.joined(separator: "\n")
    }
}

/// The lines read for a session and not yet handled, and whether its drain runs: the
/// reader queues lines, the session's drain takes them. Not generic, so its lock is
/// taken in code compiled for it (measured: an unspecialised `withLock` a line cost 2%
/// of `sessions.lines`).
final class SessionLines: Sendable {
    private struct Queue {
        var lines: [String] = []
        var isDraining = false
    }

    private let queue = Locked(Queue())

    init() {}

    /// Whether no line waits and no drain runs.
    var isIdle: Bool {
        queue.withLock { $0.lines.isEmpty && !$0.isDraining }
    }

    /// Queues a line; returns whether a drain must be started for it (none runs).
    func enqueue(_ line: String) -> Bool {
        queue.withLock { queue in
            queue.lines.append(line)
            defer { queue.isDraining = true }
            return !queue.isDraining
        }
    }

    /// The lines waiting, in order; none means the drain ends, and is no longer running.
    func takeAll() -> [String] {
        queue.withLock { queue in
            defer { queue.lines.removeAll(keepingCapacity: true) }
            if queue.lines.isEmpty { queue.isDraining = false }
            return queue.lines
        }
    }
}
