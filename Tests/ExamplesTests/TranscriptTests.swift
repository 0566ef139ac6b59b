import Foundation
import Testing

/// The line host's `--check`, `--record` and `--replay`, run as a user runs them: each
/// example's own transcript passes, a wrong one prints a diff, and a recorded run replays
/// to the same renderings and state.
@Suite struct TranscriptTests {
    /// The package's root, where `Examples/` is.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: [
        ("counter", "Counter"), ("search", "Search"), ("movies", "Movies"), ("todos", "Todos"), ("weather", "Weather"),
    ])
    func eachExampleShipsATranscriptThatPasses(example: String, folder: String) async throws {
        let path = Self.root.appendingPathComponent("Examples/\(folder)/\(example).transcript").path
        let run = try #require(try await ExampleProcess.run(example, arguments: ["--check", path], input: ""))
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("\(path): ok, "))
    }

    @Test(arguments: [
        ("counter", "Counter"), ("search", "Search"), ("movies", "Movies"), ("todos", "Todos"), ("weather", "Weather"),
    ])
    func eachTranscriptPassesWithBodiesOnTheMainActor(example: String, folder: String) async throws {
        let path = Self.root.appendingPathComponent("Examples/\(folder)/\(example).transcript").path
        let run = try #require(
            try await ExampleProcess.run(example, arguments: ["--main-actor-tasks", "--check", path], input: ""))
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    }

    @Test func aTranscriptThatDiffersPrintsADiffAndExits1() async throws {
        let path = try temporaryFile("count: 0\n$ tick\ncount: 2\n$ frobnicate\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try #require(try await ExampleProcess.run("counter", arguments: ["--check", path], input: ""))
        #expect(run.status == 1)
        #expect(
            run.standardOutput == """
                --- \(path)
                +++ actual output
                @@ -1,4 +1,5 @@
                 count: 0
                 $ tick
                -count: 2
                +count: 1
                 $ frobnicate
                +! error: unknown command 'frobnicate' — type :help

                """)
    }

    @Test func aMissingTranscriptIsAUsageError() async throws {
        let run = try #require(
            try await ExampleProcess.run("counter", arguments: ["--check", "/nonexistent/c.transcript"], input: ""))
        #expect(run == .init(status: 64, standardOutput: "", standardError: "error: cannot read the transcript '/nonexistent/c.transcript'\n"))
    }

    @Test(arguments: [
        ("counter", "tick\ntick\nreset\ntick\nfrobnicate\n"),
        ("search", "query sw\nquery swi\nquery\n"),
        ("movies", "refresh\nselect 2\nclear\nselect 9\n"),
        ("todos", "add\ntitle 1 Milk\nadd\ntoggle 2\nmove 1 2\nfilter completed\ntoggle 1\nfilter all\nclear\n"),
        ("weather", "query lo\nforecast 1\nforecast 2\nquery san\nforecast 9\n"),
    ])
    func aRecordedRunReplaysToTheSameRenderingsAndState(example: String, input: String) async throws {
        let path = try temporaryFile("")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = try #require(
            try await ExampleProcess.run(example, arguments: ["--settle", "--record", path], input: input + ":state\n"))
        let replayed = try #require(try await ExampleProcess.run(example, arguments: ["--replay", path], input: ""))
        #expect(replayed.status == 0, "\(replayed.standardError)")
        #expect(replayed.standardError == "")
        // The recorded run ends with `:state`: its renderings, then its final state, one
        // field a line, exactly as the replay prints them.
        #expect(replayed.standardOutput == recorded.standardOutput)
    }

    @Test(arguments: [
        ("", "line 1: no header: the file is empty"),
        ("not json\n", "line 1: not a journal header (not JSON)"),
        ("{\"journal\":9,\"schema\":\"x\"}\n", "line 1: journal format 9 is newer than this program's 1"),
        ("{\"journal\":1,\"schema\":\"x\"}\n", "line 1: the events' schema x is not this program's"),
    ])
    func aBadJournalIsRefusedNamingItsLine(text: String, message: String) async throws {
        let path = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try #require(try await ExampleProcess.run("counter", arguments: ["--replay", path], input: ""))
        #expect(run.status == 64)
        #expect(run.standardOutput == "")
        #expect(run.standardError.hasPrefix("error: \(path), \(message)"), "\(run.standardError)")
    }

    @Test func aJournalCutShortOrWithAnUnknownEventStopsAtThatLine() async throws {
        let path = try temporaryFile("")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try await ExampleProcess.run("counter", arguments: ["--record", path], input: "tick\ntick\n")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(lines.count == 3)

        try Data((lines[0...1] + [String(lines[2].prefix(20))]).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let truncated = try #require(try await ExampleProcess.run("counter", arguments: ["--replay", path], input: ""))
        #expect(truncated.status == 64)
        #expect(truncated.standardOutput == "")
        #expect(truncated.standardError.hasPrefix("error: \(path), line 3: truncated"), "\(truncated.standardError)")

        let unknown = lines[2].replacingOccurrences(of: "\"tick\"", with: "\"dance\"")
        try Data((lines[0...1] + [unknown]).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let refused = try #require(try await ExampleProcess.run("counter", arguments: ["--replay", path], input: ""))
        #expect(refused.status == 64)
        #expect(refused.standardError.hasPrefix("error: \(path), line 3: an event this program does not know"))
    }

    @Test func aJournalThatCannotBeWrittenStopsTheRunBeforeItStarts() async throws {
        let run = try #require(
            try await ExampleProcess.run("counter", arguments: ["--record", "/nonexistent/c.journal"], input: "tick\n"))
        #expect(run.status == 64)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "error: /nonexistent/c.journal: cannot create the file\n")
    }

    private func temporaryFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "transcript-" + UUID().uuidString
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
