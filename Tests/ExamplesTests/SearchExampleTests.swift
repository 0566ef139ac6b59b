import Testing

@Suite(.serialized) struct SearchExampleTests {
    @Test func settledTranscript() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "search", arguments: ["--settle", "--debounce", "10ms"],
                input: "query ap\nquery swi\nquery zzz\nquery\n"))
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(
            run.standardOutput == """
                query "" — type query <text>
                query "ap" — searching…
                query "ap" — 16 matches: appear, apple, apply, apricot, april, …
                query "swi" — searching…
                query "swi" — 3 matches: swift, swim, swing
                query "zzz" — searching…
                query "zzz" — 0 matches
                query "" — type query <text>

                """)
    }

    /// Three queries typed faster than the debounce: each replaces the running search,
    /// so only the last one's results are ever shown.
    @Test func burstOfQueriesShowsResultsForTheLastOnly() async throws {
        let run = try #require(
            try await ExampleProcess.run("search", input: "query a\nquery ap\nquery app\n:wait\n"))
        #expect(run.status == 0)
        #expect(
            run.standardOutput == """
                query "" — type query <text>
                query "a" — searching…
                query "ap" — searching…
                query "app" — searching…
                query "app" — 4 matches: appear, apple, apply, happy

                """)
    }

    @Test func badLineIsRejectedAndChangesNothing() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "search", arguments: ["--settle", "--debounce", "0ms"],
                input: "query swi\nlookup cat\n:state\n"))
        #expect(run.status == 1)
        #expect(run.standardError == "error: unknown command 'lookup' — type :help\n")
        #expect(
            run.standardOutput.hasSuffix(
                "query \"swi\" — 3 matches: swift, swim, swing\n"
                    + "\nquery: \"swi\"\nmatches: [\"swift\", \"swim\", \"swing\"]\nisSearching: false\n"
            ))
    }

    @Test func helpListsTheCommands() async throws {
        let run = try #require(try await ExampleProcess.run("search", input: ":help\n"))
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("\n  query <text> "))
        #expect(run.standardOutput.contains("\n  :quit "))
    }
}
