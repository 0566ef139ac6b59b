import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sessions`: one ActorHost per session, all running at once, run as a user runs it: a
/// feature's `sessionsMain()` and nothing else.
@Suite struct SessionsExampleTests {
    /// The shipped transcript passes `--check`, three times: settled, the output is the
    /// same on every run.
    @Test func theShippedTranscriptChecks() async throws {
        let path = TranscriptTests.root.appendingPathComponent("Examples/Sessions/sessions.transcript").path
        for _ in 0..<3 {
            let run = try #require(try await ExampleProcess.run("sessions", arguments: ["--check", path], input: ""))
            #expect(run.status == 0, "\(run.standardOutput)")
            #expect(run.standardOutput.hasSuffix(": ok, 14 input lines\n"))
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
        for (session, seen) in totals { #expect(seen == Array(0...steps), "\(session)") }
    }

    @Test func badLinesNameTheirSessionAndChangeNothing() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "sessions", arguments: ["--settle"], input: "a add 2\nb frob\nx\na add -3\na add 1\n"))
        #expect(run.status == 1)
        #expect(run.standardOutput == "a: total 0\na: total 2\nb: total 0\na: total 3\n")
        #expect(
            run.standardError
                == "error: b: unknown command 'frob' — type 'b :help'\n"
                + "error: 'x' names a session but no command — type 'x :help'\n"
                + "error: a: '-3' is not a number from 0 to 1000000 — type 'a :help'\n")
        let bad = try #require(try await ExampleProcess.run("sessions", arguments: ["--frob"], input: ""))
        #expect(bad.status == 64)
        #expect(bad.standardError == "error: unknown option '--frob' — try 'sessions --help'\n")
    }

    /// A session's watch ticks on until cancelled; its later lines and the other
    /// sessions' are handled meanwhile, and end of input cancels it: the run ends.
    @Test func aTimerBlocksNoLineOfItsSessionNorAnother() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "sessions", input: "a watch\na add 1\nb add 2\na :tasks\n", timeout: .seconds(60)))
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let ofA = lines.filter { $0.hasPrefix("a: ") }
        #expect(ofA.prefix(2) == ["a: total 0", "a: total 0, watching"])
        #expect(ofA.contains { $0.hasPrefix("a: total") && $0.hasSuffix(", watching") && !$0.hasPrefix("a: total 0") })
        #expect(ofA.contains("a: tasks: task \"watch\" #1"))
        #expect(lines.filter { $0.hasPrefix("b: ") } == ["b: total 0", "b: total 2"])
        #expect(run.standardError == "")
    }

    /// S2: with `--state DIR` each session keeps its state in a file of its own; a run
    /// ended by SIGTERM keeps every session's last change, each file whole, and the next
    /// run starts each session from its file.
    @Test func aKilledRunKeepsEverySessionsStateFile() async throws {
        try await EndingSignalsTests.inFolder { folder in
            let sessions = try ExampleProcess("sessions", arguments: ["--state", folder])
            // Changes in a row: the last ones land in the one-second save window.
            sessions.write("alice add 2\nbob add 5\ncarol add 1\nalice add 1\nbob add 1\n")
            #expect(await sessions.waitForOutput(containing: "alice: total 3\n"))
            #expect(await sessions.waitForOutput(containing: "bob: total 6\n"))
            sessions.send(SIGTERM)
            let run = try #require(await sessions.finished())
            sessions.closeInput()
            #expect(run.status == 143, "\(run)")
            for (name, total) in [("alice", 3), ("bob", 6), ("carol", 1)] {
                let text = try String(contentsOfFile: "\(folder)/\(name).json", encoding: .utf8)
                #expect(text.contains("\"state\":{\"total\":\(total)}"), "\(name): \(text)")
            }
            let next = try #require(
                try await ExampleProcess.run(
                    "sessions", arguments: ["--state", folder, "--settle"], input: "bob add 1\nalice :state\n"))
            #expect(next.status == 0, "\(next)")
            #expect(next.standardOutput.hasPrefix("bob: total 6\nbob: total 7\nalice: total 3\n"), "\(next.standardOutput)")
        }
    }

    /// S2: `--record FILE` keeps one journal for every session; a run ended by SIGTERM, with
    /// a session's watch still ticking, leaves it whole, and `--replay FILE` takes each
    /// session to the state it showed last.
    @Test func aKilledRunKeepsItsJournalWholeAndItReplays() async throws {
        try await EndingSignalsTests.inFolder { folder in
            let journal = "\(folder)/run.journal"
            let sessions = try ExampleProcess("sessions", arguments: ["--record", journal])
            sessions.write("alice add 2\nbob fetch 4\nalice watch\nbob add 1\ncarol add 5\n")
            #expect(await sessions.waitForOutput(containing: "bob: total 11\n"))
            #expect(await sessions.waitForOutput(containing: ", watching\n"))
            #expect(await sessions.waitForOutput(containing: "carol: total 5\n"))
            sessions.send(SIGTERM)
            let run = try #require(await sessions.finished())
            sessions.closeInput()
            #expect(run.status == 143, "\(run)")
            let text = try String(contentsOfFile: journal, encoding: .utf8)
            #expect(text.hasSuffix("\n"), "\(text)")
            #expect(text.contains(#""session":"alice","step":2,"tasks":[{"kind":"started","name":"watch""#), "\(text)")

            let replay = try #require(try await ExampleProcess.run("sessions", arguments: ["--replay", journal], input: ""))
            #expect(replay.status == 0, "\(replay)")
            let shown = run.standardOutput.split(separator: "\n").map(String.init)
            let replayed = replay.standardOutput.split(separator: "\n").map(String.init)
            for name in ["alice", "bob", "carol"] {
                // A rendering (`total 3, watching`) has no colon after the name; the final
                // state's fields (`total: 3`) have.
                let renderings = replayed.filter { $0.hasPrefix(name + ": ") && !$0.dropFirst(name.count + 2).contains(":") }
                #expect(renderings.last == shown.last { $0.hasPrefix(name + ": ") }, "\(name): \(replay.standardOutput)")
            }
            #expect(replay.standardOutput.contains("bob: total: 11\n"))
            #expect(replay.standardOutput.contains("carol: total: 5\n"))
        }
    }
}
