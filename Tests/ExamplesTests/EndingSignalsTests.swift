import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// L10: a run ends one way whatever ends it. SIGINT, SIGTERM, SIGHUP and SIGQUIT sent
/// mid-run keep what it made: the state file holds the last change, the journal replays to
/// the state at the signal, the report and the transcript are whole, the terminal is put
/// back, and the status says which signal ended it. Before, SIGTERM and SIGHUP lost the
/// last save and left the files empty and the terminal raw, and SIGQUIT printed a crash.
@Suite struct EndingSignalsTests {
    /// The signals a run ends on, each with the status it ends with.
    static let endings: [(signal: Int32, status: Int32)] = [
        (SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129), (SIGQUIT, 131),
    ]

    /// A folder of its own for one test's files, removed by `body`'s end.
    static func inFolder<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        let folder = NSTemporaryDirectory() + "ending-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try await body(folder)
    }

    /// The count a `--state` file holds, as the counter renders it when it starts from it.
    static func keptCount(_ file: String) async throws -> String? {
        let run = try await ExampleProcess.run("counter", arguments: ["--state", file], input: "")
        return run?.standardOutput
    }

    @Test(arguments: 0..<4)
    func aSignalThroughAPipeKeepsEverythingTheRunMade(ending: Int) async throws {
        let (number, status) = Self.endings[ending]
        try await Self.inFolder { folder in
            let state = folder + "/count.json"
            let journal = folder + "/run.journal"
            let report = folder + "/run.html"
            let transcript = folder + "/run.transcript"
            let counter = try ExampleProcess(
                "counter",
                arguments: [
                    "--state", state, "--record", journal, "--report", report, "--write-transcript", transcript,
                ])
            // Three changes in a row: the last lands in the one-second save window.
            counter.write("tick\ntick\ntick\n")
            #expect(await counter.waitForOutput(containing: "count: 3\n"))
            counter.send(number)
            let run = try #require(await counter.finished())
            counter.closeInput()
            #expect(run.status == status && run.signal == nil, "\(run)")
            #expect(!run.standardError.contains("crashed"), "\(run.standardError)")
            #expect(try await Self.keptCount(state) == "count: 3\n")
            let replayed = try #require(
                try await ExampleProcess.run("counter", arguments: ["--replay", journal], input: ""))
            #expect(replayed.status == 0, "\(replayed)")
            #expect(replayed.standardOutput.contains("count: 3\n"), "\(replayed.standardOutput)")
            let page = try String(contentsOfFile: report, encoding: .utf8)
            #expect(page.contains("</html>"))
            let checked = try #require(
                try await ExampleProcess.run("counter", arguments: ["--check", transcript], input: ""))
            #expect(checked.status == 0, "\(checked)")
            #expect(try String(contentsOfFile: transcript, encoding: .utf8).contains("count: 3"))
        }
    }

    /// The SyncUps case: the second sync-up, saved inside the save window, is kept.
    @Test func syncUpsKeepsItsLastChangeOnSIGTERM() async throws {
        try await Self.inFolder { folder in
            let state = folder + "/syncups.json"
            let syncUps = try ExampleProcess("syncups", arguments: ["--state", state])
            syncUps.write("add\ntitle Tea\nsave\nadd\ntitle Urn\nsave\n")
            #expect(await syncUps.waitForOutput(containing: "2. Urn"))
            syncUps.send(SIGTERM)
            let run = try #require(await syncUps.finished())
            syncUps.closeInput()
            #expect(run.status == 143, "\(run)")
            let saved = try String(contentsOfFile: state, encoding: .utf8)
            #expect(saved.contains("\"Tea\"") && saved.contains("\"Urn\""), "\(saved)")
        }
    }

    #if canImport(Glibc)
        /// At a terminal: the settings are put back, the line being typed is cleared, no
        /// crash is reported, and the state is kept.
        @Test(arguments: 0..<4)
        func aSignalAtATerminalPutsItBack(ending: Int) async throws {
            let (number, status) = Self.endings[ending]
            try await Self.inFolder { folder in
                let state = folder + "/count.json"
                let terminal = try PseudoTerminal("counter", arguments: ["--state", state])
                #expect(await TerminalTests.ready(terminal))
                terminal.type("tick\rtick\r")
                #expect(await terminal.wait { $0.contains("count: 2\r\n") })
                #expect(await terminal.waitForLine("> "))
                terminal.send(number)
                #expect(await terminal.exitStatus() == status)
                #expect(await terminal.waitForLine(""))
                #expect(!terminal.output.contains("crashed"), "\(terminal.output.debugDescription)")
                let after = terminal.settings
                #expect(after.c_lflag == terminal.settingsBefore.c_lflag)
                #expect(after.c_iflag == terminal.settingsBefore.c_iflag)
                #expect(try await Self.keptCount(state) == "count: 2\n")
            }
        }
    #endif
}
