import EffectEngine
import EffectEngineJournal
import EffectEngineShared

/// `--record FILE` and `--replay FILE` in a sessions program, for a feature whose events
/// are `Codable`: one journal for the whole run, each entry naming its session, which
/// replays each session to its state (S2).
///
/// `--record` writes a `SessionsJournal`: each session's start (its name and the state it
/// starts from: the feature's initial state, or its kept state with `--state`), then its
/// entries, in its order. `--replay` reads no input: it folds each session's entries
/// through `update` from the state the session started from (task bodies never run), and
/// prints, session by session in name order, the renderings the session printed, then its
/// final state, one field a line, each line after the session's name. A journal that
/// cannot be read is an error naming its line (status 64), and so is a journal of one
/// host; a replay that differs from the journal names the session and its first step
/// that differs (status 1).
@MainActor
protocol SessionJournaling<Feature> {
    associatedtype Feature: LineFeature

    /// `--record FILE`: the journal, created, that each session joins as it starts.
    func recording(to path: String) throws(LineError) -> SessionsRecording<Feature>

    /// `--replay FILE`: the journal's sessions replayed and printed; the status to exit
    /// with.
    func replaySessions(_ path: String, arguments: LineArguments, output: LineOutput) -> Int32
}

/// A journal of sessions being written: how a session joins it, and how it ends.
struct SessionsRecording<Feature: LineFeature>: Sendable {
    typealias Host = ActorHost<Feature.State, Feature.Event, Feature.Env>

    /// Records the session of that name from now on, starting from its host's state.
    let join: @Sendable (isolated Host, String) -> Void
    /// Writes what is left and closes the file; returns the first failed write's reason,
    /// which is said once, at the end (L11).
    let finish: @Sendable () -> String?
}

extension Journaling: SessionJournaling where Feature.Event: Codable {
    func recording(to path: String) throws(LineError) -> SessionsRecording<Feature> {
        // Opened first for the system's reason, should the file be out of reach.
        try TextFile.checkWritable(path, for: JournalOptions.record.name)
        let recorder: SessionsJournalRecorder<Feature.State, Feature.Event>
        do throws(JournalError) {
            recorder = try SessionsJournalRecorder(path: path)
        } catch {
            throw LineError.file(JournalOptions.record.name, "\(error)")
        }
        let firstFailure = Locked<String?>(nil)
        recorder.failed = { reason in
            firstFailure.withLock { if $0 == nil { $0 = reason } }
        }
        return SessionsRecording(
            join: { host, name in host.record(into: recorder, as: name) },
            finish: {
                recorder.finish()
                return firstFailure.withLock { $0 }
            })
    }

    func replaySessions(_ path: String, arguments: LineArguments, output: LineOutput) -> Int32 {
        // The options are checked as a run's would be, though a replay runs no action (J1)
        // and needs no env.
        do throws(LineError) {
            _ = try Feature.env(arguments)
        } catch {
            return LineProgram<Feature>.usageError(error, output: output)
        }
        let journal: SessionsJournal<Feature.Event>
        let starts: [Feature.State]
        do throws(LineError) {
            let data = try TextFile.read(path, for: JournalOptions.replay.name)
            do throws(JournalError) {
                journal = try SessionsJournal<Feature.Event>(data: data, path: path)
                var states: [Feature.State] = []
                for session in journal.sessions {
                    states.append(try Self.recordedState(of: session.journal) ?? Feature.initialState)
                }
                starts = states
            } catch {
                throw LineError.file(JournalOptions.replay.name, "\(error)")
            }
        } catch {
            _ = output.write("error: \(error.message)\n", .standardError)
            return LineExitStatus.usage
        }
        // At a terminal, a long journal shows how far its replay has come.
        let progress = ProgressLine()
        let total = journal.sessions.reduce(0) { $0 + $1.journal.entries.count }
        var replayed: [String: ReplayedSession<Feature.State>] = [:]
        var done = 0
        for (session, start) in zip(journal.sessions, starts) {
            var result = replayed[session.name] ?? ReplayedSession(state: start)
            defer {
                replayed[session.name] = result
                done += session.journal.entries.count
            }
            // A session replayed up to a step that differs stops there: a later session of
            // its name is not replayed.
            guard result.divergence == nil else { continue }
            result.begin(start, render: { Feature.render($0) })
            let digest = StateDigest.of(start)
            guard digest == session.startDigest else {
                result.divergence =
                    "at its start: the state it starts from is not the recorded one\n"
                    + "  journal: state \(session.startDigest)\n  replay:  state \(digest)"
                continue
            }
            let replay = session.journal.replay(
                initialState: start, update: { Feature.update(state: &$0, event: $1) },
                progress: { [done] count, _ in
                    progress.counting("replaying", "step", done: done + count, of: total)
                })
            for state in replay.settledStates { result.show(state, render: { Feature.render($0) }) }
            result.state = replay.state
            if let divergence = replay.divergence { result.divergence = "at \(divergence)" }
        }
        progress.clear()
        var text = ""
        for name in replayed.keys.sorted() {
            guard let session = replayed[name] else { continue }
            for rendering in session.renderings {
                text += LineSession<Feature>.lines(rendering, of: name) + "\n"
            }
            text += LineSession<Feature>.lines(StateLayout.text(session.state), of: name) + "\n"
        }
        _ = output.write(text, .standardOutput)
        var status = LineExitStatus.success
        for name in replayed.keys.sorted() {
            guard let divergence = replayed[name]?.divergence else { continue }
            let session = LineError.escapingControls(name.unicodeScalars)
            _ = output.write(
                "error: --replay: \(session): the replay differs from \(path) \(divergence)\n", .standardError)
            status = LineExitStatus.rejectedLine
        }
        return status
    }
}

/// What the replay of a session's name reached: the renderings it printed, its state, and
/// where it first differs from the journal.
private struct ReplayedSession<State> {
    var renderings: [String] = []
    var state: State
    var divergence: String?
    /// The last rendering of the session now being replayed.
    private var lastRendering: String?

    init(state: State) {
        self.state = state
    }

    /// A session of the name starts: it shows its state, as a session does.
    mutating func begin(_ start: State, render: (State) -> String) {
        state = start
        lastRendering = nil
        show(start, render: render)
    }

    /// Keeps the state's rendering when it differs from the last one the session printed.
    mutating func show(_ state: State, render: (State) -> String) {
        let rendering = render(state)
        guard rendering != lastRendering else { return }
        lastRendering = rendering
        renderings.append(rendering)
    }
}
