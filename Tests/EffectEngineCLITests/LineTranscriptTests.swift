import EffectEngine
import Foundation
import TestSupport
import Testing

@testable import EffectEngineCLI

@MainActor @Suite struct LineTranscriptTests {
    @Test func aTranscriptSplitsInputFromOutputAndSkipsComments() {
        let transcript = LineTranscript(
            """
            # a comment
            total: 0
            $ add 2
            total: 2
            $   frobnicate\t
            ! error: unknown command 'frobnicate' — type :help
            \\$ not input
            \\# not a comment

            """)
        #expect(transcript.input == ["add 2", "frobnicate"])
        #expect(
            transcript.expected == [
                "total: 0", "$ add 2", "total: 2", "$ frobnicate",
                "! error: unknown command 'frobnicate' — type :help", "\\$ not input", "\\# not a comment",
            ])
    }

    @Test func aMatchingRunHasNoDiff() async {
        let transcript = LineTranscript(
            """
            total: 0
            $ add 2
            total: 2
            $ add two
            ! error: 'add' needs <n> (a whole number), got 'two' — type :help
            $ label x
            total: 2 [x]
            """)
        let check = await transcript.check(Tally.self)
        #expect(check.diff == nil)
        #expect(check.actual == transcript.expected)
    }

    @Test func aMismatchIsAUnifiedDiffNamingBothSides() async {
        let transcript = LineTranscript("total: 0\n$ add 2\ntotal: 3\n$ add 1\ntotal: 4\n")
        let check = await transcript.check(Tally.self, name: "tally.transcript")
        #expect(
            check.diff == """
                --- tally.transcript
                +++ actual output
                @@ -1,5 +1,5 @@
                 total: 0
                 $ add 2
                -total: 3
                +total: 2
                 $ add 1
                -total: 4
                +total: 3

                """)
    }

    @Test func aTranscriptOfNothingExpectsOnlyTheFirstRendering() async {
        let empty = await LineTranscript("").check(Tally.self)
        #expect(empty.actual == ["total: 0"])
        #expect(empty.diff?.contains("+total: 0") == true)
    }

    @Test func badArgumentsShowInTheRun() async {
        let check = await LineTranscript("total: 0\n").check(Tally.self, arguments: ["--step", "soon"])
        #expect(check.actual == ["! error: '--step' needs a duration such as 300ms or 1s, got 'soon'"])
    }

    /// Renderings of several lines are set apart by blank lines, which a transcript keeps.
    @Test func blankLinesBetweenRenderingsAreOutput() async {
        let transcript = LineTranscript(
            "total: 0\n$ :state\n\ntotal: 0\nlabel: \"\"\nisLoading: false\n$ add 1\n\ntotal: 1\n")
        let check = await transcript.check(Tally.self)
        #expect(check.diff == nil, "\(check.diff ?? "")")
    }

    @Test func aMissingTranscriptIsAClearError() {
        let error = #expect(throws: LineError.self) {
            try LineTranscript(contentsOf: "/nonexistent/x.transcript")
        }
        #expect(error?.message == "cannot read '/nonexistent/x.transcript': No such file or directory")
    }

    /// `--write-transcript` records what it shows, and `--check` reads it back.
    @Test func aWrittenTranscriptChecks() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tally-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let program = LineProgram<Tally>()
        let shown = CapturedOutput()
        // The end of input waits for the `load` task: a bound against a hang, kept by the
        // transcript's options.
        let waitLimit = "\(Int(TestBounds.hangSeconds))s"
        let written = await program.run(
            arguments: ["--write-transcript", path, "--step=1s", "--wait-limit=\(waitLimit)"], output: shown.output,
            isInteractive: true
        ) { host in
            await host.run(lines: ["add 2", "  label a b ", "", "frobnicate", "# a note", ":state", "load"])
        }
        #expect(written == LineExitStatus.rejectedLine)
        // The hint for a person at a terminal is shown, not written.
        #expect(
            shown.standardErrorLines.first
                == "type :help for the commands, :quit or end of input (Control-D) to leave")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == """
                # Written by --write-transcript; check it with: tally --check \(path)
                # options: --step 1s --wait-limit \(waitLimit)
                total: 0
                $ add 2
                total: 2
                $ label a b
                total: 2 [a b]
                $ frobnicate
                ! error: unknown command 'frobnicate' — type :help
                $ # a note
                $ :state

                total: 2
                label: "a b"
                isLoading: false
                $ load

                total: 2 [a b] (loading)
                total: 12 [a b]

                """)
        let checked = CapturedOutput()
        let status = await program.run(
            arguments: ["--check", path, "--step=1s"], output: checked.output, isInteractive: false
        ) {
            _ in
            Issue.record("a check reads no input")
            return 0
        }
        #expect(status == LineExitStatus.success, "\(checked.standardOutput)")
        #expect(checked.standardOutput == "\(path): ok, 6 input lines\n")
    }

    @Test func aTranscriptThatCannotBeWrittenStopsTheRunBeforeItStarts() async {
        let captured = CapturedOutput()
        let status = await LineProgram<Tally>().run(
            arguments: ["--write-transcript", "/nonexistent/t.transcript"], output: captured.output,
            isInteractive: false
        ) { _ in
            Issue.record("the run started")
            return 0
        }
        #expect(status == LineExitStatus.usage)
        #expect(
            captured.standardError
                == "error: --write-transcript: cannot write '/nonexistent/t.transcript': No such file or directory\n"
        )
    }

    /// L14: the options line is read back as a shell reads it, quotes and all.
    @Test func theOptionsLineIsReadAsAShellReadsIt() {
        let transcript = LineTranscript("# options: --step 1s --label 'a b' --note it\\'s\ntotal: 0\n")
        #expect(transcript.options == ["--step", "1s", "--label", "a b", "--note", "it's"])
        #expect(transcript.expected == ["total: 0"])
        #expect(LineTranscript("total: 0\n").options.isEmpty)
    }
}
