import EffectEngine
import EffectEngineJournal
import EffectEngineShared
import Foundation

/// `--record FILE`, `--replay FILE` and `--report FILE.html`, for a feature whose events
/// are `Codable`.
///
/// `--record` writes every event `update` sees to a journal as the run goes. `--report`
/// draws the run (or, with `--replay`, the journal) as one HTML page (V1). `--replay`
/// reads no input: it folds the journal through `update` (task bodies never run; the
/// events they delivered come from the journal), prints the renderings the recorded run
/// printed and then the final state, one field a line. A journal that cannot be read is
/// an error naming its line (status 64); a replay that differs from the journal names the
/// first step that differs (status 1).
struct Journaling<Feature: LineFeature> {
    static var unavailable: UnavailableOptions {
        UnavailableOptions(names: section.options.map(\.name)) { program in
            "\(program)'s Event is not Codable, so it cannot be journaled"
        }
    }

    /// Its options, as `--help` lists them; the same names are refused, with the
    /// reason, by a program whose feature lacks the conformance.
    static var section: ProgramSection { JournalOptions.section }
}

/// `--record`, `--replay` and `--report`, declared once.
enum JournalOptions {
    static let record = FileOption(
        "record", role: .run, summary: "record every event update sees to a journal file")
    static let replay = FileOption(
        "replay", role: .mode,
        summary: "replay a journal instead of reading input: its renderings, then its final state")
    static let report = FileOption(
        "report", role: .runOr(mode: replay.name), summary: "draw the run, or the replayed journal, as one HTML page")

    static let section = ProgramSection(
        title: "journal (Event is Codable)", options: [record.option, replay.option, report.option])
}

extension Journaling: LineCapability where Feature.Event: Codable {
    var section: ProgramSection { Self.section }

    func attach(
        to host: LineHost<Feature.State, Feature.Event, Feature.Env>, arguments: LineArguments,
        output: LineOutput
    ) throws(LineError) -> (@MainActor () async -> Int32?)? {
        let report = arguments.path(JournalOptions.report)
        let record = arguments.path(JournalOptions.record)
        guard let path = record ?? report.map({ _ in Self.temporaryJournalPath() }) else {
            return nil
        }
        // Opened first for the system's reason, should a file be out of reach.
        if record != nil { try TextFile.checkWritable(path, for: JournalOptions.record.name) }
        if let report { try TextFile.checkWritable(report, for: JournalOptions.report.name) }
        let recorder: JournalRecorder<Feature.State, Feature.Event>
        do throws(JournalError) {
            recorder = try host.host.record(to: path)
        } catch {
            throw LineError.file(JournalOptions.record.name, "\(error)")
        }
        guard let report else {
            return {
                recorder.finish()
                return nil
            }
        }
        let start = host.host.state
        let keepsJournal = record != nil
        return {
            recorder.finish()
            defer { if !keepsJournal { try? FileManager.default.removeItem(atPath: path) } }
            return Self.writeReport(
                from: path, start: start, title: keepsJournal ? nil : "a run of \(Feature.name)", to: report,
                output: output)
        }
    }

    func takeOver(_ arguments: LineArguments, output: LineOutput) async -> Int32? {
        guard let path = arguments.path(JournalOptions.replay) else { return nil }
        let env: Feature.Env
        do throws(LineError) {
            env = try Feature.env(arguments)
        } catch {
            return LineProgram<Feature>.usageError(error, output: output)
        }
        let journal: Journal<Feature.Event>
        let start: Feature.State
        do throws(LineError) {
            let data = try TextFile.read(path, for: JournalOptions.replay.name)
            do throws(JournalError) {
                journal = try Journal<Feature.Event>(data: data, path: path)
                start = try Self.recordedState(of: journal) ?? Feature.initialState
            } catch {
                throw LineError.file(JournalOptions.replay.name, "\(error)")
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
        if let page = arguments.path(JournalOptions.report),
            let status = Self.writePage(journal, start: start, title: nil, to: page, output: output)
        {
            return status
        }
        if let divergence = replay.divergence {
            _ = output.write(
                "error: --replay: the replay differs from \(path) at \(divergence)\n", .standardError)
            return LineExitStatus.rejectedLine
        }
        return LineExitStatus.success
    }

    /// Draws the journal at `path` as a page in `report`; the status to exit with when it
    /// cannot be read or the page written, having said why.
    private static func writeReport(
        from path: String, start: Feature.State, title: String?, to report: String, output: LineOutput
    ) -> Int32? {
        let journal: Journal<Feature.Event>
        do throws(JournalError) {
            journal = try Journal<Feature.Event>.read(from: path)
        } catch {
            _ = output.write(
                "error: \(LineError.file(JournalOptions.report.name, "\(error)").message)\n", .standardError)
            return LineExitStatus.cannotWrite
        }
        return writePage(journal, start: start, title: title, to: report, output: output)
    }

    /// Writes the journal's page (``Journal/page(initialState:title:update:)``) to `path`;
    /// the status to exit with when it cannot be written, having said why.
    private static func writePage(
        _ journal: Journal<Feature.Event>, start: Feature.State, title: String?, to path: String,
        output: LineOutput
    ) -> Int32? {
        let page = journal.page(initialState: start, title: title) { Feature.update(state: &$0, event: $1) }
        do throws(LineError) {
            try TextFile.write(page.html, to: path, for: JournalOptions.report.name)
            return nil
        } catch {
            _ = output.write("error: \(error.message)\n", .standardError)
            return LineExitStatus.cannotWrite
        }
    }

    /// Where a run drawn with `--report` and no `--record` keeps its journal until the
    /// page is written.
    private static func temporaryJournalPath() -> String {
        NSTemporaryDirectory() + "report-" + UUID().uuidString + ".journal"
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
