import EffectEngine
import EffectEngineShared
import Synchronization

/// The reader of a sessions program: it reads lines `<session> <command>`, starts a
/// session on its name's first use, and hands each line to its session (S1).
///
/// Without `--settle` a line for a session with nothing queued is taken at once, in one
/// turn of the session's actor that neither awaits nor starts a task of its own: the
/// reader waits only for that turn (and for one the actor is in, such as a drain of its
/// host's mailbox). Any other line (one behind others, `:wait`, `:end`) is queued on its
/// session, whose drain handles its lines in order while every other session drains its
/// own: the reader goes on at once, bounded by ``LineCredits`` (lines read and not
/// handled) and ``BodyBacklog`` (task bodies not begun), so however fast lines come, what
/// waits stays bounded (S3). With `--settle` the reader
/// performs each line before it reads the next, so the output is the same on every run.
actor LineSessions<Feature: LineFeature> {
    private let settings: LineSettings
    private let env: Feature.Env
    private let arguments: LineArguments
    let output: SessionsOutput
    private let credits = LineCredits(limit: 4_096)
    private var sessions: [String: LineSession<Feature>] = [:]
    /// `--state DIR`: the directory, and how the feature's state is kept there.
    private let keeping: (directory: String, keeper: any SessionStateKeeping<Feature>)?
    private let code: SessionFeatureCode<Feature>
    /// `--record FILE`: the journal each session joins as it starts.
    private let recording: SessionsRecording<Feature>?
    /// The sessions `:end` is ending, by name, until each has ended: a session of the name
    /// starts after its end.
    private let ending = Locked<[String: LineSession<Feature>]>([:])

    init(
        arguments: LineArguments, env: Feature.Env, output: SessionsOutput,
        recording: SessionsRecording<Feature>? = nil, code: SessionFeatureCode<Feature>
    ) {
        self.code = code
        self.recording = recording
        self.arguments = arguments
        self.settings = arguments.settings
        self.env = env
        self.output = output
        keeping = arguments.path(StateKeepingOptions.state).flatMap { directory in
            (StateKeeping<Feature>() as? any SessionStateKeeping<Feature>).map { (directory, $0) }
        }
    }

    /// Reads `batches` of lines until they end, `:quit`, or the reading task is cancelled.
    func read(_ batches: some AsyncSequence<[String], Never> & Sendable) async {
        for await batch in batches {
            for line in batch {
                guard !Task.isCancelled, await handle(line) else { return }
            }
        }
    }

    /// Handles one line of input; returns `false` for `:quit`.
    func handle(_ line: String) async -> Bool {
        let text = line.trimmingWhiteSpace()
        if text.isEmpty { return true }
        if output.recordsInput { output.recordInput(String(text)) }
        if text.starts(withASCII: "#") { return true }
        if text.starts(withASCII: ":") { return runMetaCommand(String(text)) }
        let (head, rest) = text.splittingAtWhiteSpace()
        let (name, command) = (String(head), String(rest))
        guard !command.isEmpty else {
            output.reject(
                "error: \(LineError.quote(name)) names a session but no command — type '\(name) :help'")
            return true
        }
        var running = sessions[name]
        if running == nil { running = await startSession(named: name) }
        guard let session = running else { return true }
        if command == ":end" {
            sessions[name] = nil
            ending.withLock { $0[name] = session }
        }
        if settings.settle {
            await session.handle(command)
        } else if session.isIdle, await session.takeAtOnce(command) {
            // One hop onto the session and back, which costs no task of its own: the
            // session's turn is one step, its event sent or its meta-command answered.
            await BodyBacklog.waitForRoom()
        } else {
            await credits.take()
            if session.enqueue(command) { Task(operation: session.drain) }
            await BodyBacklog.waitForRoom()
        }
        return true
    }

    /// Starts the session of that name, none running: once the last session of the
    /// name has ended, from its kept state with `--state`, joining the journal with
    /// `--record`, its initial state shown, and the feature's appearing event sent (N5).
    /// `nil`, said on standard error, when its kept state cannot be read.
    private func startSession(named name: String) async -> LineSession<Feature>? {
        if let previous = ending.withLock({ $0.removeValue(forKey: name) }) {
            await previous.waitUntilEnded()
        }
        var state = Feature.initialState
        if let (directory, keeper) = keeping {
            guard Self.isFileName(name) else {
                output.reject(
                    "error: \(LineError.quote(name)) cannot name a session kept in a file: "
                        + "use letters, digits, '-', '_' and '.', not first")
                return nil
            }
            do throws(LineError) {
                if let kept = try keeper.keptState(of: name, in: directory) { state = kept }
            } catch {
                output.reject("error: \(name): \(error.message)")
                return nil
            }
        }
        let session = LineSession<Feature>(
            name: name, state: state, env: Feature.env(env, startingFrom: state, arguments: arguments),
            settings: settings, output: output, credits: credits, ending: ending, code: code)
        sessions[name] = session
        if let recording { await session.records(into: recording) }
        await session.begin()
        if let (directory, keeper) = keeping {
            await session.keepsState(with: await keeper.keep(session.host, of: name, in: directory, output: output))
        }
        if let appear = Feature.onAppear { await session.appear(appear) }
        return session
    }

    /// Whether a session's name can be its state file's.
    static func isFileName(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.utf8.count <= 200
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
            }
    }

    /// The program's own meta-commands, typed with no session's name.
    private func runMetaCommand(_ text: String) -> Bool {
        switch text {
        case ":help":
            output.writeOutput(Self.help)
        case ":sessions":
            let names = sessions.keys.sorted()
            output.writeOutput("sessions: " + (names.isEmpty ? "none" : names.joined(separator: ", ")))
        case ":quit":
            return false
        default:
            let known = Self.metaCommands.map(\.0) + LineHelp.sessionMetaCommands.map(\.0)
            output.reject(
                "error: unknown meta-command \(LineError.quote(text))"
                    + Spelling.suggestion(for: text, in: known)
                    + " — a session's comes after its name; type :help")
        }
        return true
    }

    /// Waits for every line read to be handled, then ends every session: their tasks
    /// cancelled and their bodies awaited, each within the wait limit (L6).
    func finish() async {
        await credits.waitUntilDrained()
        let running = Array(sessions.values)
        sessions = [:]
        await withTaskGroup(of: Void.self) { group in
            for session in running { group.addTask { await session.end() } }
        }
        output.flush()
    }

    static var metaCommands: [(String, String)] {
        [
            (":help", "list these commands"),
            (":sessions", "list the sessions running"),
            (":quit", "end every session and exit"),
        ]
    }

    /// `:help` with no session's name: how lines address sessions, and the commands.
    static var help: String {
        var text = "each line is '<session> <command>': a session starts on its first line,\n"
        text += "and '<session> :end' ends it; its output lines begin with its name.\n\n"
        text += LineHelp.text(
            commands: Feature.commands, at: Feature.initialState, metaCommands: LineHelp.sessionMetaCommands,
            metaTitle: "a session's meta-commands, after its name")
        text += "\nthe program's meta-commands, typed alone:\n"
        for (name, summary) in metaCommands {
            text += "  \(name)\(String(repeating: " ", count: 11 - name.count))\(summary)\n"
        }
        return String(text.dropLast())
    }
}
