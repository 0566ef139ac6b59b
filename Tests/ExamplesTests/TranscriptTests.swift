import Foundation
import Testing

/// The line host's `--check`, `--record` and `--replay`, run as a user runs them: each
/// example's own transcript passes, a wrong one prints a diff, and a recorded run replays
/// to the same renderings and state.
@Suite struct TranscriptTests {
    /// The package's root, where `Examples/` is.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The examples that ship a transcript, with their folders.
    static let shipped = [
        ("counter", "Counter"), ("search", "Search"), ("movies", "Movies"), ("todos", "Todos"), ("weather", "Weather"),
    ]

    @Test(arguments: shipped)
    func eachExampleShipsATranscriptThatPasses(example: String, folder: String) async throws {
        let path = Self.root.appendingPathComponent("Examples/\(folder)/\(example).transcript").path
        let run = try #require(try await ExampleProcess.run(example, arguments: ["--check", path], input: ""))
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("\(path): ok, "))
    }

    @Test(arguments: shipped)
    func eachTranscriptPassesWithBodiesOnTheMainActor(example: String, folder: String) async throws {
        let path = Self.root.appendingPathComponent("Examples/\(folder)/\(example).transcript").path
        let run = try #require(
            try await ExampleProcess.run(example, arguments: ["--main-actor-tasks", "--check", path], input: ""))
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    }

    /// `--write-transcript` writes what a run printed, its input and its errors; `--check`
    /// with the same options passes on it: for every example, rows, rejections and
    /// meta-commands included.
    @Test(arguments: [
        ("counter", [], "tick\ntick\nreset\nfrobnicate\n:state\n"),
        ("search", [], "query sw\nquery swi\nlookup cat\n:tasks\n"),
        ("movies", [], "refresh\nselect 2\nselect 9\nclear\n:state\n"),
        ("downloads", ["--step", "1s"], "add a\nadd b\nremove 1\npause 1\nresume 3\n:tasks\n"),
        ("todos", [], "add\ntitle 1 Milk\nadd\ntitle 1 Eggs\ntoggle 2\nfilter active\ntoggle 1\nfilter all\nmove 1 2\ntoggle 5\n"),
        ("weather", [], "query lo\nforecast 2\nforecast 9\nquery san\nforecast 1\n"),
    ])
    func aWrittenTranscriptChecks(example: String, options: [String], input: String) async throws {
        let path = try temporaryFile("")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let arguments = ["--virtual-time"] + options
        let written = try #require(
            try await ExampleProcess.run(example, arguments: arguments + ["--write-transcript", path], input: input))
        #expect(written.status <= 1, "\(written.standardError)")
        let transcript = try String(contentsOfFile: path, encoding: .utf8)
        // The transcript carries its options (L14): `--check FILE` alone checks it.
        let header = "# Written by --write-transcript; check it with: \(example) --check \(path)\n"
        #expect(transcript.hasPrefix(header + "# options: \(arguments.joined(separator: " "))\n"), "\(transcript)")
        // What the run showed is what the transcript holds, input aside.
        let shown = transcript.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
            .filter { !$0.hasPrefix("$ ") && !$0.hasPrefix("! ") }.joined(separator: "\n")
        #expect(shown == written.standardOutput)
        let checked = try #require(try await ExampleProcess.run(example, arguments: ["--check", path], input: ""))
        #expect(checked.status == 0, "\(checked.standardOutput)\(checked.standardError)")
        #expect(checked.standardOutput == "\(path): ok, \(input.split(separator: "\n").count) input lines\n")
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
        #expect(
            run
                == .init(
                    status: 64, standardOutput: "",
                    standardError: "error: --check: cannot read '/nonexistent/c.transcript': No such file or directory\n"))
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
            try await ExampleProcess.run(
                example, arguments: ["--settle", "--virtual-time", "--record", path], input: input + ":state\n"))
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
        #expect(run.standardError.hasPrefix("error: --replay: \(path), \(message)"), "\(run.standardError)")
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
        #expect(truncated.standardError.hasPrefix("error: --replay: \(path), line 3: truncated"), "\(truncated.standardError)")

        let unknown = lines[2].replacingOccurrences(of: "\"tick\"", with: "\"dance\"")
        try Data((lines[0...1] + [unknown]).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let refused = try #require(try await ExampleProcess.run("counter", arguments: ["--replay", path], input: ""))
        #expect(refused.status == 64)
        #expect(refused.standardError.hasPrefix("error: --replay: \(path), line 3: an event this program does not know"))
    }

    @Test func aJournalThatCannotBeWrittenStopsTheRunBeforeItStarts() async throws {
        let run = try #require(
            try await ExampleProcess.run("counter", arguments: ["--record", "/nonexistent/c.journal"], input: "tick\n"))
        #expect(run.status == 64)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "error: --record: cannot write '/nonexistent/c.journal': No such file or directory\n")
    }

    private func temporaryFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "transcript-" + UUID().uuidString
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
