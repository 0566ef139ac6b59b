import Foundation
import Testing

/// L11: every write that fails is said, in one `error:` line, with a status that is not
/// 0: 74 for standard output, 73 for a file asked for. Before, `counter > /dev/full`
/// exited 0 with everything lost, and `--record` into a file that took no write warned in
/// Foundation's words (`NSCocoaErrorDomain`) and exited 0.
@Suite struct FailedWritesTests {
    @Test func aClosedPipeOnStandardOutputIsSaid() async throws {
        let outcome = try await ExampleProcess.runWithClosedOutput("counter", input: "tick\ntick\n")
        #expect(outcome.reason == .exit)
        #expect(outcome.status == 74)
        #expect(outcome.standardError == "error: cannot write to standard output: Broken pipe\n")
    }

    #if os(Linux)
        @Test func aFullDiskOnStandardOutputIsSaid() async throws {
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let outcome = try await ExampleProcess.run("counter", input: "tick\n", standardOutput: full)
            #expect(outcome.reason == .exit)
            #expect(outcome.status == 74)
            #expect(outcome.standardError == "error: cannot write to standard output: No space left on device\n")
        }

        /// A journal that cannot be written is an error at the end, in the system's words,
        /// once: a full device, and a file that opens but takes no write.
        @Test(arguments: [
            ("/dev/full", "No space left on device"), ("/proc/self/status", "Invalid argument"),
        ])
        func aJournalThatCannotBeWrittenIsAnError(path: String, reason: String) async throws {
            let run = try #require(
                try await ExampleProcess.run("counter", arguments: ["--record", path], input: "tick\n"))
            #expect(run.status == 73)
            #expect(run.standardOutput == "count: 0\ncount: 1\n")
            #expect(run.standardError == "error: --record: cannot write '\(path)': \(reason)\n")
        }

        /// Each file asked for that cannot be written says so and exits 73.
        @Test(arguments: ["--report", "--write-transcript"])
        func aFileThatCannotBeWrittenIsAnError(option: String) async throws {
            let run = try #require(
                try await ExampleProcess.run("counter", arguments: [option, "/dev/full"], input: "tick\n"))
            #expect(run.status == 73)
            #expect(run.standardError == "error: \(option): cannot write '/dev/full': No space left on device\n")
        }
    #endif

    /// `--record` is checked before the run, as the other files are: into a folder that
    /// is not there, or into /proc, the run does not start.
    @Test(arguments: ["/proc/run.journal", "/no-such-folder/run.journal"])
    func aJournalOutOfReachIsRefusedBeforeTheRun(path: String) async throws {
        let run = try #require(try await ExampleProcess.run("counter", arguments: ["--record", path], input: "tick\n"))
        #expect(run.status == 64)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "error: --record: cannot write '\(path)': No such file or directory\n")
    }
}
