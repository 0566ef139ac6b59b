import EffectEngine
import EffectEngineJournal
import Foundation

// `--report FILE.html`: a run, or a replayed journal, drawn as a page (V1). The journal
// main calls these; everything else lives in EffectEngineJournal (`Journal.page`).

extension LineProgram {
    /// Records the run to `--record`'s file, and with `--report` draws it as a page when
    /// the run ends (recording to a temporary journal when `--record` is not given).
    /// Returns what ends the recording, `nil` when neither flag is given.
    @MainActor
    func journal<State, Event: Codable & Sendable, Env>(
        _ host: LineHost<State, Event, Env>, update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) throws(LineError) -> (@MainActor () -> Void)? {
        let report = host.settings.reportPath
        guard let path = host.settings.recordPath ?? report.map({ _ in Self.temporaryJournalPath() }) else { return nil }
        let recorder: JournalRecorder<State, Event>
        do throws(JournalError) {
            recorder = try host.host.record(to: path)
        } catch {
            throw LineError("\(error)")
        }
        let start = host.host.state
        return {
            recorder.finish()
            guard let report else { return }
            let journal: Result<Journal<Event>, JournalError> = Result { () throws(JournalError) in
                try Journal<Event>.read(from: path)
            }
            if host.settings.recordPath == nil { try? FileManager.default.removeItem(atPath: path) }
            do throws(LineError) {
                let title = host.settings.recordPath == nil ? "a run of \(name)" : nil
                let page = try journal.mapError { LineError("\($0)") }.get().page(
                    initialState: start, title: title, update: update)
                try Self.writePage(page, to: report)
            } catch {
                // The run is over and its state saved: end with the status of a file not written.
                _ = LineOutput.standard.write("error: \(error.message)\n", .standardError)
                LineExitStatus.exit(with: LineExitStatus.cannotWrite)
            }
        }
    }

    /// `--replay` with `--report`: the journal drawn as a page, from `start`. Returns the
    /// status to exit with when the page cannot be written, having said why.
    static func writeReport<State, Event: Codable & Sendable, Env>(
        _ journal: Journal<Event>, start: State, to path: String?,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) -> Int32? {
        guard let path else { return nil }
        do throws(LineError) {
            try writePage(journal.page(initialState: start, update: update), to: path)
            return nil
        } catch {
            _ = LineOutput.standard.write("error: \(error.message)\n", .standardError)
            return LineExitStatus.cannotWrite
        }
    }

    private static func writePage(_ page: JournalPage, to path: String) throws(LineError) {
        try TextFile.write(page.html, to: path)
    }

    private static func temporaryJournalPath() -> String {
        NSTemporaryDirectory() + "report-" + UUID().uuidString + ".journal"
    }
}

extension LineSettings {
    /// The first journal flag given (`--record`, `--replay`, `--report`), for the error of a
    /// program whose feature cannot be journaled.
    var journalFlag: String? {
        recordPath != nil ? "--record" : replayPath != nil ? "--replay" : reportPath != nil ? "--report" : nil
    }
}
