import Foundation
import Testing

@Suite(.serialized) struct MoviesExampleTests {
    static let loaded = """
        movies: 5 loaded
          1. Arrival (2016)
          2. Blade Runner (1982)
          3. Casablanca (1942)
          4. Dune (2021)
          5. Heat (1995)
        """

    @Test func settledTranscript() async throws {
        let run = try #require(
            try await ExampleProcess.run("movies", arguments: ["--settle"], input: "refresh\nselect 2\n"))
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(
            run.standardOutput == """
                movies: none loaded — type refresh
                movies: loading…

                \(Self.loaded)

                movies: 5 loaded
                  1. Arrival (2016)
                > 2. Blade Runner (1982)
                  3. Casablanca (1942)
                  4. Dune (2021)
                  5. Heat (1995)
                selected: Blade Runner (1982)

                """)
    }

    @Test func failingServiceShowsTheError() async throws {
        let run = try #require(
            try await ExampleProcess.run("movies", arguments: ["--settle", "--fail"], input: "refresh\n"))
        #expect(run.status == 0)
        #expect(
            run.standardOutput == """
                movies: none loaded — type refresh
                movies: loading…

                movies: none loaded — type refresh
                failed: the movie service is unavailable

                """)
    }

    @Test func badLineIsRejectedAndChangesNothing() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "movies", arguments: ["--settle"], input: "refresh\nselect two\nselect\n"))
        #expect(run.status == 1)
        #expect(
            run.standardError == """
                error: 'select' needs <n> (a whole number), got 'two' — type :help
                error: 'select' needs <n> — type :help

                """)
        #expect(run.standardOutput.hasSuffix(Self.loaded + "\n"))
    }

    /// L8: a number that names no movie is refused in the feature's words: one error line,
    /// exit status 1, and the state as it was.
    @Test func aRefusedSelectionExits1AndChangesNothing() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "movies", arguments: ["--settle"], input: "refresh\nselect 2\nselect 9\n:state\n"))
        #expect(run.status == 1)
        #expect(run.standardError == "error: no movie 9: pick 1 to 5\n")
        #expect(run.standardOutput.hasSuffix("selected: Blade Runner (1982)\n\n" + Self.stateAfterSelecting2))
    }

    static let stateAfterSelecting2 = """
        movies:
          - Movie(title: "Arrival", year: 2016)
          - Movie(title: "Blade Runner", year: 1982)
          - Movie(title: "Casablanca", year: 1942)
          - Movie(title: "Dune", year: 2021)
          - Movie(title: "Heat", year: 1995)
        isLoading: false
        selection: 2
        error: nil

        """

    @Test func helpListsTheCommands() async throws {
        let run = try #require(try await ExampleProcess.run("movies", input: ":help\n"))
        #expect(run.status == 0)
        for command in ["refresh ", "select <n> ", "clear ", ":tasks "] {
            #expect(run.standardOutput.contains("\n  \(command)"), "missing \(command)")
        }
    }

    /// `| head -1` closes standard output after the first line: the program ends, says
    /// once that its output was lost, and exits 74 (L11).
    @Test func closedStandardOutputEndsTheRunAndIsSaid() async throws {
        let movies = ExampleProcess.productsDirectory.appendingPathComponent("movies").path
        let script =
            "printf 'refresh\\nselect 2\\n' | \"$0\" --settle | head -1; echo \"status ${PIPESTATUS[1]}\""
        let shell = try ExampleProcess(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script, movies])
        shell.closeInput()
        let run = try #require(await shell.finished(within: .seconds(20)))
        #expect(run.standardOutput == "movies: none loaded — type refresh\nstatus 74\n")
        #expect(run.standardError == "error: cannot write to standard output: Broken pipe\n")
    }
}
