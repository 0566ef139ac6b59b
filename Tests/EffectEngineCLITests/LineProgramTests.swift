import EffectEngine
import Foundation
import Testing

@testable import EffectEngineCLI

/// The one way to start a line program (L9): its command line, its help, and the options
/// that follow from what the feature conforms to.
@MainActor @Suite struct LineProgramTests {
    let program = LineProgram<Tally>()

    /// Runs `tally` with `arguments` on `lines`, as `main()` would on standard input.
    func run(_ arguments: [String], lines: [String] = [], _ captured: CapturedOutput) async -> Int32 {
        await program.run(arguments: arguments, output: captured.output, isInteractive: false) { host in
            await host.run(lines: lines)
        }
    }

    @Test func builtInFlagsAndDefaults() throws {
        let arguments = try program.parse([])
        #expect(arguments.settings == LineSettings())
        #expect(!arguments.showsHelp)
        #expect(!arguments.flag("fail"))
        #expect(try arguments.duration("step") == .milliseconds(300))

        let given = try program.parse(["--settle", "--trace", "--fail", "--step", "2s", "--wait-limit=3s"])
        #expect(given.settings == LineSettings(settle: true, trace: true, waitLimit: .seconds(3)))
        #expect(given.flag("fail"))
        #expect(try given.duration("step") == .seconds(2))
        #expect(try program.parse(["--step=0.5s"]).duration("step") == .milliseconds(500))
        #expect(try program.parse(["-h"]).showsHelp)
    }

    @Test func virtualTimeGivesTheEnvTheHostsClock() throws {
        let plain = try program.parse(["--settle"])
        #expect(!plain.settings.virtualTime)
        #expect(plain.clock is ContinuousClock)
        let virtual = try program.parse(["--settle", "--virtual-time"])
        #expect(virtual.settings == LineSettings(settle: true, virtualTime: true))
        #expect(!(virtual.clock is ContinuousClock))
        #expect(program.usage.contains("\n  --virtual-time  "))
    }

    @Test func mainActorTasksIsAFlag() throws {
        #expect(try !program.parse(["--settle"]).settings.mainActorTasks)
        #expect(try program.parse(["--main-actor-tasks"]).settings.mainActorTasks)
        #expect(throws: LineError("'--main-actor-tasks' takes no value, got 'yes'")) {
            try program.parse(["--main-actor-tasks=yes"])
        }
    }

    /// One wording per fault, each naming the option.
    @Test func badArgumentsAreErrors() throws {
        #expect(throws: LineError("unknown option '--frob'")) { try program.parse(["--frob"]) }
        #expect(throws: LineError("unexpected argument 'x'")) { try program.parse(["x"]) }
        #expect(throws: LineError("'--step' needs <duration>")) { try program.parse(["--step"]) }
        #expect(throws: LineError("'--fail' takes no value, got 'yes'")) { try program.parse(["--fail=yes"]) }
        #expect(throws: LineError("'--settle' takes no value, got 'yes'")) {
            try program.parse(["--settle=yes"])
        }
        #expect(throws: LineError("'--trace' takes no value, got ''")) { try program.parse(["--trace="]) }
        #expect(throws: LineError("'--help' takes no value, got 'me'")) { try program.parse(["--help=me"]) }
        #expect(throws: LineError("'--check' needs <file>")) { try program.parse(["--check"]) }
        #expect(throws: LineError("'--check' needs <file>")) { try program.parse(["--check="]) }
        #expect(throws: LineError("'--wait-limit' needs a duration such as 300ms or 1s, got 'x'")) {
            try program.parse(["--wait-limit", "x"])
        }
        #expect(throws: LineError("'--step' needs a duration such as 300ms or 1s, got 'soon'")) {
            try program.parse(["--step", "soon"]).duration("step")
        }
        #expect(throws: LineError("'--count' needs <n>")) { try program.parse([]).int("count") }
    }

    /// Options that each run the program their own way go alone, and without the options
    /// of a run that reads input.
    @Test func optionsThatDoNotGoTogetherAreErrors() throws {
        let counter = LineProgram<Keeper>()
        #expect(throws: LineError("'--check' and '--replay' each run the program their own way: give one")) {
            try counter.parse(["--check", "a", "--replay", "b"])
        }
        #expect(throws: LineError("'--write-transcript' does not go with '--check'")) {
            try counter.parse(["--check", "a", "--write-transcript", "b"])
        }
        #expect(throws: LineError("'--state' does not go with '--replay'")) {
            try counter.parse(["--replay", "a", "--state", "b"])
        }
        #expect(throws: LineError("'--record' does not go with '--check'")) {
            try counter.parse(["--record", "b", "--check", "a"])
        }
        #expect(
            try counter.parse(["--state", "a", "--record", "b", "--write-transcript", "c"]).value("state")
                == "a")
    }

    /// A feature's own option of a built-in name is read as the built-in one.
    @Test func aBuiltInOptionWinsOverTheFeaturesOwn() throws {
        let parsed = try LineProgram<Shadowing>().parse(["--settle"])
        #expect(parsed.settings.settle)
        #expect(parsed.value("settle") == nil)
    }

    @Test func wholeNumberOptions() throws {
        let arguments = LineArguments(values: [
            "count": "12", "minus": "-3", "word": "three", "huge": "99999999999999999999",
        ])
        #expect(try arguments.int("count") == 12)
        #expect(try arguments.int("minus") == -3)
        #expect(throws: LineError("'--word' needs a whole number, got 'three'")) { try arguments.int("word") }
        #expect(throws: LineError("'--huge' needs a whole number, got '99999999999999999999'")) {
            try arguments.int("huge")
        }
    }

    @Test func helpPrintsTheOptionsThatApplyAndTheCommands() async {
        let captured = CapturedOutput()
        #expect(await run(["--help"], captured) == LineExitStatus.success)
        let help = captured.standardOutput
        #expect(help.hasPrefix("tally — adds numbers\n\nusage: tally [<options>]\n"))
        #expect(
            help.contains("\noptions:\n  --step <duration>           time between steps (default 300ms)\n"))
        #expect(help.contains("\n  --check <file>  "))
        #expect(help.contains("\n  --write-transcript <file>  "))
        #expect(help.contains("\n  --help  "))
        // Tally's state is not Codable, its events are not, and it is not explorable.
        for option in ["--state", "--record", "--replay", "--explore", "--depth"] {
            #expect(!help.contains(option), "\(option) listed")
        }
        #expect(help.contains("  add <n>        add n to the total\n"))
        #expect(help.contains("  :wait    wait until no task runs\n"))
        #expect(help.contains("End of input stops the program and cancels the tasks still running"))
        #expect(captured.standardError.isEmpty)
    }

    /// L9: what a program offers follows from what its feature conforms to.
    @Test func theOptionsFollowFromTheConformances() {
        let keeper = LineProgram<Keeper>().usage
        #expect(keeper.contains("\nstate (the kept state is Codable):\n  --state <file>"))
        #expect(keeper.contains("\njournal (Event is Codable):\n  --record <file>"))
        #expect(keeper.contains("  --replay <file>"))
        #expect(!keeper.contains("--explore"))
        #expect(LineProgram<Tally>().capabilities.isEmpty)
        #expect(LineProgram<Keeper>().capabilities.count == 2)
    }

    @Test func anOptionTheFeatureDoesNotOfferSaysWhy() async {
        let cases = [
            (
                "--state",
                "'--state' is not offered: tally's State is not Codable and Equatable, so it cannot be kept"
            ),
            (
                "--record",
                "'--record' is not offered: tally's Event is not Codable, so it cannot be journaled"
            ),
            (
                "--explore",
                "'--explore' is not offered: tally is not an ExplorableLineFeature, so it cannot be explored"
            ),
        ]
        for (option, message) in cases {
            let captured = CapturedOutput()
            #expect(await run([option, "x"], captured) == LineExitStatus.usage)
            #expect(captured.standardError == "error: \(message) — try 'tally --help'\n")
            #expect(captured.standardOutput.isEmpty)
        }
    }

    @Test func badFlagExitsWithUsageStatus() async {
        let captured = CapturedOutput()
        #expect(await run(["--frob"], captured) == LineExitStatus.usage)
        #expect(captured.standardError == "error: unknown option '--frob' — try 'tally --help'\n")
        #expect(captured.standardOutput.isEmpty)
    }

    @Test func badOptionValueFromEnvExitsWithUsageStatus() async {
        let captured = CapturedOutput()
        #expect(await run(["--step", "x"], captured) == LineExitStatus.usage)
        #expect(captured.standardError.hasPrefix("error: '--step' needs a duration"))
    }

    @Test func settingsReachTheHost() async {
        let captured = CapturedOutput()
        #expect(await run(["--settle"], lines: ["load"], captured) == LineExitStatus.success)
        #expect(captured.standardOutputLines == ["total: 0", "total: 0 (loading)", "total: 10"])
    }

    /// `--state FILE` keeps a Codable state across runs; a file in no folder is a fault
    /// naming the option.
    @Test func stateIsKeptAcrossRuns() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keeper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("keeper.json").path
        let program = LineProgram<Keeper>()
        for _ in 0..<2 {
            let captured = CapturedOutput()
            let status = await program.run(
                arguments: ["--state", path], output: captured.output, isInteractive: false
            ) {
                await $0.run(lines: ["bump", "bump"])
            }
            #expect(status == LineExitStatus.success)
        }
        let captured = CapturedOutput()
        _ = await program.run(arguments: ["--state", path], output: captured.output, isInteractive: false) {
            await $0.run(lines: [])
        }
        #expect(captured.standardOutput == "kept: 4\n")
    }

    /// A save that fails during the run is said once, as an error, and the run exits 73:
    /// its folder went away after the run started, so every save fails. (It used to print
    /// one warning per failed save and exit 0.)
    @Test func aSaveThatFailsDuringTheRunIsSaidOnceAndExits73() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keeper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("keeper.json").path
        let captured = CapturedOutput()
        let status = await LineProgram<Keeper>().run(
            arguments: ["--state", path], output: captured.output, isInteractive: false
        ) { host in
            try? FileManager.default.removeItem(at: folder)
            return await host.run(lines: ["bump", "bump", "bump"])
        }
        #expect(status == LineExitStatus.cannotWrite)
        #expect(captured.standardOutputLines == ["kept: 0", "kept: 1", "kept: 2", "kept: 3"])
        #expect(captured.standardErrorLines.count == 1, "\(captured.standardError)")
        #expect(captured.standardError.hasPrefix("error: --state: cannot save the state: "))
        #expect(captured.standardError.contains("No such file or directory"))
    }

    /// A state file where no save could succeed is refused before the run: nothing is
    /// rendered, and the status is 64.
    @Test func aStateFileInAFolderThatIsNotThereIsRefusedBeforeTheRun() async {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-\(UUID().uuidString)/k.json").path
        let captured = CapturedOutput()
        let status = await LineProgram<Keeper>().run(
            arguments: ["--state", path], output: captured.output, isInteractive: false
        ) { host in
            await host.run(lines: ["bump"])
        }
        #expect(status == LineExitStatus.usage)
        #expect(captured.standardOutput.isEmpty)
        #expect(captured.standardError.hasPrefix("error: --state: cannot write in the directory "))
    }
}

/// A feature whose state and events are Codable, and which is not explorable.
enum Keeper: LineFeature {
    struct State: Codable, Equatable, Sendable { var count = 0 }
    enum Event: String, Codable, CaseIterable, Sendable { case bump, fail }

    static let name = "keeper"
    static let summary = "keeps a count"
    static let initialState = State()
    static let commands = LineCommands<State, Event>.cases()

    static func render(_ state: State) -> String { "kept: \(state.count)" }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .bump:
            state.count += 1
            return nil
        case .fail:
            return .reject("keeper refuses at \(state.count)")
        }
    }
}

/// A feature whose own option has a built-in option's name.
enum Shadowing: LineFeature {
    static let name = "shadowing"
    static let summary = "names an option as a built-in one"
    static let options: [LineOption] = [
        .value("settle", placeholder: "mode", default: "slow", summary: "a mode")
    ]
    static let initialState = 0
    static let commands = LineCommands<Int, Keeper.Event>.cases()

    static func render(_ state: Int) -> String { "\(state)" }
    static func update(state: inout Int, event: Keeper.Event) -> Effect<Keeper.Event, Void>? { nil }
}
