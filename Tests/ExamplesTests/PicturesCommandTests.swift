import Foundation
import Testing

/// `--report` and `--explore --html` on the built examples: a page in a file, the run's
/// own output unchanged.
@Suite(.serialized) struct PicturesCommandTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
    }

    /// The JSON a page embeds, read back.
    func pageData(at path: String) throws -> [String: Any] {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>"))
        let start = try #require(html.range(of: #"<script type="application/json" id="page-data">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return try #require(
            try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
    }

    @Test func aRunIsDrawnAsItEndsAndPrintsWhatItPrintedBefore() async throws {
        let page = temporaryPath("counter.html")
        defer { try? FileManager.default.removeItem(atPath: page) }
        let plain = try #require(try await ExampleProcess.run("counter", arguments: ["--settle"], input: "tick\ntick\n"))
        let drawn = try #require(
            try await ExampleProcess.run("counter", arguments: ["--settle", "--report", page], input: "tick\ntick\n"))
        // What the run printed, then the line saying where the page went.
        #expect(drawn.status == plain.status && drawn.standardError == plain.standardError)
        #expect(drawn.standardOutput == plain.standardOutput + "Wrote the run (2 events, 0 tasks) to '\(page)' as a page.\n")
        let data = try pageData(at: page)
        #expect((data["events"] as? [Int])?.count == 2)
        #expect(data["title"] as? String == "a run of counter")
        // The page names no temporary file: the journal it was drawn from was not kept.
        #expect(data["source"] as? String == "not recorded (--record keeps the journal)")
    }

    @Test func aReplayedJournalIsDrawnWithItsTasks() async throws {
        let journal = temporaryPath("search.journal")
        let page = temporaryPath("search.html")
        defer {
            try? FileManager.default.removeItem(atPath: journal)
            try? FileManager.default.removeItem(atPath: page)
        }
        _ = try await ExampleProcess.run(
            "search", arguments: ["--settle", "--virtual-time", "--record", journal], input: "query swi\n")
        let replayed = try #require(try await ExampleProcess.run("search", arguments: ["--replay", journal], input: ""))
        let drawn = try #require(
            try await ExampleProcess.run("search", arguments: ["--replay", journal, "--report", page], input: ""))
        #expect(drawn.status == replayed.status && drawn.standardError == replayed.standardError)
        #expect(
            drawn.standardOutput == replayed.standardOutput + "Wrote the journal (2 events, 1 task) to '\(page)' as a page.\n")
        let data = try pageData(at: page)
        let strings = try #require(data["strings"] as? [String])
        // The query starts the debounced search, task #1, which delivers the matches and ends.
        let task = try #require((data["tasks"] as? [[Any]])?.first)
        #expect(task[0] as? String == "1" && strings[task[1] as? Int ?? 0] == "search")
        #expect(task[2...4].compactMap { $0 as? Int } == [1, 2, 1])
        #expect(data["causes"] as? [Int] == [0, 2])
        #expect(data["title"] as? String == URL(fileURLWithPath: journal).lastPathComponent)
    }

    @Test func aPageThatCannotBeWrittenIsRefusedBeforeTheRun() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "counter", arguments: ["--settle", "--report", "/nonexistent/folder/run.html"], input: "tick\n"))
        #expect(run.status == 64)
        #expect(run.standardError.hasPrefix("error: --report: cannot write '/nonexistent/folder/run.html': "))
        #expect(run.standardOutput.isEmpty)
    }

    @Test func reportGoesWithARunOrAReplayOnly() async throws {
        let run = try #require(
            try await ExampleProcess.run("movies", arguments: ["--explore", "--report", "m.html"], input: ""))
        #expect(run.status == 64)
        #expect(run.standardError.hasPrefix("error: '--report' does not go with '--explore'"))
    }

    @Test func aFeatureThatCannotBeJournaledRefusesReport() async throws {
        let run = try #require(try await ExampleProcess.run("downloads", arguments: ["--report", "d.html"], input: ""))
        #expect(run.status == 64)
        #expect(
            run.standardError.hasPrefix(
                "error: '--report' is not offered: downloads' Event is not Codable, so it cannot be journaled"))
    }

    @Test func moviesExploredIsDrawnWhole() async throws {
        let page = temporaryPath("movies.html")
        defer { try? FileManager.default.removeItem(atPath: page) }
        let run = try #require(
            try await ExampleProcess.run("movies", arguments: ["--explore", "--depth", "8", "--html", page], input: ""))
        #expect(run.status == 0)
        #expect(run.standardOutput.hasSuffix("Wrote the graph (18 states, 108 edges) to '\(page)' in HTML.\n"))
        let data = try pageData(at: page)
        #expect((data["nodes"] as? [Any])?.count == 18)
        #expect((data["edges"] as? [Any])?.count == 108)
        #expect(data["mode"] as? String == "graph")
    }

    @Test func htmlWithoutExploreIsAUsageError() async throws {
        let run = try #require(try await ExampleProcess.run("movies", arguments: ["--html", "m.html"], input: ""))
        #expect(run.status == 64)
        #expect(run.standardError == "error: '--html' is an exploration option: add --explore — try 'movies --help'\n")
    }

    @Test func helpListsTheFlags() async throws {
        let run = try #require(try await ExampleProcess.run("todos", arguments: ["--help"], input: ""))
        #expect(run.standardOutput.contains("--report <file>"))
        #expect(run.standardOutput.contains("--html <file>"))
    }
}
