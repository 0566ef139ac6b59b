import EffectEngine
import EffectEngineCLI
import Testing

@MainActor @Suite struct LineTranscriptTests {
    @Test func aTranscriptSplitsInputFromOutputAndSkipsComments() {
        let transcript = LineTranscript(
            """
            # a comment
            total: 0
            $ add 2
            total: 2
            $ frobnicate
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
        let check = await transcript.check { output in host(output) }
        #expect(check.diff == nil)
        #expect(check.actual == transcript.expected)
    }

    @Test func aMismatchIsAUnifiedDiffNamingBothSides() async {
        let transcript = LineTranscript("total: 0\n$ add 2\ntotal: 3\n$ add 1\ntotal: 4\n")
        let check = await transcript.check(name: "tally.transcript") { output in host(output) }
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
        let empty = await LineTranscript("").check { output in host(output) }
        #expect(empty.actual == ["total: 0"])
        #expect(empty.diff?.contains("+total: 0") == true)
    }

    @Test func aMissingTranscriptIsAClearError() {
        let error = #expect(throws: LineError.self) { try LineTranscript(contentsOf: "/nonexistent/x.transcript") }
        #expect(error?.message == "cannot read the transcript '/nonexistent/x.transcript'")
    }

    private func host(_ output: LineOutput) -> LineHost<Tally.State, Tally.Event, Tally.Env> {
        LineHost(
            initialState: Tally.State(), env: Tally.Env(), commands: Tally.commands,
            settings: LineSettings(settle: true), output: output, render: Tally.render, update: Tally.update)
    }
}
