import EffectEngine
import Foundation
import Testing

@testable import EffectEngineCLI

/// A feature run as a program of many sessions (S1–S3): lines addressed to sessions,
/// each session's lines in its order, errors naming their session, transcripts, and
/// the bounds on what waits.
@MainActor @Suite struct SessionsProgramTests {
    let program = SessionsProgram(code: SessionFeatureCode<Tally>())

    /// A settled line's bound: generous, for a run beside every other suite.
    static let waitLimit = ["--wait-limit", "300s"]

    /// Runs `tally` as sessions with `arguments` on `lines`, handed over in one batch.
    func run(_ arguments: [String], lines: [String], _ captured: CapturedOutput) async -> Int32 {
        await program.run(arguments: arguments, output: captured.output, lines: Self.batch(lines))
    }

    static func batch(_ lines: [String]) -> AsyncStream<[String]> {
        AsyncStream { continuation in
            continuation.yield(lines)
            continuation.finish()
        }
    }

    @Test func settledLinesOfTwoSessionsInterleaveInTheirOrder() async {
        let captured = CapturedOutput()
        let status = await run(
            ["--settle"] + Self.waitLimit, lines: ["alice add 2", "bob add 5", "alice load", "bob add 1", "alice add 1"],
            captured)
        #expect(status == LineExitStatus.success)
        #expect(
            captured.standardOutputLines == [
                "alice: total: 0", "alice: total: 2", "bob: total: 0", "bob: total: 5", "alice: total: 2 (loading)",
                "alice: total: 12", "bob: total: 6", "alice: total: 13",
            ])
        #expect(captured.standardError == "")
    }

    /// Unsettled, sessions handle their lines at the same time as one another: how their
    /// output interleaves is up to the run, but each session's lines are in its order, and
    /// none is lost.
    @Test func unsettledSessionsEachKeepTheirOrder() async {
        let (sessions, steps) = (30, 20)
        var lines: [String] = []
        for _ in 1...steps {
            for session in 0..<sessions { lines.append("s\(session) add 1") }
        }
        let captured = CapturedOutput()
        #expect(await run([], lines: lines, captured) == LineExitStatus.success)
        var totals: [String: [String]] = [:]
        for line in captured.standardOutputLines {
            let parts = line.split(separator: ":", maxSplits: 1)
            totals[String(parts[0]), default: []].append(String(parts[1]))
        }
        #expect(totals.count == sessions)
        for (session, seen) in totals {
            #expect(seen == (0...steps).map { " total: \($0)" }, "\(session)")
        }
    }

    @Test func aBadLineNamesItsSessionAndChangesNothing() async {
        let captured = CapturedOutput()
        let status = await run(
            ["--settle"] + Self.waitLimit,
            lines: ["a add 2", "b frob", "x", "a add two", "a :wat", ":frob", "a :state"], captured)
        #expect(status == LineExitStatus.rejectedLine)
        // The state after the bad lines is the state before them.
        #expect(captured.standardOutputLines.prefix(3) == ["a: total: 0", "a: total: 2", "b: total: 0"])
        #expect(captured.standardOutputLines.dropFirst(3).first == "a: total: 2")
        #expect(
            captured.standardErrorLines == [
                "error: b: unknown command 'frob' — type 'b :help'",
                "error: 'x' names a session but no command — type 'x :help'",
                "error: a: 'add' needs <n> (a whole number), got 'two' — type 'a :help'",
                "error: a: unknown meta-command ':wat' (did you mean ':wait'?) — type 'a :help'",
                "error: unknown meta-command ':frob' — a session's comes after its name; type :help",
            ])
    }

    /// A task that runs on in one session holds up no line: not the other session's, not
    /// its own later ones. End of input cancels it.
    @Test func aTaskThatRunsOnBlocksNoLine() async {
        let captured = CapturedOutput()
        let status = await run([], lines: ["a hang", "a add 1", "b add 2", "a :tasks"], captured)
        #expect(status == LineExitStatus.success)
        let lines = captured.standardOutputLines
        #expect(lines.filter { $0.hasPrefix("a: ") } == ["a: total: 0", "a: total: 1", "a: tasks: task \"hang\" #1"])
        #expect(lines.filter { $0.hasPrefix("b: ") } == ["b: total: 0", "b: total: 2"])
    }

    @Test func anEndedSessionStopsItsTasksAndItsNameStartsANewOne() async {
        let captured = CapturedOutput()
        let status = await run(
            ["--settle", "--wait-limit", "50ms"],
            lines: ["a add 3", "a background", "a :end", "a :tasks", ":sessions", "b add 1", ":sessions"], captured)
        #expect(status == LineExitStatus.success)
        #expect(
            captured.standardOutputLines == [
                "a: total: 0", "a: total: 3", "a: total: 0", "a: tasks: none", "sessions: a", "b: total: 0",
                "b: total: 1", "sessions: a, b",
            ])
        #expect(captured.standardErrorLines.allSatisfy { $0.hasPrefix("warning: a: --settle gave up after") })
    }

    @Test func optionsASessionsProgramDoesNotOfferAreUsageErrors() async {
        for (arguments, message) in [
            (["--virtual-time"], "error: '--virtual-time' is not offered by a program of sessions — try 'tally --help'"),
            (["--frob"], "error: unknown option '--frob' — try 'tally --help'"),
            (["--wait-limit", "soon"], "error: '--wait-limit' needs a duration such as 300ms or 1s, got 'soon' — try 'tally --help'"),
        ] {
            let captured = CapturedOutput()
            #expect(await run(arguments, lines: ["a add 1"], captured) == LineExitStatus.usage)
            #expect(captured.standardError == message + "\n", "\(arguments)")
            #expect(captured.standardOutput == "")
        }
    }

    @Test func helpSaysHowLinesAddressSessions() async {
        let captured = CapturedOutput()
        #expect(await run(["--help"], lines: [], captured) == LineExitStatus.success)
        let help = captured.standardOutput
        #expect(help.contains("Reads lines '<session> <command>' from standard input."))
        #expect(help.contains("  --settle  "))
        #expect(!help.contains("--virtual-time"))
        #expect(help.contains("  add <n>  "))
        #expect(help.contains("  :end     end the session"))
    }

    @Test func aWrittenTranscriptChecksAndAChangedOneShowsADiff() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("sessions-\(UUID().uuidString).transcript").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let written = CapturedOutput()
        let status = await run(
            ["--write-transcript", path] + Self.waitLimit, lines: ["a add 1", "b load", "b frob", "a :tasks"],
            written)
        #expect(status == LineExitStatus.rejectedLine)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == """
                # Written by --write-transcript; check it with: tally --check \(path)
                # options: --wait-limit 300s
                $ a add 1
                a: total: 0
                a: total: 1
                $ b load
                b: total: 0
                b: total: 0 (loading)
                b: total: 10
                $ b frob
                ! error: b: unknown command 'frob' — type 'b :help'
                $ a :tasks
                a: tasks: none

                """)
        let checked = CapturedOutput()
        #expect(await run(["--check", path], lines: [], checked) == LineExitStatus.success)
        #expect(checked.standardOutput == "\(path): ok, 4 input lines\n")

        try text.replacingOccurrences(of: "a: total: 1", with: "a: total: 7").write(
            toFile: path, atomically: true, encoding: .utf8)
        let differs = CapturedOutput()
        #expect(await run(["--check", path], lines: [], differs) == LineExitStatus.rejectedLine)
        #expect(differs.standardOutput.contains("-a: total: 7\n+a: total: 1\n"))
    }

    /// A closed standard output ends the run: the reading stops, every session ends.
    @Test func aClosedOutputEndsTheRun() async {
        let captured = CapturedOutput(closesStandardOutputAfter: 0)
        let lines = (0..<1_000).map { "s\($0 % 10) hang" }
        #expect(await run([], lines: lines, captured) == LineExitStatus.success)
        #expect(captured.standardOutput == "")
    }

    /// However fast lines come, the lines read and not handled stay within the credits:
    /// the reader waits for the sessions.
    @Test func creditsBoundTheLinesWaiting() async {
        let credits = LineCredits(limit: 4)
        for _ in 0..<4 { await credits.take() }
        // None left: the fifth waits until half of them are back, whichever comes first.
        let taken = Task { await credits.take() }
        credits.giveBack(3)
        await taken.value
        // Two still out: the reader's wait for every line ends when they come back.
        let drained = Task { await credits.waitUntilDrained() }
        credits.giveBack(2)
        await drained.value
    }
}
