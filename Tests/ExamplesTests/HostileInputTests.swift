import Foundation
import TestSupport
import Testing

/// Bad input to the built examples, end to end: whatever arrives on standard input or the
/// command line, a rejected line gets exactly one short `error:` line, leaves state as it
/// was, and makes the exit status 1 (L2); nothing crashes, and the program ends promptly
/// when its input or its output goes away.
@Suite(.serialized) struct HostileInputTests {
    // MARK: Bytes that are not text

    @Test func invalidUTF8IsRejectedAsUnknownCommands() async throws {
        var input = Data("tick\n".utf8)
        input += [0xFF, 0xFE, 0x0A]
        input += Data("ti".utf8) + [0xC3] + Data("ck\n".utf8)
        input += Data("tick".utf8) + [0x80, 0x0A]
        input += Data(":state\n".utf8)
        let run = try #require(try await ExampleProcess.run("counter", input: input))
        expectRejections(
            run,
            [
                "unknown command '\u{FFFD}\u{FFFD}'",
                "unknown command 'ti\u{FFFD}ck' (did you mean 'tick'?)",
                "unknown command 'tick\u{FFFD}' (did you mean 'tick'?)",
            ])
        #expect(run.standardOutput == "count: 0\ncount: 1\n\ncount: 1\nisRunning: false\n")
    }

    @Test func invalidUTF8InAnArgumentIsRejected() async throws {
        let input = Data("select 2".utf8) + [0xFF, 0x0A] + Data(":state\n".utf8)
        let run = try #require(try await ExampleProcess.run("movies", input: input))
        expectRejections(run, ["'select' needs <n> (a whole number), got '2\u{FFFD}'"])
        #expect(
            run.standardOutput
                == "movies: none loaded — type refresh\n"
                + "\nmovies: []\nisLoading: false\nselection: nil\nerror: nil\n")
    }

    @Test func nulBytesAreEscapedInTheError() async throws {
        let run = try #require(
            try await ExampleProcess.run("counter", input: "ti\0ck\n\0\ntick\0\ntick\n:state\n"))
        expectRejections(
            run,
            [
                "unknown command 'ti\\0ck' (did you mean 'tick'?)", "unknown command '\\0'",
                "unknown command 'tick\\0' (did you mean 'tick'?)",
            ])
        #expect(run.standardOutput == "count: 0\ncount: 1\n\ncount: 1\nisRunning: false\n")
    }

    @Test func controlCharactersInTracedEventsAreEscaped() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "search", arguments: ["--trace", "--settle", "--virtual-time"],
                input: "query a\u{1B}[2Jb\n"))
        #expect(run.status == 0)
        #expect(!run.standardError.contains("\u{1B}"))
        #expect(run.standardError.contains("a\\u{1B}[2Jb"))
    }

    /// A state holding control characters cannot drive the terminal: the rendering shows
    /// them escaped (`query \e[2J` used to clear the user's screen).
    @Test func controlCharactersInRendersAreEscaped() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "search", arguments: ["--settle", "--virtual-time"], input: "query a\u{1B}[2Jb\u{9B}c\u{7}\n"))
        #expect(run.status == 0)
        #expect(!run.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!run.standardOutput.contains("\u{9B}"))
        #expect(run.standardOutput.contains(#"query "a\u{1B}[2Jb\u{9B}c\u{7}" — searching…"#))
    }

    /// A transcript of a run whose renderings hold control characters is written with
    /// them escaped, input lines included, and checks clean: it round-trips.
    @Test func aTranscriptWithControlCharactersRoundTrips() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).transcript").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let written = try #require(
            try await ExampleProcess.run(
                "search", arguments: ["--virtual-time", "--write-transcript", path],
                input: "query \u{1B}[2J\u{0}x\nquery plain\n"))
        #expect(written.status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text.contains(#"$ query \u{1B}[2J\u{0}x"#))
        let checked = try #require(
            try await ExampleProcess.run("search", arguments: ["--virtual-time", "--check", path], input: ""))
        #expect(checked == .init(status: 0, standardOutput: "\(path): ok, 2 input lines\n", standardError: ""))
    }

    /// `--check` of a file that is not a transcript (random bytes) prints a diff whose
    /// lines show control characters escaped, never raw bytes.
    @Test func checkingABinaryFileShowsNoRawBytes() async throws {
        var generator = SplitMix64(seed: 40)
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let run = try #require(try await ExampleProcess.run("counter", arguments: ["--check", path], input: ""))
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix("--- \(path)\n+++ actual output\n"))
        #expect(!run.standardOutput.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        expectNoCrash(run)
    }

    // MARK: Sizes

    @Test func aOneMebibyteLineGetsOneShortError() async throws {
        let mebibyte = 1 << 20
        let input =
            String(repeating: "x", count: mebibyte) + "\n" + "tick " + String(repeating: "y", count: mebibyte)
            + "\n:state\n"
        let run = try #require(try await ExampleProcess.run("counter", input: input))
        expectRejections(
            run,
            [
                "unknown command '\(String(repeating: "x", count: 40))…'",
                "'tick' takes no argument, got '\(String(repeating: "y", count: 40))…'",
            ])
        for line in run.standardError.split(separator: "\n") { #expect(line.count < 100) }
        #expect(run.standardOutput == "count: 0\n\ncount: 0\nisRunning: false\n")
    }

    @Test func oneHundredThousandEmptyLinesAreSkipped() async throws {
        let input = "tick\n" + String(repeating: "\n", count: 100_000) + "tick\n"
        let run = try #require(try await ExampleProcess.run("counter", arguments: ["--settle"], input: input))
        #expect(run == .init(status: 0, standardOutput: "count: 0\ncount: 1\ncount: 2\n", standardError: ""))
    }

    @Test func hugeNumbersNeitherCrashNorWrap() async throws {
        let input =
            "select 9223372036854775807\nselect -9223372036854775808\nselect 99999999999999999999\n:state\n"
        let run = try #require(try await ExampleProcess.run("movies", input: input))
        // The first two parse, and `update` refuses them in its own words (L8).
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "error: nothing to select — refresh first\nerror: nothing to select — refresh first\n"
                + "error: 'select' needs <n> (a whole number), got '99999999999999999999' — type :help\n")
        #expect(
            run.standardOutput
                == "movies: none loaded — type refresh\n"
                + "\nmovies: []\nisLoading: false\nselection: nil\nerror: nil\n")
        expectNoCrash(run)

        // A row number names a row shown: the commands refuse one out of range (L7).
        let rows = try #require(
            try await ExampleProcess.run(
                "todos", input: "add\ntoggle 9223372036854775807\ndelete -9223372036854775808\n"))
        expectRejections(
            rows, ["no todo 9223372036854775807: pick 1 to 1", "no todo -9223372036854775808: pick 1 to 1"])
    }

    // MARK: White space and line endings

    @Test func crlfLineEndingsWorkLikeNewlines() async throws {
        let counter = try #require(
            try await ExampleProcess.run(
                "counter", arguments: ["--settle"], input: "tick\r\ntick\r\n# note\r\n\r\n:state\r\n"))
        #expect(
            counter
                == .init(
                    status: 0,
                    standardOutput: "count: 0\ncount: 1\ncount: 2\n\ncount: 2\nisRunning: false\n",
                    standardError: ""))

        let movies = try #require(
            try await ExampleProcess.run("movies", arguments: ["--settle"], input: "refresh\r\nselect 2\r\n"))
        #expect(movies.status == 0)
        #expect(movies.standardError.isEmpty)
        #expect(movies.standardOutput.hasSuffix("selected: Blade Runner (1982)\n"))
        #expect(!movies.standardOutput.contains("\r"))
    }

    @Test func linesOfOnlyWhiteSpaceAreSkipped() async throws {
        let input = "   \n\t\t\n \u{0B}\u{0C}\r\n\u{00A0}\u{3000}\u{2003}\n tick \n"
        let run = try #require(try await ExampleProcess.run("counter", input: input))
        #expect(run == .init(status: 0, standardOutput: "count: 0\ncount: 1\n", standardError: ""))
    }

    // MARK: Meta-commands and flags

    @Test func unknownMetaCommandsAreRejected() async throws {
        let run = try #require(
            try await ExampleProcess.run("counter", input: "tick\n:frob\n:state extra\n:\n::state\n:state\n"))
        expectRejections(
            run,
            [
                "unknown meta-command ':frob'",
                "unknown meta-command ':state extra'",
                "unknown meta-command ':'",
                "unknown meta-command '::state' (did you mean ':state'?)",
            ])
        #expect(run.standardOutput == "count: 0\ncount: 1\n\ncount: 1\nisRunning: false\n")
    }

    /// A command or meta-command one edit away from a known one is named in the error,
    /// from a pipe as at a terminal: a letter swapped, dropped, added or changed.
    @Test func aNameOneEditAwaySaysDidYouMean() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "weather", arguments: ["--settle", "--virtual-time"],
                input: "qeury par\nquer par\nforecats 1\nqueryy par\n:stat\n:wiat\nfrobnicate\n"))
        expectRejections(
            run,
            [
                "unknown command 'qeury' (did you mean 'query'?)",
                "unknown command 'quer' (did you mean 'query'?)",
                "unknown command 'forecats' (did you mean 'forecast'?)",
                "unknown command 'queryy' (did you mean 'query'?)",
                "unknown meta-command ':stat' (did you mean ':state'?)",
                "unknown meta-command ':wiat' (did you mean ':wait'?)",
                "unknown command 'frobnicate'",
            ])
    }

    @Test(arguments: [
        ("counter", ["--interval"], "'--interval' needs <duration>"),
        ("counter", ["--settle", "--interval"], "'--interval' needs <duration>"),
        ("search", ["--wait-limit"], "'--wait-limit' needs <duration>"),
        ("counter", ["--state"], "'--state' needs <file>"),
        ("counter", ["--record="], "'--record' needs <file>"),
        ("downloads", ["--state", "d.json"], "'--state' is not offered: downloads' State is not Codable and Equatable, so it cannot be kept"),
        ("counter", ["--interval="], "'--interval' needs a duration such as 300ms or 1s, got ''"),
    ])
    func aFlagWithAMissingValueExits64(example: String, arguments: [String], message: String) async throws {
        let run = try #require(try await ExampleProcess.run(example, arguments: arguments, input: "tick\n"))
        #expect(
            run
                == .init(
                    status: 64, standardOutput: "",
                    standardError: "error: \(message) — try '\(example) --help'\n"))
    }

    /// The test process used to die of SIGPIPE (about 2 runs in 10) writing a script to a
    /// child that had already exited with status 64; waiting for the exit first made it
    /// die every time.
    @Test func writingToAnExampleThatAlreadyExitedIsHarmless() async throws {
        let example = try ExampleProcess("counter", arguments: ["--interval"])
        let run = try #require(await example.finished())
        #expect(run.status == 64)
        example.write("tick\n")
        example.write(Data(repeating: UInt8(ascii: "a"), count: 1 << 17))
        example.closeInput()
    }

    @Test(arguments: ["1e300s", "99999999999s", "nan", "infs", "-1ms"])
    func aDurationOutOfRangeExits64(value: String) async throws {
        let run = try #require(
            try await ExampleProcess.run("counter", arguments: ["--interval", value], input: "tick\n"))
        #expect(
            run
                == .init(
                    status: 64, standardOutput: "",
                    standardError:
                        "error: '--interval' needs a duration such as 300ms or 1s, got '\(value)' — try 'counter --help'\n"
                ))
        expectNoCrash(run)
    }

    // MARK: Standard input and output going away

    @Test(arguments: [
        ("counter", "count: 0\n"),
        ("search", "query \"\" — type query <text>\n"),
        ("movies", "movies: none loaded — type refresh\n"),
    ])
    func standardInputClosedAtOnceRendersAndExits(example: String, rendering: String) async throws {
        let process = try ExampleProcess(example)
        process.closeInput()
        let run = try #require(await process.finished(within: .seconds(5)))
        #expect(run == .init(status: 0, standardOutput: rendering, standardError: ""))
    }

    /// A closed standard output ends the run, is said once, and exits 74 (L11).
    @Test func standardOutputClosedEarlyEndsTheRun() async throws {
        // `cat` keeps the example's input open (it reads the test's pipe) without bash
        // waiting for it: only the closed output can end the example.
        let script = """
            "$1" --interval 10ms < <(echo start; exec cat) | head -n 1
            echo "status ${PIPESTATUS[0]}" >&2
            """
        let counter = ExampleProcess.productsDirectory.appendingPathComponent("counter").path
        let shell = try ExampleProcess(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script, "bash", counter])
        let ended = await shell.waitForError(containing: "status ", within: .seconds(10))
        shell.closeInput()
        let run = try #require(await shell.finished(within: .seconds(5)))
        #expect(ended)
        #expect(
            run
                == .init(
                    status: 0, standardOutput: "count: 0\n",
                    standardError: "error: cannot write to standard output: Broken pipe\nstatus 74\n"))
        expectNoCrash(run)
    }

    // MARK: Helpers

    /// Each message is one `error:` line, in order, and the run exited 1 with no crash.
    private func expectRejections(
        _ run: ExampleProcess.Finished, _ messages: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(run.status == 1, sourceLocation: sourceLocation)
        #expect(
            run.standardError == messages.map { "error: \($0) — type :help\n" }.joined(),
            sourceLocation: sourceLocation)
        expectNoCrash(run, sourceLocation: sourceLocation)
    }

    private func expectNoCrash(
        _ run: ExampleProcess.Finished, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for sign in ["Fatal error", "Backtrace", "Backtracing", "Segmentation", "runtime failure"] {
            #expect(!run.standardOutput.contains(sign), sourceLocation: sourceLocation)
            #expect(!run.standardError.contains(sign), sourceLocation: sourceLocation)
        }
    }
}
