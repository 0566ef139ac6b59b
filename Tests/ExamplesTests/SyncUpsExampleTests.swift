import Foundation
import Testing

/// `swift run syncups` as a user runs it: its transcript, a recorded run replayed, its
/// sync-ups kept between runs, and what it answers to lines it cannot take.
@Suite struct SyncUpsExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let transcript = root.appendingPathComponent("Examples/SyncUps/syncups.transcript").path
    static let options = ["--virtual-time", "--wait-limit", "2s"]
    static let adding = "add\ntitle Design\nname 1 Blob\ninvite\nname 2 Blob Jr\nsave\n"

    /// L14: the transcript carries its options, so it checks as typed:
    /// `syncups --check Examples/SyncUps/syncups.transcript`. It used to need
    /// `--virtual-time --wait-limit 2s` typed too.
    @Test func itsTranscriptChecksAsTyped() async throws {
        let run = try #require(try await ExampleProcess.run("syncups", arguments: ["--check", Self.transcript], input: ""))
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix(": ok, 22 input lines\n"))
    }

    @Test(arguments: [[], ["--main-actor-tasks"]])
    func itsTranscriptPasses(extra: [String]) async throws {
        let run = try #require(
            try await ExampleProcess.run("syncups", arguments: Self.options + extra + ["--check", Self.transcript], input: ""))
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix(": ok, 22 input lines\n"))
    }

    @Test func aRecordedRunReplaysToTheSameRenderingsAndState() async throws {
        let path = NSTemporaryDirectory() + "syncups-" + UUID().uuidString + ".journal"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = Self.adding + "open 1\nstart\nnext\nend\n1\nmeeting 1\nback\ndelete\n1\n:state\n"
        let recorded = try #require(
            try await ExampleProcess.run(
                "syncups", arguments: ["--settle"] + Self.options + ["--record", path], input: input))
        #expect(recorded.status == 0, "\(recorded.standardError)")
        let replayed = try #require(try await ExampleProcess.run("syncups", arguments: ["--replay", path], input: ""))
        #expect(replayed.status == 0, "\(replayed.standardError)")
        #expect(replayed.standardOutput == recorded.standardOutput)
        #expect(
            recorded.standardOutput.hasSuffix(
                "syncUps: []\nlist: Own(destination: nil)\npath: StackState<State>(nextID: 3)\n"))
    }

    /// The sync-ups are kept, not the screens over them: a second run starts at the
    /// list, with the meeting the first saved.
    @Test func theSyncUpsAreKeptBetweenRuns() async throws {
        let directory = NSTemporaryDirectory() + "syncups-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/syncups.json"
        let arguments = ["--settle", "--state", file] + Self.options
        let first = try #require(
            try await ExampleProcess.run("syncups", arguments: arguments, input: Self.adding + "open 1\nstart\nend\n1\n"))
        #expect(first.status == 0, "\(first.standardError)")
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains("\"title\":\"Design\"") && !saved.contains("path"))
        let second = try #require(try await ExampleProcess.run("syncups", arguments: arguments, input: "open 1\n"))
        #expect(second.status == 0)
        #expect(
            second.standardOutput == """
                Daily sync-ups: 1
                  1. Design — 2 attendees, 5 min, Bubblegum

                Design — 5 min, Bubblegum
                  attendees: Blob, Blob Jr
                  past meetings:
                    1. 2009-02-13

                """)
    }

    /// Each line it cannot take is refused in one line, changes nothing, and the run goes
    /// on; the exit status says a line was refused.
    @Test func badLinesAreRefusedAndChangeNothing() async throws {
        let input = """
            open 1
            add
            length 99
            theme puce
            name x Blob
            remove 3
            save
            open 2
            back
            delete
            3
            start
            frobnicate

            """
        let run = try #require(try await ExampleProcess.run("syncups", arguments: ["--settle"] + Self.options, input: input))
        #expect(run.status == 1)
        #expect(
            run.standardError == """
                error: no sync-up 1: none shown — type :help
                error: 'length' needs <minutes> from 5 to 30, got '99' — type :help
                error: 'theme' needs one of bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood, periwinkle, poppy, purple, seafoam, sky, tan, teal, yellow, got 'puce' — type :help
                error: 'name' needs <n> <name>, got 'x Blob' — type :help
                error: no attendee 3: pick 1 to 1 — type :help
                error: no sync-up 2: pick 1 to 1 — type :help
                error: unknown command 'back' — type :help
                error: 'delete' needs <n> — type :help
                error: unknown command '3' — type :help
                error: unknown command 'start' — type :help
                error: unknown command 'frobnicate' — type :help

                """)
    }

    @Test func aSpeechRecognizerThatIsDeniedAsksFirst() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "syncups", arguments: ["--settle", "--speech", "denied"] + Self.options,
                input: Self.adding + "open 1\nstart\n2\n"))
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("alert: Speech recognition denied\n"))
        #expect(run.standardError == "(the system settings would open here)\n")
        let unknown = try #require(try await ExampleProcess.run("syncups", arguments: ["--speech", "maybe"], input: ""))
        #expect(unknown.status == 64)
        #expect(unknown.standardError.hasPrefix("error: --speech needs authorized, denied, restricted, undecided or failing"))
    }
}
