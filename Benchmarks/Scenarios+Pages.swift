import EffectEngine
import EffectEngineJournal
import Foundation

extension Scenarios {
    /// `page`: `Journal.page` drawing a journal of `count` events of the `Notebook` feature
    /// (each step folded through `update`, its state read as a tree and diffed with the
    /// step before, the page's JSON written), against `JSONEncoder` encoding the same
    /// journal's entries: what recording that run cost. Per event, in alternating rounds,
    /// so a busy machine slows both alike. The page's size is printed with the figure.
    mutating func pages(count: Int) async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-" + UUID().uuidString)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("run.journal").path
        let host = EffectHost(initialState: Notebook.State(), update: Notebook.update)
        guard let recorder = try? host.record(to: path) else { return }
        for step in 0..<count { host.send(.add(step % 7)) }
        recorder.finish()
        await host.stop()
        guard let journal = try? Journal<Notebook.Event>.read(from: path) else { return }

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var encoded: [Double] = []
        var drawn: [Double] = []
        var bytes = 0
        for _ in 0..<budget.repetitions {
            encoded.append(
                await timed {
                    var buffer = Data()
                    for entry in journal.entries {
                        buffer += (try? encoder.encode(entry)) ?? Data()
                        buffer.append(UInt8(ascii: "\n"))
                    }
                    blackHole(buffer)
                } / Double(count))
            drawn.append(
                await timed {
                    let page = journal.page(initialState: Notebook.State(), update: Notebook.update)
                    bytes = page.html.utf8.count
                    blackHole(page)
                } / Double(count))
        }
        add(
            "page.baseline", "JSONEncoder alone: the journal's \(count) entries, as recording them encodes them",
            Self.summary(encoded))
        add(
            "page", "Journal.page for \(count) events: fold, trees, diffs and the page's JSON", Self.summary(drawn),
            baseline: "page.baseline", bar: "≤ 3×")
        figures[figures.count - 1].extras = [("page_bytes", "\(bytes)"), ("events", "\(count)")]
    }
}
