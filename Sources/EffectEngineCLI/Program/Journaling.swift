import EffectEngine
import EffectEngineJournal
import EffectEngineShared
import Foundation

/// `--record FILE`, `--replay FILE` and `--report FILE.html`, for a feature whose events
/// are `Codable`.
///
/// `--record` writes every event `update` sees to a journal as the run goes. `--report`
/// draws the run (or, with `--replay`, the journal) as one HTML page (V1), and says so on
/// standard output at the end: `Wrote the run (12 events, 2 tasks) to 'run.html' as a
/// page.` `--replay`
/// reads no input: it folds the journal through `update` (task bodies never run; the
/// events they delivered come from the journal), prints the renderings the recorded run
/// printed and then the final state, one field a line. A journal that cannot be read is
/// an error naming its line (status 64); a replay that differs from the journal names the
/// first step that differs (status 1).
struct Journaling<Feature: LineFeature> {
    static var unavailable: UnavailableOptions {
        UnavailableOptions(names: section.options.map(\.name)) { program in
            "\(UnavailableOptions.possessive(program)) Event is not Codable, so it cannot be journaled"
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
        // A failed write is said once, as an error, when the run ends (L11).
        let firstFailure = Locked<String?>(nil)
        recorder.failed = { reason in
            firstFailure.withLock { if $0 == nil { $0 = reason } }
        }
        let start = host.host.state
        let keepsJournal = record != nil
        return {
            recorder.finish()
            defer { if !keepsJournal { try? FileManager.default.removeItem(atPath: path) } }
            if let failure = firstFailure.withLock({ $0 }) {
                let option = keepsJournal ? JournalOptions.record.name : JournalOptions.report.name
                let file = keepsJournal ? TextFile.quoted(path) : "the run's journal"
                let message = "cannot write \(file): \(failure)"
                _ = output.write("error: \(LineError.file(option, message).message)\n", .standardError)
                return LineExitStatus.cannotWrite
            }
            guard let report else { return nil }
            // A journal kept only for the page is named as what it is, not by the
            // temporary file it lived in.
            return Self.writeReport(
                from: path, source: keepsJournal ? path : "not recorded (--record keeps the journal)",
                start: start, title: keepsJournal ? nil : "a run of \(Feature.name)", to: report, output: output)
        }
    }

    func takeOver(_ arguments: LineArguments, output: LineOutput) async -> Int32? {
        guard let path = arguments.path(JournalOptions.replay) else { return nil }
        // The options are checked as a run's would be, though a replay runs no action (J1)
        // and needs no env.
        do throws(LineError) {
            _ = try Feature.env(arguments)
        } catch {
            return LineProgram<Feature>.usageError(error, output: output)
        }
        let journal: Journal<Feature.Event>
        let start: Feature.State
        do throws(LineError) {
            let data = try TextFile.read(path, for: JournalOptions.replay.name)
            if let page = arguments.path(JournalOptions.report) {
                try TextFile.checkWritableLeavingIt(page, for: JournalOptions.report.name)
            }
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
        // At a terminal, a long journal shows how far its replay has come.
        let progress = ProgressLine()
        let replay = journal.replay(
            initialState: start, update: { Feature.update(state: &$0, event: $1) },
            progress: { progress.counting("replaying", "step", done: $0, of: $1) })
        progress.clear()
        let console = LineConsole<Feature.State, Feature.Event>(output: output) { Feature.render($0) }
        console.show(start)
        for state in replay.settledStates { console.show(state) }
        console.writeOutput(StateLayout.text(replay.state))
        if let page = arguments.path(JournalOptions.report),
            let status = Self.writePage(
                journal, start: start, title: nil, drawing: "journal", to: page, output: output)
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
        from path: String, source: String, start: Feature.State, title: String?, to report: String,
        output: LineOutput
    ) -> Int32? {
        let journal: Journal<Feature.Event>
        do throws(JournalError) {
            guard case .success(let bytes) = SystemFile.read(path) else {
                throw JournalError(path: path, line: nil, reason: "the journal of the run could not be read back")
            }
            journal = try Journal<Feature.Event>(data: Data(bytes), path: source)
        } catch {
            _ = output.write(
                "error: \(LineError.file(JournalOptions.report.name, "\(error)").message)\n", .standardError)
            return LineExitStatus.cannotWrite
        }
        return writePage(journal, start: start, title: title, drawing: "run", to: report, output: output)
    }

    /// Writes the journal's page (``Journal/page(initialState:title:update:)``) to `path`
    /// and says so, naming `what` it draws (`run`, `journal`); the status to exit with when
    /// it cannot be written, having said why.
    private static func writePage(
        _ journal: Journal<Feature.Event>, start: Feature.State, title: String?, drawing what: String,
        to path: String, output: LineOutput
    ) -> Int32? {
        let page = journal.page(initialState: start, title: title) { Feature.update(state: &$0, event: $1) }
        do throws(LineError) {
            try TextFile.write(page.html, to: path, for: JournalOptions.report.name)
        } catch {
            _ = output.write("error: \(error.message)\n", .standardError)
            return LineExitStatus.cannotWrite
        }
        let events = page.events == 1 ? "1 event" : "\(page.events) events"
        let tasks = page.tasks == 1 ? "1 task" : "\(page.tasks) tasks"
        _ = output.write(
            "Wrote the \(what) (\(events), \(tasks)) to \(TextFile.quoted(path)) as a page.\n",
            .standardOutput)
        return nil
    }

    /// Where a run drawn with `--report` and no `--record` keeps its journal until the
    /// page is written.
    private static func temporaryJournalPath() -> String {
        NSTemporaryDirectory() + "report-" + UUID().uuidString + ".journal"
    }

    /// The initial state the journal's header recorded, when the state is `Decodable`
    /// and one was recorded.
    static func recordedState(of journal: Journal<Feature.Event>) throws(JournalError) -> Feature
        .State?
    {
        guard let type = Feature.State.self as? any Decodable.Type else { return nil }
        return try journal.initialState(type) as? Feature.State
    }
}
