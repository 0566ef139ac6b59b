import Foundation
import Testing

/// `--explore --liveness` and `--simulate` on the built examples, from a pipe as a user runs them.
@Suite(.serialized) struct SimulateCommandTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
    }

    @Test func everyExplorableExampleChecksLiveness() async throws {
        for (program, property) in [
            ("movies", "loading ends"), ("search", "searching ends"), ("todos", "completed todos get sorted"),
            ("weather", "loading a forecast ends"),
        ] {
            let arguments = ["--explore", "--liveness"]
            let run = try #require(try await ExampleProcess.run(program, arguments: arguments, input: ""))
            #expect(run.status == 0, "\(program): \(run.standardError)")
            #expect(run.standardOutput.contains("Coverage, by event case"), "\(program)")
            #expect(
                run.standardOutput.contains("✓ eventually \"\(property)\" stays reachable from every state"),
                "\(program): \(run.standardOutput)")
        }
        // The counter's space has no end: bounded, its property is undecided, never "holds"
        // (X13), and the exit status says that it was not found to hold.
        let counter = try #require(
            try await ExampleProcess.run("counter", arguments: ["--explore", "--liveness", "--depth", "6"], input: ""))
        #expect(counter.status == 1, "\(counter.standardError)")
        #expect(
            counter.standardOutput.contains(
                "  ? eventually \"a running counter can be stopped\" is undecided: nothing within the walk breaks it, "
                    + "but the walk stopped at the depth bound of 6 events, and a state past it may; raise the bound "
                    + "to decide it\n"), "\(counter.standardOutput)")
        #expect(!counter.standardOutput.contains("✓ eventually"))
        // Movies also says its refresh ends on every fair path (X11).
        let movies = try #require(try await ExampleProcess.run("movies", arguments: ["--explore", "--liveness"], input: ""))
        #expect(movies.standardOutput.contains("  ✓ leads-to \"a refresh ends\" holds on every fair path\n"))
    }

    @Test func everyExplorableExampleSimulates() async throws {
        for program in ["movies", "search", "todos", "weather", "counter"] {
            let run = try #require(
                try await ExampleProcess.run(
                    program, arguments: ["--simulate", "20", "--seed", "7", "--steps", "30"], input: ""))
            #expect(run.status == 0, "\(program): \(run.standardOutput) \(run.standardError)")
            #expect(run.standardOutput.hasPrefix("Simulated 20 random walks ("), "\(program)")
            #expect(run.standardOutput.hasSuffix("with seed 7: no property failed.\n"), "\(program)")
            let again = try #require(
                try await ExampleProcess.run(
                    program, arguments: ["--simulate", "20", "--seed", "7", "--steps", "30"], input: ""))
            #expect(again.standardOutput == run.standardOutput, "the same seed walks the same way")
        }
    }

    @Test func simulationOptionsAreCheckedAndChangeNothing() async throws {
        let journal = temporaryPath("never.journal")
        for (arguments, message) in [
            (["--simulate", "0"], "the number of walks must be 1 or more, not 0"),
            (["--simulate", "ten"], "'--simulate' needs a whole number, got 'ten'"),
            (["--simulate", "5", "--seed", "-1"], "'--seed' needs a whole number from 0, got '-1'"),
            (["--simulate", "5", "--seed", "x", "--journal", journal], "'--seed' needs a whole number from 0, got 'x'"),
            (["--simulate", "5", "--steps", "0"], "the depth of a walk must be 1 or more, not 0"),
            (["--seed", "5"], "'--seed' is a simulation option: add --simulate"),
            (["--simulate", "5", "--explore"], "each run the program their own way"),
        ] {
            let run = try #require(try await ExampleProcess.run("movies", arguments: arguments, input: ""))
            #expect(run.status == 64, "\(arguments)")
            #expect(run.standardOutput == "", "\(arguments)")
            #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: journal))
        let help = try #require(try await ExampleProcess.run("movies", arguments: ["--help"], input: ""))
        #expect(help.standardOutput.contains("  --simulate <n> "))
        #expect(help.standardOutput.contains("  --liveness "))
        let downloads = try #require(
            try await ExampleProcess.run("downloads", arguments: ["--simulate", "5"], input: ""))
        #expect(downloads.status == 64)
        #expect(downloads.standardError.contains("'--simulate' is not offered"))
    }
}

/// `--test-plan` on the built examples: paths covering every transition, run on the host.
@Suite(.serialized) struct TestPlanCommandTests {
    @Test func searchRunsItsPlanAgainstTheHost() async throws {
        let run = try #require(try await ExampleProcess.run("search", arguments: ["--test-plan"], input: ""))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                Test plan: 7 paths, 27 events, covering 17 of 17 transitions.
                Ran 7 paths (21 events) against the host: the host agreed with the model at every step.

                """)
    }

    /// On virtual time the plan moves the clock from deadline to deadline: each start
    /// ticks once a virtual second until `--wait-limit` (five virtual seconds) passes, and
    /// the model follows every tick.
    @Test func counterRunsABoundedPlan() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "counter", arguments: ["--test-plan", "--plan-depth", "1", "--virtual-time", "--wait-limit", "5s"],
                input: ""))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Test plan: "))
        #expect(run.standardOutput.contains("the host agreed with the model at every step."))
    }

    /// `--test-plan --virtual-time` jumps to the next deadline instead of waiting out the
    /// bound: with an hour's `--wait-limit`, search's debounces and lookups settle at once.
    /// (Nothing moved the virtual clock during a plan, so each of its 21 events waited the
    /// whole hour, on the wall clock.)
    @Test func aPlanOnVirtualTimeJumpsToTheNextDeadline() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "search", arguments: ["--test-plan", "--virtual-time", "--wait-limit", "3600s"], input: "",
                timeout: .seconds(60)))
        #expect(
            run
                == .init(
                    status: 0,
                    standardOutput: """
                        Test plan: 7 paths, 27 events, covering 17 of 17 transitions.
                        Ran 7 paths (21 events) against the host: the host agreed with the model at every step.

                        """, standardError: ""))
    }

    @Test func badPlanOptionsAreRefused() async throws {
        for (arguments, message) in [
            (["--test-plan", "--plan-depth", "x"], "'--plan-depth' needs a whole number, got 'x'"),
            (["--test-plan", "--plan-depth", "-1"], "the depth bound must be 0 or more, not -1"),
            (["--plan-depth", "2"], "'--plan-depth' is a test plan option: add --test-plan"),
            (["--test-plan"], "a test plan covers at most 100000 states, and the space has more"),
        ] {
            let run = try #require(try await ExampleProcess.run("counter", arguments: arguments, input: ""))
            #expect(run.status == 64, "\(arguments)")
            #expect(run.standardOutput == "", "\(arguments)")
            #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
        }
        let downloads = try #require(try await ExampleProcess.run("downloads", arguments: ["--test-plan"], input: ""))
        #expect(downloads.status == 64)
        #expect(downloads.standardError.contains("'--test-plan' is not offered"))
    }
}
