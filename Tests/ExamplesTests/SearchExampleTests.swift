import Testing

@Suite(.serialized) struct SearchExampleTests {
    /// `--trace` tells the debounced search, whose body waits for the typing to pause, from
    /// a task that starts at once: it is scheduled, with its delay, never said started.
    @Test func traceSaysTheDebouncedSearchIsScheduled() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "search", arguments: ["--trace", "--settle", "--virtual-time"], input: "query ap\n"))
        #expect(run.status == 0)
        let traced = run.standardError.split(separator: "\n").filter { line in
            ["started", "scheduled", "replaced", "cancelled", "ended"].contains { line.hasPrefix("trace: \($0) ") }
        }
        #expect(
            traced == [
                "trace: scheduled task \"search\" #1 to start in 0.3 seconds",
                "trace: ended task \"search\" #1",
            ], "\(run.standardError)")
    }

    @Test func settledTranscript() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "search", arguments: ["--settle"],
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

    /// On virtual time the debounce and the latency pass at once, the same way every run.
    @Test func virtualTimeRunsTheScriptAtOnce() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "search", arguments: ["--settle", "--virtual-time"], input: "query sw\nquery swi\n"))
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(
            run.standardOutput == """
                query "" — type query <text>
                query "sw" — searching…
                query "sw" — 6 matches: answer, swan, sweet, swift, swim, …
                query "swi" — searching…
                query "swi" — 3 matches: swift, swim, swing

                """)
    }

    /// Without `--settle`, virtual time stands still until `:wait`: the first query is
    /// replaced before its debounce ends.
    @Test func virtualTimeWaitsOnlyAtWait() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "search", arguments: ["--virtual-time"], input: "query sw\nquery swi\n:wait\n:tasks\n"))
        #expect(run.status == 0)
        #expect(
            run.standardOutput == """
                query "" — type query <text>
                query "sw" — searching…
                query "swi" — searching…
                query "swi" — 3 matches: swift, swim, swing
                tasks: none

                """)
    }

    @Test func badLineIsRejectedAndChangesNothing() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "search", arguments: ["--settle", "--virtual-time"],
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
