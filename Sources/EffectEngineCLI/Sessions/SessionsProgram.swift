import EffectEngine
import EffectEngineShared

/// One run of a ``LineFeature`` as a program of many sessions: what
/// ``LineFeature/sessionsMain()`` does, with the command line, the output and the lines
/// given, so that tests run it in the process.
///
/// ```swift
/// let status = await SessionsProgram<Counter>().run(
///     arguments: ["--settle"], output: output, lines: batches)
/// ```
@MainActor @usableFromInline
struct SessionsProgram<Feature: LineFeature> {
    /// The feature's per-line code, specialised where the program was built.
    let code: SessionFeatureCode<Feature>

    @usableFromInline
    init(code: SessionFeatureCode<Feature>) {
        self.code = code
    }

    /// The options a sessions program takes: the feature's own, and these.
    static var ownOptions: [String] {
        [
            RunningOptions.settle.name, RunningOptions.trace.name, RunningOptions.waitLimit.name,
            RunningOptions.help.name, TranscriptOptions.check.name, TranscriptOptions.writeTranscript.name,
            StateKeepingOptions.state.name, JournalOptions.record.name, JournalOptions.replay.name,
        ]
    }

    /// Why a sessions program does not offer an option a program of one host does, where
    /// there is more to say than that.
    static var reasons: [String: String] {
        [JournalOptions.report.name: "a page draws the run of one host, not of many sessions"]
    }

    /// `--record` and `--replay`, for a feature whose events are `Codable`.
    static var journaling: (any SessionJournaling<Feature>)? {
        Journaling<Feature>() as? any SessionJournaling<Feature>
    }

    /// The command line, read as a line program reads it; an option a line program of one
    /// host offers that a sessions program does not is named as such.
    func parse(_ arguments: [String]) throws(LineError) -> LineArguments {
        let parsed = try LineProgram<Feature>().parse(arguments)
        let offered = Set(Self.ownOptions + Feature.options.map(\.name))
        if let name = parsed.given.first(where: { !offered.contains($0) }) {
            let reason = Self.reasons[name].map { ": " + $0 } ?? ""
            throw LineError("'--\(name)' is not offered by a program of sessions" + reason)
        }
        return parsed
    }

    /// `--help`.
    var usage: String {
        let program = LineProgram<Feature>()
        let offered = Set(Self.ownOptions + Feature.options.map(\.name))
        let state = ProgramOption(
            option: .value(
                StateKeepingOptions.state.name, placeholder: "dir",
                summary: "keep each session's state in dir/<session>.json between runs, saved as it changes"),
            role: .run)
        let sections = program.sections.compactMap { section -> ProgramSection? in
            let options = section.options.filter { offered.contains($0.name) }.map { option in
                option.name == state.name ? state : option
            }
            return options.isEmpty ? nil : ProgramSection(title: section.title, options: options)
        }
        var text = "\(Feature.name) — \(Feature.summary)\n\n"
        text += "usage: \(Feature.name) [<options>]\n\n"
        text += "Reads lines '<session> <command>' from standard input. Each session is a host of its own,\n"
        text += "started on its first line, all running at once; after a change of a session's state it\n"
        text += "prints '<session>: <state>'.\n"
        text += LineProgram<Feature>.optionsText(sections)
        text += "\nEnd of input waits for every line to be handled, then ends every session, cancelling\n"
        text += "the tasks still running: add --settle, or a session's :wait, to let them finish first.\n"
        text += "\n" + LineSessions<Feature>.help + "\n"
        return text
    }

    /// Runs the program and returns its exit status.
    ///
    /// - Parameters:
    ///   - arguments: The command line, without the program's path.
    ///   - output: Where everything is written.
    ///   - signals: The process's ending signals, for `sessionsMain()`: the first one ends
    ///     the run as end of input does, with the signal's status (L10).
    ///   - lines: The lines, in batches as standard input hands them over.
    @usableFromInline
    func run(
        arguments: [String], output: LineOutput, signals: EndingSignals? = nil,
        lines: some AsyncSequence<[String], Never> & Sendable
    ) async -> Int32 {
        let parsed: LineArguments
        do throws(LineError) {
            parsed = try parse(arguments)
        } catch {
            return LineProgram<Feature>.usageError(error, output: output)
        }
        if parsed.showsHelp {
            _ = output.write(usage, .standardOutput)
            return LineExitStatus.success
        }
        if let path = parsed.path(TranscriptOptions.check) {
            return await check(path: path, commandLine: arguments, output: output)
        }
        if let path = parsed.path(JournalOptions.replay), let journaling = Self.journaling {
            return journaling.replaySessions(path, arguments: parsed, output: output)
        }
        var arguments = parsed
        let writing = parsed.path(TranscriptOptions.writeTranscript).map { path in
            TranscriptWriting(
                path: path, program: Feature.name, options: LineProgram<Feature>.carriedOptions(parsed))
        }
        if writing != nil { arguments.settings.settle = true }
        let env: Feature.Env
        var recording: SessionsRecording<Feature>?
        do throws(LineError) {
            if let writing { try TextFile.checkWritable(writing.path, for: TranscriptOptions.writeTranscript.name) }
            if let directory = parsed.path(StateKeepingOptions.state) {
                try Self.prepareStateDirectory(directory)
            }
            env = try Feature.env(arguments)
            if let path = parsed.path(JournalOptions.record), let journaling = Self.journaling {
                recording = try journaling.recording(to: path)
            }
        } catch {
            return LineProgram<Feature>.usageError(error, output: output)
        }
        let ending = RunEnding()
        let sessionsOutput = SessionsOutput(
            output: writing?.recording.tee(output) ?? output, recording: writing?.recording,
            onClose: { ending.end(status: nil) })
        let sessions = LineSessions<Feature>(
            arguments: arguments, env: env, output: sessionsOutput, recording: recording, code: code)
        signals?.route(to: { number in ending.end(status: EndingSignals.status(of: number)) })
        defer { signals?.route(to: nil) }
        let reading = Task { await sessions.read(lines) }
        ending.attach(reading)
        await reading.value
        // Every session has ended, its last entry in the journal and its state written.
        await sessions.finish()
        // Each file asked for gets its turn; one not written is said, and makes the status
        // 73 unless a signal ended the run (L10, L11).
        var failedToWrite = sessionsOutput.hasFailedToWrite
        if let recording, let failure = recording.finish(), let path = parsed.path(JournalOptions.record) {
            let error = LineError.file(
                JournalOptions.record.name, "cannot write \(TextFile.quoted(path)): \(failure)")
            _ = output.write("error: \(error.message)\n", .standardError)
            failedToWrite = true
        }
        if let writing {
            do throws(LineError) {
                try writing.write()
            } catch {
                _ = output.write("error: \(error.message)\n", .standardError)
                failedToWrite = true
            }
        }
        if let status = ending.status { return status }
        if failedToWrite { return LineExitStatus.cannotWrite }
        return sessionsOutput.hasRejectedLine ? LineExitStatus.rejectedLine : LineExitStatus.success
    }

    /// `--state DIR`: made when missing.
    static func prepareStateDirectory(_ directory: String) throws(LineError) {
        guard let keeping = StateKeeping<Feature>() as? any SessionStateKeeping<Feature> else { return }
        try type(of: keeping).prepare(directory)
    }

    /// `--check FILE`: the transcript's input, settled, through a fresh program, and its
    /// output compared with the transcript's.
    func check(path: String, commandLine: [String], output: LineOutput) async -> Int32 {
        guard let transcript = LineTranscript.read(checking: path, output: output) else { return LineExitStatus.usage }
        let recording = TranscriptRecording()
        let arguments: LineArguments
        let env: Feature.Env
        do throws(LineError) {
            // The transcript's options first: those typed after them win (L14); the check
            // itself is not run again.
            var words = transcript.options + commandLine
            if let index = words.firstIndex(where: { $0 == "--check" || $0.hasPrefix("--check=") }) {
                words.removeSubrange(index..<min(words.count, index + (words[index] == "--check" ? 2 : 1)))
            }
            var parsed = try parse(words)
            parsed.settings.settle = true
            arguments = parsed
            env = try Feature.env(parsed)
        } catch {
            return LineProgram<Feature>.usageError(error, output: output)
        }
        let sessionsOutput = SessionsOutput(output: recording.output, recording: recording, onClose: {})
        let sessions = LineSessions<Feature>(arguments: arguments, env: env, output: sessionsOutput, code: code)
        await sessions.read(
            AsyncStream { continuation in
                continuation.yield(transcript.input)
                continuation.finish()
            })
        await sessions.finish()
        let check = transcript.compare(recording.lines, name: path)
        guard let diff = check.diff else {
            _ = output.write("\(path): ok, \(transcript.input.count) input lines\n", .standardOutput)
            return LineExitStatus.success
        }
        _ = output.write(diff, .standardOutput)
        return LineExitStatus.rejectedLine
    }
}

/// How a sessions program's run ends early: a signal or a closed standard output stops
/// the reading, and a signal's status is the run's (L10, L11).
final class RunEnding: Sendable {
    private struct Ending {
        var reading: Task<Void, Never>?
        var isEnded = false
        var status: Int32?
    }

    private let ending = Locked(Ending())

    /// The status a signal gave the run, if one ended it.
    var status: Int32? { ending.withLock { $0.status } }

    /// The reading task to cancel; cancelled at once if the run has already ended.
    func attach(_ reading: Task<Void, Never>) {
        let isEnded = ending.withLock { ending in
            ending.reading = reading
            return ending.isEnded
        }
        if isEnded { reading.cancel() }
    }

    /// Stops the reading; `status` is a signal's, or `nil` for a closed output.
    func end(status: Int32?) {
        let reading = ending.withLock { ending -> Task<Void, Never>? in
            if ending.status == nil { ending.status = status }
            ending.isEnded = true
            return ending.reading
        }
        reading?.cancel()
    }
}
