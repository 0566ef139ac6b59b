import EffectEngine
import EffectEngineJournal

/// `--record FILE` and `--replay FILE`, for a feature whose events are `Codable`.
///
/// `--record` writes every event `update` sees to a journal as the run goes. `--replay`
/// reads no input: it folds the journal through `update` (task bodies never run; the
/// events they delivered come from the journal), prints the renderings the recorded run
/// printed and then the final state, one field a line. A journal that cannot be read is
/// an error naming its line (status 64); a replay that differs from the journal names the
/// first step that differs (status 1).
struct Journaling<Feature: LineFeature> {
    static var unavailable: UnavailableOptions {
        UnavailableOptions(names: ["record", "replay"]) { program in
            "\(program)'s Event is not Codable, so it cannot be journaled"
        }
    }
}

extension Journaling: LineCapability where Feature.Event: Codable {
    var section: ProgramSection {
        ProgramSection(
            title: "journal (Event is Codable)",
            options: [
                .value(
                    "record", placeholder: "file", role: .run,
                    summary: "record every event update sees to a journal file"),
                .value(
                    "replay", placeholder: "file", role: .mode,
                    summary: "replay a journal instead of reading input: its renderings, then its final state"
                ),
            ])
    }

    func attach(
        to host: LineHost<Feature.State, Feature.Event, Feature.Env>, arguments: LineArguments
    ) throws(LineError) -> (@MainActor () async -> Void)? {
        guard let path = arguments.value("record") else { return nil }
        // Opened first for the system's reason, should the file be out of reach.
        try TextFile.checkWritable(path, for: "record")
        let recorder: JournalRecorder<Feature.State, Feature.Event>
        do throws(JournalError) {
            recorder = try host.host.record(to: path)
        } catch {
            throw LineError.file("record", "\(error)")
        }
        return { recorder.finish() }
    }

    func takeOver(_ arguments: LineArguments, output: LineOutput) async -> Int32? {
        guard let path = arguments.value("replay") else { return nil }
        let env: Feature.Env
        do throws(LineError) {
            env = try Feature.env(arguments)
        } catch {
            return LineProgram<Feature>.usageError(error, output: output)
        }
        let journal: Journal<Feature.Event>
        let start: Feature.State
        do throws(LineError) {
            let data = try TextFile.read(path, for: "replay")
            do throws(JournalError) {
                journal = try Journal<Feature.Event>(data: data, path: path)
                start = try Self.recordedState(of: journal) ?? Feature.initialState
            } catch {
                throw LineError.file("replay", "\(error)")
            }
        } catch {
            _ = output.write("error: \(error.message)\n", .standardError)
            return LineExitStatus.usage
        }
        let replay = journal.replay(initialState: start, env: env) { Feature.update(state: &$0, event: $1) }
        let console = LineConsole<Feature.State, Feature.Event>(output: output) { Feature.render($0) }
        console.show(start)
        for state in replay.settledStates { console.show(state) }
        console.writeOutput(StateLayout.text(replay.state))
        if let divergence = replay.divergence {
            _ = output.write(
                "error: --replay: the replay differs from \(path) at \(divergence)\n", .standardError)
            return LineExitStatus.rejectedLine
        }
        return LineExitStatus.success
    }

    /// The initial state the journal's header recorded, when the state is `Decodable`
    /// and one was recorded.
    private static func recordedState(of journal: Journal<Feature.Event>) throws(JournalError) -> Feature
        .State?
    {
        guard let type = Feature.State.self as? any Decodable.Type else { return nil }
        return try journal.initialState(type) as? Feature.State
    }
}
