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
        // `a background` runs on: its settle gives up after the wait limit. On a loaded
        // machine the cancelled body may also take longer than 50 ms to return at `:end`,
        // which `a` says too (the host's diagnostic, and what the stop left behind);
        // nothing is said of `b`.
        let errors = captured.standardErrorLines
        #expect(errors.contains { $0.hasPrefix("warning: a: --settle gave up after") && $0.contains(" on background") })
        #expect(errors.allSatisfy { $0.hasPrefix("warning: a: ") }, "\(errors)")
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

    // MARK: - One journal for every session (S2)

    let ledger = SessionsProgram(code: SessionFeatureCode<Ledger>())

    /// Runs `ledger` as sessions with `arguments` on `lines`, handed over in one batch.
    func runLedger(_ arguments: [String], lines: [String] = [], _ captured: CapturedOutput) async -> Int32 {
        await ledger.run(arguments: arguments, output: captured.output, lines: Self.batch(lines))
    }

    static func temporaryPath(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sessions-\(UUID().uuidString)\(suffix)").path
    }

    /// The lines of `output` that `session` wrote, without its name.
    static func lines(of session: String, in output: [String]) -> [String] {
        output.filter { $0.hasPrefix(session + ": ") }.map { String($0.dropFirst(session.count + 2)) }
    }

    /// Two sessions, interleaved, each with a task that delivers an event, and one ended
    /// and started again, the run ended by `:quit`: the journal names each entry's session,
    /// and its replay prints what each session printed, then its final state, sessions in
    /// name order.
    @Test func aRecordedRunOfSessionsReplaysEachSessionToItsState() async throws {
        let path = Self.temporaryPath(".journal")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = CapturedOutput()
        let status = await runLedger(
            ["--settle", "--record", path] + Self.waitLimit,
            lines: [
                "alice add 2", "bob fetch 3", "alice fetch 1", "bob add 1", "alice :end", "alice add 5", "bob :state",
                ":quit", "alice add 100",
            ], recorded)
        #expect(status == LineExitStatus.success)
        #expect(recorded.standardError == "")
        let live = recorded.standardOutputLines
        #expect(
            live == [
                "alice: total 0", "alice: total 2", "bob: total 0", "bob: total 0, 1 fetching", "bob: total 30",
                "alice: total 2, 1 fetching", "alice: total 12", "bob: total 31", "alice: total 0", "alice: total 5",
                "bob: total: 31", "bob: pending: 0",
            ])

        let text = try String(contentsOfFile: path, encoding: .utf8)
        let journal = text.split(separator: "\n").map(String.init)
        #expect(journal.first?.hasSuffix(#","sessions":true}"#) == true, "\(text)")
        #expect(journal.filter { $0.contains(#""start":{"#) }.count == 3, "\(text)")
        #expect(journal.dropFirst().allSatisfy { $0.contains(#""session":"alice""#) || $0.contains(#""session":"bob""#) })
        // The fetch's entry holds the task it started and its end.
        #expect(journal.contains { $0.contains(#""session":"bob","step":1,"tasks":[{"#) }, "\(text)")

        let replayed = CapturedOutput()
        #expect(await runLedger(["--replay", path], replayed) == LineExitStatus.success)
        #expect(replayed.standardError == "")
        let output = replayed.standardOutputLines
        // Each session's renderings, as it printed them, then its final state.
        #expect(Self.lines(of: "alice", in: output) == Self.lines(of: "alice", in: live) + ["total: 5", "pending: 0"])
        #expect(
            Self.lines(of: "bob", in: output)
                == Self.lines(of: "bob", in: live).filter { !$0.contains(":") } + ["total: 31", "pending: 0"])
        #expect(output.first?.hasPrefix("alice: ") == true && output.last?.hasPrefix("bob: ") == true)
    }

    /// Unsettled, the sessions run at once and write the journal at the same time: each
    /// session's entries keep its order, a name ended and started again starts once its
    /// last session has ended, and the replay reaches the state each session showed last.
    @Test func sessionsRecordedAtOnceReplayToTheStatesTheyShowed() async throws {
        let path = Self.temporaryPath(".journal")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var lines: [String] = []
        for step in 1...40 {
            for session in 0..<8 { lines.append(step % 5 == 0 ? "s\(session) fetch 1" : "s\(session) add 1") }
            if step % 15 == 0 { lines.append("s0 :end") }
        }
        let recorded = CapturedOutput()
        #expect(await runLedger(["--record", path], lines: lines, recorded) == LineExitStatus.success)
        let replayed = CapturedOutput()
        #expect(await runLedger(["--replay", path], replayed) == LineExitStatus.success, "\(replayed.standardError)")
        for session in (0..<8).map({ "s\($0)" }) {
            let shown = try #require(Self.lines(of: session, in: recorded.standardOutputLines).last)
            let replayedLines = Self.lines(of: session, in: replayed.standardOutputLines)
            let renderings = replayedLines.filter { !$0.contains(":") }
            #expect(renderings.last == shown, "\(session)")
        }
    }

    /// A replay that differs from the journal names the session and its first step that
    /// differs; the other sessions replay whole.
    @Test func aChangedEntryIsNamedBySessionAndStep() async throws {
        let path = Self.temporaryPath(".journal")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = CapturedOutput()
        let status = await runLedger(
            ["--settle", "--record", path] + Self.waitLimit, lines: ["alice add 2", "bob add 1", "bob add 1"], recorded)
        #expect(status == LineExitStatus.success)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let changed = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.contains(#""session":"bob","step":2"#) ? line.replacingOccurrences(of: #""_0":1"#, with: #""_0":7"#) : String(line)
        }
        try changed.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let replayed = CapturedOutput()
        #expect(await runLedger(["--replay", path], replayed) == LineExitStatus.rejectedLine)
        #expect(
            replayed.standardOutputLines == [
                "alice: total 0", "alice: total 2", "alice: total: 2", "alice: pending: 0", "bob: total 0", "bob: total 1",
                "bob: total: 8", "bob: pending: 0",
            ])
        let error = replayed.standardErrorLines
        #expect(error.count == 3, "\(replayed.standardError)")
        #expect(
            error.first == "error: --replay: bob: the replay differs from \(path) at step 2, add(7): the state differs")
        #expect(error.last?.hasSuffix(", having changed total: 1 → 8") == true, "\(replayed.standardError)")
    }

    /// A session whose recorded start is not the state its digest names (a journal edited,
    /// or a state that cannot be kept in it) is named, at its start.
    @Test func aChangedStartIsNamedBySession() async throws {
        let path = Self.temporaryPath(".journal")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = CapturedOutput()
        #expect(
            await runLedger(["--settle", "--record", path] + Self.waitLimit, lines: ["a add 1", "b add 2"], recorded)
                == LineExitStatus.success)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let changed = text.replacingOccurrences(
            of: #""session":"b","start":{"pending":0,"total":0}"#, with: #""session":"b","start":{"pending":0,"total":4}"#)
        #expect(changed != text)
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
        let replayed = CapturedOutput()
        #expect(await runLedger(["--replay", path], replayed) == LineExitStatus.rejectedLine)
        #expect(
            replayed.standardOutputLines == [
                "a: total 0", "a: total 1", "a: total: 1", "a: pending: 0", "b: total 4", "b: total: 4", "b: pending: 0",
            ])
        #expect(
            replayed.standardErrorLines.first
                == "error: --replay: b: the replay differs from \(path) at its start: "
                + "the state it starts from is not the recorded one")
    }

    /// A journal that cannot be read names its line, says what is wrong, and replays
    /// nothing (status 64).
    @Test func aBadJournalNamesItsLine() async throws {
        let path = Self.temporaryPath(".journal")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = CapturedOutput()
        #expect(
            await runLedger(["--settle", "--record", path] + Self.waitLimit, lines: ["a add 1", "b add 2"], recorded)
                == LineExitStatus.success)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0]
        let start = try #require(lines.first { $0.contains(#""session":"a","start":"#) })
        let entry = try #require(lines.first { $0.contains(#""session":"a","step":1"#) })
        func journal(_ lines: String...) -> String { lines.joined(separator: "\n") + "\n" }
        let unknown = entry.replacingOccurrences(of: #""add""#, with: #""frob""#)
        let cases: [(text: String, message: String)] = [
            ("", "line 1: no header: the file is empty"),
            (journal(header, start, "{not json"), "line 3: not JSON"),
            (journal(header, start, String(entry.prefix(20))).dropLast() + "",
             "line 3: truncated (the line ends before its JSON does)"),
            (journal(header, entry), "line 2: an entry of the session 'a', which has not started"),
            (journal(header, start, entry, entry), "line 4: step 1 of the session 'a' where step 2 was expected"),
            (journal(header, start, unknown), "line 3: an event this program does not know"),
        ]
        for (text, message) in cases {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let replayed = CapturedOutput()
            #expect(await runLedger(["--replay", path], replayed) == LineExitStatus.usage, "\(message)")
            #expect(replayed.standardOutput == "")
            #expect(replayed.standardError.hasPrefix("error: --replay: \(path), \(message)"), "\(replayed.standardError)")
        }
        let missing = CapturedOutput()
        #expect(await runLedger(["--replay", path + ".missing"], missing) == LineExitStatus.usage)
        #expect(
            missing.standardError == "error: --replay: cannot read '\(path).missing': No such file or directory\n")
    }

    /// A journal of one host is not replayed as one of sessions, nor one of sessions by a
    /// program of one host: each is refused on its first line, and the file is left as it
    /// was.
    @Test func journalsOfOneHostAndOfSessionsAreNotMixedUp() async throws {
        let (single, sessions) = (Self.temporaryPath(".one.journal"), Self.temporaryPath(".sessions.journal"))
        defer {
            try? FileManager.default.removeItem(atPath: single)
            try? FileManager.default.removeItem(atPath: sessions)
        }
        let one = CapturedOutput()
        let oneStatus = await LineProgram<Ledger>().run(
            arguments: ["--settle", "--record", single], output: one.output, isInteractive: false
        ) { host in
            await host.run(lines: ["add 1", "fetch 2"])
        }
        #expect(oneStatus == LineExitStatus.success)
        #expect(await runLedger(["--record", sessions], lines: ["a add 1"], CapturedOutput()) == LineExitStatus.success)
        let (singleText, sessionsText) = (
            try String(contentsOfFile: single, encoding: .utf8), try String(contentsOfFile: sessions, encoding: .utf8)
        )
        #expect(!singleText.contains("session"))

        let asSessions = CapturedOutput()
        #expect(await runLedger(["--replay", single], asSessions) == LineExitStatus.usage)
        #expect(
            asSessions.standardError
                == "error: --replay: \(single), line 1: a journal of one host, not of sessions "
                + "(a program of one host replays it; Journal reads it)\n")
        #expect(asSessions.standardOutput == "")

        let asOneHost = CapturedOutput()
        let asOneHostStatus = await LineProgram<Ledger>().run(
            arguments: ["--replay", sessions], output: asOneHost.output, isInteractive: false
        ) { _ in LineExitStatus.success }
        #expect(asOneHostStatus == LineExitStatus.usage)
        #expect(
            asOneHost.standardError
                == "error: --replay: \(sessions), line 1: a journal of sessions, not of one host "
                + "(a program of sessions replays it; SessionsJournal reads it)\n")
        #expect(asOneHost.standardOutput == "")
        #expect(try String(contentsOfFile: single, encoding: .utf8) == singleText)
        #expect(try String(contentsOfFile: sessions, encoding: .utf8) == sessionsText)
    }

    /// `--report` draws one host's run, and says so; `--record` is checked before the run,
    /// and goes with no mode.
    @Test func journalOptionsThatDoNotApplyAreUsageErrors() async {
        for (arguments, message) in [
            (["--report", "run.html"],
             "error: '--report' is not offered by a program of sessions: a page draws the run of one host, "
                + "not of many sessions — try 'ledger --help'"),
            (["--record", "/no-such-folder/run.journal"],
             "error: --record: cannot write '/no-such-folder/run.journal': No such file or directory — try 'ledger --help'"),
            (["--record", "a", "--check", "b"], "error: '--record' does not go with '--check' — try 'ledger --help'"),
            (["--replay", "a", "--state", "b"], "error: '--state' does not go with '--replay' — try 'ledger --help'"),
        ] {
            let captured = CapturedOutput()
            #expect(await runLedger(arguments, lines: ["a add 1"], captured) == LineExitStatus.usage)
            #expect(captured.standardError == message + "\n", "\(arguments)")
            #expect(captured.standardOutput == "")
        }
        let help = CapturedOutput()
        #expect(await runLedger(["--help"], help) == LineExitStatus.success)
        #expect(help.standardOutput.contains("  --record <file>"))
        #expect(help.standardOutput.contains("  --replay <file>"))
        #expect(!help.standardOutput.contains("--report"))
    }

    #if os(Linux)
        /// A journal that takes no write is said once, at the end, in the system's words,
        /// and the status is 73 (L11).
        @Test func aJournalThatCannotBeWrittenIsSaidOnce() async {
            let captured = CapturedOutput()
            let status = await runLedger(
                ["--settle", "--record", "/dev/full"] + Self.waitLimit, lines: ["a add 1", "b add 2", "a :end"], captured)
            #expect(status == LineExitStatus.cannotWrite)
            #expect(captured.standardError == "error: --record: cannot write '/dev/full': No space left on device\n")
            #expect(captured.standardOutputLines.count == 4)
        }
    #endif
}

/// A feature whose state and events are `Codable`, with a task that delivers an event: a
/// program of sessions that keeps a journal.
enum Ledger: LineFeature {
    struct State: Codable, Equatable, Sendable {
        var total = 0
        var pending = 0
    }

    enum Event: Codable, Equatable, Sendable {
        case add(Int)
        /// Adds ten times `n`, from a task.
        case fetch(Int)
        case fetched(Int)
    }

    static let name = "ledger"
    static let summary = "adds numbers, some of them fetched"
    static let initialState = State()
    static let commands = LineCommands<State, Event>([
        LineCommand.value("add", placeholder: "n", summary: "add n to the total") { (number: Int) in .add(number) },
        LineCommand.value("fetch", placeholder: "n", summary: "add 10 × n, fetched") { (number: Int) in .fetch(number) },
    ])

    static func render(_ state: State) -> String {
        state.pending > 0 ? "total \(state.total), \(state.pending) fetching" : "total \(state.total)"
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .add(let number):
            state.total += number
            return nil
        case .fetch(let number):
            state.pending += 1
            return .run(name: "fetch") { input, _ in input(.fetched(number * 10)) }
        case .fetched(let amount):
            state.pending -= 1
            state.total += amount
            return nil
        }
    }
}
