import Testing

@testable import EffectEngineCLI

@Suite struct LineProgramTests {
    let program = LineProgram(
        name: "tally", summary: "adds numbers",
        options: [
            .value("step", placeholder: "duration", default: "300ms", summary: "time between steps"),
            .flag("fail", summary: "fail every load"),
        ])

    @Test func builtInFlagsAndDefaults() throws {
        let arguments = try program.parse([])
        #expect(arguments.settings == LineSettings())
        #expect(!arguments.showsHelp)
        #expect(!arguments.flag("fail"))
        #expect(try arguments.duration("step") == .milliseconds(300))

        let given = try program.parse(["--settle", "--trace", "--fail", "--step", "2s"])
        #expect(given.settings == LineSettings(settle: true, trace: true))
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
        #expect(program.usage(commands: LineCommands<Int>([])).contains("[--virtual-time]"))
        #expect(program.usage(commands: LineCommands<Int>([])).contains("\n  --virtual-time  "))
    }

    @Test func mainActorTasksIsAFlag() throws {
        #expect(try !program.parse(["--settle"]).settings.mainActorTasks)
        #expect(try program.parse(["--main-actor-tasks"]).settings.mainActorTasks)
        #expect(throws: LineError("'--main-actor-tasks' takes no value, got 'yes'")) {
            try program.parse(["--main-actor-tasks=yes"])
        }
        #expect(program.usage(commands: LineCommands<Int>([])).contains("[--main-actor-tasks]"))
    }

    @Test func reportTakesAFile() throws {
        #expect(try program.parse(["--report", "run.html"]).settings.reportPath == "run.html")
        #expect(try program.parse(["--report=run.html", "--replay", "run.journal"]).settings.journalFlag == "--replay")
        #expect(try program.parse(["--report=run.html"]).settings.journalFlag == "--report")
        #expect(throws: LineError("'--report' needs a file")) { try program.parse(["--report"]) }
    }

    @Test func badArgumentsAreErrors() throws {
        #expect(throws: LineError("unknown option '--frob'")) { try program.parse(["--frob"]) }
        #expect(throws: LineError("unexpected argument 'x'")) { try program.parse(["x"]) }
        #expect(throws: LineError("'--step' needs a value")) { try program.parse(["--step"]) }
        #expect(throws: LineError("'--fail' takes no value")) { try program.parse(["--fail=yes"]) }
        #expect(throws: LineError("'--settle' takes no value, got 'yes'")) { try program.parse(["--settle=yes"]) }
        #expect(throws: LineError("'--trace' takes no value, got ''")) { try program.parse(["--trace="]) }
        #expect(throws: LineError("'--virtual-time' takes no value, got 'on'")) {
            try program.parse(["--virtual-time=on"])
        }
        #expect(throws: LineError("'--state' needs a file")) { try program.parse(["--state"]) }
        #expect(throws: LineError("'--state' needs a file")) { try program.parse(["--state="]) }
        #expect(try program.parse(["--state", "a.json"]).settings.statePath == "a.json")
        #expect(try program.parse(["--state=b.json"]).settings.statePath == "b.json")
        #expect(throws: LineError("'--step' needs a duration such as 300ms or 1s, got 'soon'")) {
            try program.parse(["--step", "soon"]).duration("step")
        }
    }

    @Test func wholeNumberOptions() throws {
        let counted = LineProgram(
            name: "tally", summary: "adds numbers", options: [.value("count", placeholder: "n", summary: "how many")])
        #expect(try counted.parse(["--count", "12"]).int("count") == 12)
        #expect(try counted.parse(["--count=-3"]).int("count") == -3)
        #expect(throws: LineError("'--count' needs a whole number, got 'three'")) {
            try counted.parse(["--count", "three"]).int("count")
        }
        #expect(throws: LineError("'--count' needs a whole number, got '99999999999999999999'")) {
            try counted.parse(["--count", "99999999999999999999"]).int("count")
        }
        #expect(throws: LineError("missing value for '--count'")) { try counted.parse([]).int("count") }
    }

    @MainActor @Test func helpPrintsUsageAndCommands() {
        let captured = CapturedOutput()
        let result = makeHost(["--help"], captured)
        #expect(result.earlyExit == LineExitStatus.success)
        #expect(
            captured.standardOutput.hasPrefix(
                "tally — adds numbers\n\nusage: tally [--step <duration>] [--fail]"))
        #expect(
            captured.standardOutput.contains("  --step <duration>         time between steps (default 300ms)\n"))
        #expect(captured.standardOutput.contains("  add <n>        add n to the total\n"))
        #expect(captured.standardOutput.contains("  :wait    wait until no task runs\n"))
        #expect(captured.standardOutput.contains("End of input stops the program and cancels the tasks still running"))
        #expect(captured.standardError.isEmpty)
    }

    @MainActor @Test func aStateFileNeedsACodableState() {
        let captured = CapturedOutput()
        #expect(makeHost(["--state", "tally.json"], captured).earlyExit == LineExitStatus.usage)
        #expect(
            captured.standardError
                == "error: '--state' keeps a state that is Codable, Sendable and Equatable; "
                + "this program's state is not — try 'tally --help'\n")
    }

    @MainActor @Test func badFlagExitsWithUsageStatus() {
        let captured = CapturedOutput()
        #expect(makeHost(["--frob"], captured).earlyExit == LineExitStatus.usage)
        #expect(captured.standardError == "error: unknown option '--frob' — try 'tally --help'\n")
        #expect(captured.standardOutput.isEmpty)
    }

    @MainActor @Test func badOptionValueFromEnvExitsWithUsageStatus() {
        let captured = CapturedOutput()
        #expect(makeHost(["--step", "x"], captured).earlyExit == LineExitStatus.usage)
        #expect(captured.standardError.hasPrefix("error: '--step' needs a duration"))
    }

    @MainActor @Test func settingsReachTheHost() async {
        let captured = CapturedOutput()
        guard case .success(let host) = makeHost(["--settle"], captured) else {
            Issue.record("expected a host")
            return
        }
        #expect(host.settings.settle)
        #expect(await host.run(lines: ["load"]) == LineExitStatus.success)
        #expect(captured.standardOutputLines == ["total: 0", "total: 0 (loading)", "total: 10"])
    }

    @MainActor
    private func makeHost(_ arguments: [String], _ captured: CapturedOutput)
        -> Result<LineHost<Tally.State, Tally.Event, Tally.Env>, LineProgram.EarlyExit>
    {
        program.makeHost(
            arguments: arguments, output: captured.output, commands: Tally.commands,
            initialState: Tally.State(),
            env: { arguments throws(LineError) in
                _ = try arguments.duration("step")
                return Tally.Env()
            },
            render: Tally.render, update: Tally.update)
    }
}

extension Result where Failure == LineProgram.EarlyExit {
    var earlyExit: Int32? {
        if case .failure(let early) = self { early.status } else { nil }
    }
}
