import Testing

@Suite(.serialized) struct DownloadsExampleTests {
    static func block(_ lines: String...) -> String { lines.joined(separator: "\n") + "\n" }

    /// `--settle` waits for each download to finish before the next line: the output is
    /// the same on every run.
    @Test func settledTranscript() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "downloads", arguments: ["--settle", "--step", "1ms"],
                input: "add report.pdf\nadd song\nremove 1\npause 1\n:tasks\n"))
        #expect(run.status == 0)
        #expect(run.standardError == "")
        let expected = [
            "downloads: none — type add <name>\n",
            Self.block("downloads: 1", "  1. report.pdf — 0% downloading"),
            Self.block("downloads: 1", "  1. report.pdf — 25% downloading"),
            Self.block("downloads: 1", "  1. report.pdf — 50% downloading"),
            Self.block("downloads: 1", "  1. report.pdf — 75% downloading"),
            Self.block("downloads: 1", "  1. report.pdf — done"),
            Self.block("downloads: 2", "  1. report.pdf — done", "  2. song — 0% downloading"),
            Self.block("downloads: 2", "  1. report.pdf — done", "  2. song — 25% downloading"),
            Self.block("downloads: 2", "  1. report.pdf — done", "  2. song — 50% downloading"),
            Self.block("downloads: 2", "  1. report.pdf — done", "  2. song — 75% downloading"),
            Self.block("downloads: 2", "  1. report.pdf — done", "  2. song — done"),
            // `song` is row 1 now: `pause 1` names it, and it is done already.
            Self.block("downloads: 1", "  1. song — done"),
            "tasks: none\n",
        ]
        #expect(run.standardOutput == expected.joined(separator: "\n"))
    }

    /// With a long step nothing moves on its own, so pausing, resuming and removing
    /// while a transfer runs print the same lines on every run; `:tasks` names each
    /// row's task under its scope, by the download's id, and rows are numbered as shown.
    @Test func pauseResumeAndRemoveWhileTransferring() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "downloads", arguments: ["--step", "60s"],
                input: "add big.iso\nadd small\npause 1\n:tasks\nresume 1\n:tasks\nremove 1\n:tasks\npause 1\n:tasks\n"))
        #expect(run.status == 0)
        #expect(run.standardError == "")
        let expected = [
            "downloads: none — type add <name>\n",
            Self.block("downloads: 1", "  1. big.iso — 0% downloading"),
            Self.block("downloads: 2", "  1. big.iso — 0% downloading", "  2. small — 0% downloading"),
            Self.block("downloads: 2", "  1. big.iso — 0% paused", "  2. small — 0% downloading"),
            "tasks: task \"downloads/2/transfer\" #2\n",
            Self.block("downloads: 2", "  1. big.iso — 0% downloading", "  2. small — 0% downloading"),
            "tasks: task \"downloads/2/transfer\" #2, task \"downloads/1/transfer\" #3\n",
            Self.block("downloads: 1", "  1. small — 0% downloading"),
            "tasks: task \"downloads/2/transfer\" #2\n",
            Self.block("downloads: 1", "  1. small — 0% paused"),
            "tasks: none\n",
        ]
        #expect(run.standardOutput == expected.joined(separator: "\n"))
    }

    /// A row that is not shown: the commands refuse it, naming the rows there are (L7),
    /// and the state is untouched.
    @Test func rowsThatAreNotShownAreRefused() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "downloads", arguments: ["--step", "60s"],
                input: "pause 9\nadd a\nresume -1\nremove 2\n"))
        #expect(run.status == 1)
        #expect(run.standardOutput == "downloads: none — type add <name>\n\ndownloads: 1\n  1. a — 0% downloading\n")
        #expect(
            run.standardError
                == "error: no download 9: none shown — type :help\n"
                + "error: no download -1: pick 1 to 1 — type :help\n"
                + "error: no download 2: pick 1 to 1 — type :help\n")
    }

    @Test func badLinesAreRejectedAndChangeNothing() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "downloads", arguments: ["--settle", "--step", "60s"],
                input: "add\npause x\nremove\nstart 1\n:state\n"))
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "error: 'add' needs <name> — type :help\n"
                + "error: 'pause' needs <n> (a whole number), got 'x' — type :help\n"
                + "error: 'remove' needs <n> — type :help\n"
                + "error: unknown command 'start' — type :help\n")
        #expect(run.standardOutput == "downloads: none — type add <name>\n\nrows: []\nnextID: 1\n")
    }

    @Test func helpListsTheCommandsAndTheStepOption() async throws {
        let run = try #require(try await ExampleProcess.run("downloads", input: ":help\n"))
        #expect(run.status == 0)
        for command in ["add <name>", "pause <n>", "resume <n>", "remove <n>", ":tasks"] {
            #expect(run.standardOutput.contains("\n  \(command) "), "missing \(command)")
        }
        let help = try #require(try await ExampleProcess.run("downloads", arguments: ["--help"], input: ""))
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("--step <duration>"))
        let bad = try #require(
            try await ExampleProcess.run("downloads", arguments: ["--step", "soon"], input: ""))
        #expect(bad.status == 64)
    }

    /// End of input while transfers run: the host stops, cancelling every row's task,
    /// and the process exits at once.
    @Test func endOfInputCancelsEveryTransfer() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "downloads", arguments: ["--step", "60s"], input: "add a\nadd b\nadd c\n",
                timeout: .seconds(20)))
        #expect(run.status == 0)
        #expect(run.standardError == "")
    }
}
