import Foundation
import Testing

/// `sessions`: one ActorHost per session, all processing at once, run as a user runs it.
@Suite struct SessionsExampleTests {
    /// The shipped transcript: its `$ ` lines are the input, the rest what `--settle` prints.
    @Test func settledRunPrintsTheTranscript() async throws {
        let path = TranscriptTests.root.appendingPathComponent("Examples/Sessions/sessions.transcript").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter {
            !$0.hasPrefix("#")
        }
        let input = lines.filter { $0.hasPrefix("$ ") }.map { $0.dropFirst(2) + "\n" }.joined()
        let expected = lines.filter { !$0.hasPrefix("$ ") }.map { $0 + "\n" }.joined()
        for _ in 0..<3 {
            let run = try #require(try await ExampleProcess.run("sessions", arguments: ["--settle"], input: input))
            #expect(run == .init(status: 0, standardOutput: expected, standardError: ""))
        }
    }

    /// Unsettled, 40 sessions run at once: the sessions' lines interleave as they will,
    /// but each session's are in its own order, and none is lost.
    @Test func eachSessionKeepsItsOrder() async throws {
        let (sessions, steps) = (40, 25)
        var input = ""
        for _ in 1...steps {
            for session in 0..<sessions { input += "s\(session) add 1\n" }
        }
        let run = try #require(try await ExampleProcess.run("sessions", input: input, timeout: .seconds(60)))
        #expect(run.status == 0)
        var totals: [String: [Int]] = [:]
        for line in run.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: ":")
            guard parts.count == 2, let total = Int(parts[1].split(separator: " ").last ?? "") else {
                Issue.record("unexpected line \(line)")
                continue
            }
            totals[String(parts[0]), default: []].append(total)
        }
        #expect(totals.count == sessions)
        for (session, seen) in totals { #expect(seen == Array(1...steps), "\(session)") }
    }

    @Test func badLinesAreRejectedAndChangeNothing() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "sessions", arguments: ["--settle"], input: "a add 2\nb frob\nx\na add -3\na add 1\n"))
        #expect(run.status == 1)
        #expect(run.standardOutput == "a: total 2\na: total 3\n")
        #expect(
            run.standardError
                == "error: line 2: b: unknown command 'frob'\n"
                + "error: line 3: expected '<session> <command>', got 'x'\n"
                + "error: line 4: a: '-3' is not a number from 0 to 1000000\n")
        let bad = try #require(try await ExampleProcess.run("sessions", arguments: ["--frob"], input: ""))
        #expect(bad.status == 64)
    }
}
