import EffectEngine
import EffectEngineCLI
import Testing

/// `:tasks`, `:wait`, `--settle` and the end of a run, with tasks that never end (L4–L6,
/// R9). Before the loop core, `--settle` and `:wait` blocked forever on a ticker and
/// `:tasks` said `none` while unnamed tasks ran.
@MainActor
@Suite("The line host's waits are bounded and name the tasks still running")
struct LineHostBoundsTests {
    @Test func tasksListsUnnamedTasksToo() async {
        let captured = CapturedOutput()
        let host = Tally.host(output: captured)
        await host.handle("background")
        await host.handle("hang")
        await host.handle(":tasks")
        _ = await host.finish()
        #expect(captured.standardOutputLines.last == "tasks: task #1, task \"hang\" #2")
    }

    @Test func settleGivesUpOnANeverEndingTaskAndGoesOn() async {
        let captured = CapturedOutput()
        let host = Tally.host(
            settings: LineSettings(settle: true, waitLimit: .milliseconds(50)), output: captured)
        #expect(await host.run(lines: ["hang", "add 1"]) == LineExitStatus.success)
        #expect(captured.standardOutputLines == ["total: 0", "total: 1"])
        #expect(
            captured.standardErrorLines == [
                "warning: --settle gave up after 0.05 seconds on hang: task \"hang\" #1 still running "
                    + "(--wait-limit sets the bound)"
            ])
    }

    @Test func waitGivesUpOnATickerAndGoesOn() async {
        let captured = CapturedOutput()
        let host = Tally.host(settings: LineSettings(waitLimit: .milliseconds(50)), output: captured)
        #expect(await host.run(lines: ["hang", ":wait", "add 2"]) == LineExitStatus.success)
        #expect(captured.standardOutputLines == ["total: 0", "total: 2"])
        #expect(captured.standardErrorLines.count == 1)
        #expect(captured.standardErrorLines.first?.hasPrefix("warning: :wait gave up after 0.05 seconds") == true)
    }

    @Test func waitReturnsOnceTheTasksEnd() async {
        let captured = CapturedOutput()
        let host = Tally.host(settings: LineSettings(waitLimit: .seconds(60)), output: captured)
        #expect(await host.run(lines: ["load", ":wait", ":state"]) == LineExitStatus.success)
        #expect(captured.standardOutputLines.contains("total: 10"))
        #expect(captured.standardError.isEmpty)
    }

    @Test func theEndOfInputNamesABodyThatIgnoresItsCancellation() async {
        let captured = CapturedOutput()
        let release = Signal()
        let env = Tally.Env(stubborn: { await release.wait() })
        let host = Tally.host(
            settings: LineSettings(waitLimit: .milliseconds(100)), output: captured, env: env)
        #expect(await host.run(lines: ["stubborn"]) == LineExitStatus.success)
        release.set()
        #expect(
            captured.standardErrorLines.contains {
                $0.hasPrefix("warning: stopped without waiting for task \"stubborn\" #1")
            })
    }
}
