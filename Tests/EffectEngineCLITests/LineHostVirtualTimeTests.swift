import EffectEngine
import EffectEngineCLI
import Testing

/// `--virtual-time`: a settled line or `:wait` jumps the host's clock from deadline to
/// deadline while every running task sleeps on it, so scripts with debounces, throttles
/// and timers run at once and print the same thing every time.
@MainActor
@Suite("The line host on virtual time")
struct LineHostVirtualTimeTests {
    static func run(
        _ lines: [String], settle: Bool = true, waitLimit: Duration = .seconds(10)
    ) async -> (status: Int32, output: [String], errors: [String]) {
        let captured = CapturedOutput()
        let settings = LineSettings(settle: settle, waitLimit: waitLimit, virtualTime: true)
        let status = await Timers.host(settings: settings, output: captured).run(lines: lines)
        return (status, captured.standardOutputLines, captured.standardErrorLines)
    }

    @Test func settledLinesJumpToEachDeadline() async {
        let run = await Self.run(["type a", "type b", "scroll x", "scroll y", "scroll z"])
        #expect(run.status == LineExitStatus.success)
        #expect(run.errors.isEmpty)
        #expect(
            run.output == [
                "log: ",
                "log: a@300ms",
                "log: a@300ms b@600ms",
                "log: a@300ms b@600ms x@600ms",
                "log: a@300ms b@600ms x@600ms y@1600ms",
                "log: a@300ms b@600ms x@600ms y@1600ms z@2600ms",
            ])
    }

    @Test func withoutSettleTimeStandsStillUntilWait() async {
        let run = await Self.run(["type a", "type b", ":tasks", ":wait", "type c", ":wait"], settle: false)
        #expect(run.errors.isEmpty)
        #expect(
            run.output == [
                "log: ", "tasks: task \"echo\" #2", "log: b@300ms", "log: b@300ms c@600ms",
            ])
    }

    @Test func anEndlessTimerIsCutAtTheBoundOfVirtualTime() async {
        let run = await Self.run(["start 300", "stop", ":tasks"], waitLimit: .seconds(1))
        #expect(run.status == LineExitStatus.success)
        #expect(
            run.output == [
                "log: ", "log: tick@300ms", "log: tick@300ms tick@600ms",
                "log: tick@300ms tick@600ms tick@900ms",
                "tasks: none",
            ])
        #expect(run.errors.count == 1)
        #expect(
            run.errors.first?.hasPrefix("warning: --settle gave up after 1.0 seconds of virtual time on start(")
                == true)
        #expect(
            run.errors.first?.hasSuffix("task \"ticker\" #1 still running (--wait-limit sets the bound)")
                == true)
    }

    @Test func waitIsBoundedInVirtualTimeToo() async {
        let run = await Self.run(["start 400", ":wait", "stop"], settle: false, waitLimit: .seconds(1))
        #expect(run.output == ["log: ", "log: tick@400ms", "log: tick@400ms tick@800ms"])
        #expect(run.errors.count == 1)
        #expect(run.errors.first?.hasPrefix("warning: :wait gave up after 1.0 seconds of virtual time:") == true)
    }

    @Test func aTaskWaitingInRealTimeIsWaitedFor() async {
        let run = await Self.run(["wall", "type a"])
        #expect(run.errors.isEmpty)
        #expect(run.output == ["log: ", "log: wall@0ms", "log: wall@0ms a@300ms"])
    }

    /// Time does not jump while a task waits on something else: the wait is bounded by
    /// as much wall-clock time as `--wait-limit`.
    @Test func aTaskWaitingInRealTimeForeverIsGivenUpOn() async {
        // A limit of a second: `type a`'s echo, which does run on the virtual clock, must not
        // be given up on only because the pool was busy with other suites for a moment.
        let run = await Self.run(["hang", "type a", ":tasks"], waitLimit: .seconds(1))
        #expect(run.status == LineExitStatus.success)
        #expect(run.output == ["log: ", "tasks: task \"hang\" #1, task \"echo\" #2"])
        #expect(run.errors.count == 2)
        let realTime = "warning: --settle gave up after 1.0 seconds of waiting for tasks off the virtual clock"
        #expect(run.errors.first?.hasPrefix(realTime + " on hang:") == true)
        #expect(run.errors.last?.hasPrefix(realTime + " on type(") == true)
    }

    @Test func theSameScriptPrintsTheSameEveryTime() async {
        let script = (0..<40).map { $0 % 3 == 0 ? "scroll s\($0)" : "type t\($0)" } + ["start 250", "stop"]
        let first = await Self.run(script, waitLimit: .seconds(2))
        for _ in 0..<3 {
            let again = await Self.run(script, waitLimit: .seconds(2))
            #expect(again.output == first.output)
            #expect(again.errors == first.errors)
        }
        #expect(first.output.count > 40)
    }

    @Test func theEndOfInputStopsTasksAsleepOnVirtualTime() async {
        let captured = CapturedOutput()
        let host = Timers.host(settings: LineSettings(virtualTime: true), output: captured)
        #expect(await host.run(lines: ["type a", "start 100"]) == LineExitStatus.success)
        #expect(host.host.runningTasks.isEmpty)
        #expect(captured.standardOutputLines == ["log: "])
        #expect(captured.standardError.isEmpty)
    }

    @Test func theSettingsHandTheVirtualClockToTheEnv() {
        #expect(LineSettings().clock is ContinuousClock)
        #expect(!LineSettings().virtualTime)
        var settings = LineSettings(virtualTime: true)
        #expect(settings.virtualTime)
        #expect(!(settings.clock is ContinuousClock))
        #expect(settings == LineSettings(virtualTime: true))
        #expect(settings != LineSettings())
        settings.virtualTime = false
        #expect(settings == LineSettings())
    }
}
