import Foundation
import Testing

/// `--explore` on the built examples: the report on standard output, the graph in a file.
@Suite(.serialized) struct ExploreCommandTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
    }

    @Test func moviesPrintsTheReportAndWritesTheGraph() async throws {
        let path = temporaryPath("movies.dot")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try #require(
            try await ExampleProcess.run(
                "movies", arguments: ["--explore", "--depth", "8", "--dot", path], input: ""))
        #expect(run.status == 0)
        #expect(run.standardError == "")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.first == "Explored 18 states and 108 transitions, 5 events deep: the whole reachable space."
        )
        #expect(
            Array(lines.dropFirst(2)) == [
                "  ✓ always \"loading exactly while the refresh task runs\"",
                "  ✓ always \"a selection points at a loaded movie\"",
                "  ✓ sometimes \"a movie is selected\" holds after 3 events",
                "  ✓ sometimes \"an error is shown\" holds after 2 events",
                "  ✓ no dead end",
                "Coverage, by event case (transitions, of which changed the state):",
                "  refresh  18, 12",
                "  select   54, 18",
                "  clear    18, 12",
                "  loaded   12, 12",
                "  failed   6, 6",
                "  ✓ every case enabled changed the state somewhere; every task was pending and delivered",
                "Wrote the graph (18 states, 108 edges) to '\(path)' in DOT.",
            ])
        let dot = try String(contentsOfFile: path, encoding: .utf8)
        #expect(dot.hasPrefix("digraph exploration {\n"))
        #expect(dot.contains(#"    s0 [label="movies: none loaded — type refresh", penwidth=2];"#))
        #expect(dot.contains(#"    s0 -> s1 [label="refresh"];"#))
        #expect(dot.contains(#"[label="failed(\"the movie service is unavailabl… (from refresh)", style=dashed];"#))
    }

    @Test func counterAndSearchExploreToo() async throws {
        let path = temporaryPath("counter.mmd")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let counter = try #require(
            try await ExampleProcess.run(
                "counter", arguments: ["--explore", "--depth=4", "--mermaid", path], input: ""))
        #expect(counter.status == 0)
        #expect(
            counter.standardOutput.hasPrefix(
                "Explored 7 states and 18 transitions, 4 events deep: stopped at the depth bound of 4;"))
        #expect(
            try String(contentsOfFile: path, encoding: .utf8).hasPrefix(
                "flowchart TD\n    s0[\"count: 0\"]\n"))
        let search = try #require(try await ExampleProcess.run("search", arguments: ["--explore"], input: ""))
        #expect(search.status == 0)
        #expect(search.standardOutput.hasPrefix("Explored 5 states and 17 transitions, 2 events deep:"))
    }

    /// A bounded walk counts its transitions once, whichever output shows them: the
    /// report, the `--html` graph and a test plan of the same depth. The transitions out
    /// of the states at the bound were once in the graph and the plan, not in the report
    /// (counter, depth 3: 11 transitions, a graph of 16 edges, a plan covering 16).
    @Test func aBoundedWalkCountsItsTransitionsOnceWhicheverOutputShowsThem() async throws {
        let path = temporaryPath("counter.html")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let explore = try #require(
            try await ExampleProcess.run(
                "counter", arguments: ["--explore", "--depth", "3", "--html", path], input: ""))
        #expect(explore.standardOutput.hasPrefix("Explored 5 states and 11 transitions, 3 events deep:"))
        #expect(explore.standardOutput.contains("Wrote the graph (5 states, 11 edges) to '\(path)' in HTML."))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"transitions\":11"))
        let plan = try #require(
            try await ExampleProcess.run(
                "counter", arguments: ["--test-plan", "--plan-depth", "3", "--virtual-time", "--wait-limit", "50ms"],
                input: ""))
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(plan.standardOutput.contains("covering 11 of 11 transitions."), "\(plan.standardOutput)")
    }

    @Test func explorationOptionsAreListedAndChecked() async throws {
        let help = try #require(try await ExampleProcess.run("movies", arguments: ["--help"], input: ""))
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("  --explore "))
        #expect(help.standardOutput.contains("  --dot <file> "))
        let alone = try #require(
            try await ExampleProcess.run("movies", arguments: ["--depth", "8"], input: ""))
        #expect(alone.status == 64)
        #expect(
            alone.standardError
                == "error: '--depth' is an exploration option: add --explore — try 'movies --help'\n")
        // Without --explore, the program reads its commands as always.
        let plain = try #require(
            try await ExampleProcess.run("movies", arguments: ["--settle"], input: "refresh\n"))
        #expect(plain.status == 0)
        #expect(plain.standardOutput.hasPrefix("movies: none loaded — type refresh\nmovies: loading…\n"))
    }
}
