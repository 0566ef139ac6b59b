import EffectEngine
import TestSupport
import Testing

@testable import EffectEngineTesting

/// T10: a diagnostic an exhaustive test did not expect fails it, naming the diagnostic
/// and the event it came from; `expectDiagnostic` asserts one.
@Suite("TestHost: diagnostics (T10)")

struct TestHostDiagnosticsTests {
    func makeHost(
        exhaustivity: Exhaustivity = .on, chainLimit: Int = 10_000
    ) -> TestHost<Faulty.State, Faulty.Event, Faulty.Env> {
        TestHost(
            initialState: Faulty.State(), env: Faulty.Env(clock: TestClock()), exhaustivity: exhaustivity,
            chainLimit: chainLimit, update: Faulty.update)
    }

    nonisolated static func says(_ parts: String...) -> (Issue) -> Bool {
        { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return parts.allSatisfy { text.contains($0) }
        }
    }

    /// The issue's case: an event for a child that is gone used to pass an exhaustive test.
    @Test func anEventForAChildThatIsGoneFailsFinishNamingItAndTheEvent() async {
        let host = TestHost(
            initialState: Board.State(), env: Ticker.Env(clock: TestClock()), update: Board.update)
        await host.send(.row(7, .start))
        await withKnownIssue {
            await host.finish()
        } matching: {
            Self.says(
                "The host reported 1 diagnostic(s) the test did not expect:\n"
                    + "  row(7, .start) dropped: no child rows/7 in state (reported during send(.row(7, .start)))\n",
                "await host.expectDiagnostic(.childMissing(scope: \"rows/7\")) (T10)")($0)
        }
    }

    @Test func anUnexpectedDiagnosticFailsTheNextSend() async {
        let host = TestHost(
            initialState: Board.State(), env: Ticker.Env(clock: TestClock()), update: Board.update)
        await host.send(.row(7, .start))
        await withKnownIssue {
            await host.send(.add(1)) { $0.rows = [Board.Row(id: 1)] }
        } matching: {
            Self.says("(reported during send(.row(7, .start)))")($0)
        }
        await host.finish()
    }

    @Test func anExpectedDiagnosticPasses() async {
        let host = TestHost(
            initialState: Board.State(), env: Ticker.Env(clock: TestClock()), update: Board.update)
        await host.send(.row(7, .start))
        #expect(host.pendingDiagnostics.count == 1)
        await host.expectDiagnostic(.childMissing(scope: "rows/7"))
        #expect(host.pendingDiagnostics.isEmpty)
        await host.finish()
    }

    @Test func aTasksErrorFailsNamingTheTaskAndTheEventThatStartedIt() async {
        let host = makeHost()
        await host.send(.load) { $0.loads = 1 }
        await withKnownIssue {
            await host.finish()
        } matching: {
            Self.says(
                "task \"load\" #1 failed: offline (task \"load\" #1 was started by send(.load))",
                "await host.expectDiagnostic(.taskFailed(named: \"load\"))")($0)
        }
    }

    @Test func aTasksErrorIsExpectedAfterItsTaskRan() async {
        let host = makeHost()
        await host.send(.load) { $0.loads = 1 }
        await host.expectDiagnostic(.taskFailed(named: "load"))
        await host.finish()
    }

    @Test func aCutChainFails() async {
        let host = makeHost(chainLimit: 5)
        await host.send(.ping) { $0.pings = 6 }
        for _ in 1...5 { await host.receive(.ping) }
        await withKnownIssue {
            await host.finish()
        } matching: {
            Self.says(
                "action chain started by ping cut after 5 steps (possible cycle) (reported during send(.ping))",
                "expectDiagnostic(.chainCut)")($0)
        }
        await host.send(.ping) { $0.pings = 12 }
        for _ in 1...5 { await host.receive(.ping) }
        await host.expectDiagnostic(.chainCut)
        await host.finish()
    }

    @Test func aRejectionNeverFailsAndMayBeAsserted() async {
        let host = makeHost()
        await host.send(.refuse)
        await host.send(.refuse)
        await host.expectDiagnostic(.rejected("not now"))
        await host.finish()
    }

    @Test func aCancelledTasksLateEventIsNoDiagnostic() async {
        let host = makeHost()
        await host.send(.startLate)
        await host.settle()
        await host.send(.cancelLate)
        await host.finish()
        let dropped = host.activities.contains { if case .droppedEvents(1, _) = $0 { true } else { false } }
        #expect(dropped)
    }

    @Test func anotherDiagnosticFailsTheExpectationNamingBoth() async {
        let host = makeHost()
        await host.send(.load) { $0.loads = 1 }
        await withKnownIssue {
            await host.expectDiagnostic(.chainCut)
        } matching: {
            Self.says(
                "expectDiagnostic(.chainCut): the next diagnostic the host reported is another:\n"
                    + "  task \"load\" #1 failed: offline (task \"load\" #1 was started by send(.load))")($0)
        }
        await host.finish()
    }

    @Test func anExpectationNothingCanMeetFailsAtOnce() async {
        let host = makeHost()
        let started = ContinuousClock.now
        await withKnownIssue {
            await host.expectDiagnostic(.taskFailed, timeout: TestBounds.pastHang)
        } matching: {
            Self.says(
                "expectDiagnostic(.taskFailed): no such diagnostic was reported, and none can be: no task is running.")(
                $0)
        }
        #expect(ContinuousClock.now - started < TestBounds.hang)
        await host.finish()
    }

    @Test func aReceiveThatTimesOutNamesTheTasksError() async {
        let host = makeHost()
        await host.send(.load) { $0.loads = 1 }
        await withKnownIssue {
            await host.receive(.late, timeout: .milliseconds(10))
        } matching: {
            Self.says("The host reported meanwhile:\n  task \"load\" #1 failed: offline")($0)
        }
        await host.expectDiagnostic(.taskFailed)
        await host.finish()
    }

    @Test func aNonExhaustiveTestRecordsThem() async {
        let host = makeHost(exhaustivity: .off)
        await host.send(.load)
        await host.finish()
        #expect(
            host.skippedAssertions.contains {
                $0.hasPrefix("Let pass 1 diagnostic(s):\n  task \"load\" #1 failed: offline")
            })
    }

    @Test func aTestReleasedWithAnUnexpectedDiagnosticFails() async {
        await withKnownIssue {
            var host: TestHost? = makeHost()
            await host!.send(.load) { $0.loads = 1 }
            await host!.settle()
            host = nil
        } matching: {
            Self.says(
                "The test ended without finish() after its last step",
                "1 diagnostic(s) the test did not expect:\n  task \"load\" #1 failed: offline")($0)
        }
    }

    @Test func whichDiagnosticsFailAnExhaustiveTest() {
        let task = TaskInfo(id: 1, name: "load")
        #expect(Diagnostic.chainCut(limit: 5, event: ".ping").failsExhaustiveTest)
        #expect(Diagnostic.taskFailed(task, Faulty.Offline()).failsExhaustiveTest)
        #expect(Diagnostic.taskIgnoresCancellation(task, gracePeriod: .seconds(1)).failsExhaustiveTest)
        #expect(Diagnostic.childMissing(scope: "rows/7", event: ".tick").failsExhaustiveTest)
        #expect(Diagnostic.writeFailed(path: "a.json", reason: "disk full").failsExhaustiveTest)
        #expect(!Diagnostic.rejected(reason: "not now").failsExhaustiveTest)
        #expect(!Diagnostic.tasksLeftBehind([task]).failsExhaustiveTest)
        #expect(!Diagnostic.taskFailed(task, UnimplementedCall("Env.load", arguments: 1)).failsExhaustiveTest)
    }

    @Test func expectationsMatchTheirKindAndNarrowing() {
        let task = TaskInfo(id: 1, name: "rows/2/load")
        let failed = Diagnostic.taskFailed(task, Faulty.Offline())
        #expect(ExpectedDiagnostic.taskFailed.matches(failed))
        #expect(ExpectedDiagnostic.taskFailed(named: "rows/2/load").matches(failed))
        #expect(!ExpectedDiagnostic.taskFailed(named: "load").matches(failed))
        #expect(!ExpectedDiagnostic.chainCut.matches(failed))
        #expect(ExpectedDiagnostic.containing("offline").matches(failed))
        let byTask = ExpectedDiagnostic.matching { diagnostic in
            if case .taskFailed(let task, _) = diagnostic { task.id == 1 } else { false }
        }
        #expect(byTask.matches(failed))
        let ignores = Diagnostic.taskIgnoresCancellation(task, gracePeriod: .seconds(1))
        #expect(ExpectedDiagnostic.taskIgnoresCancellation.matches(ignores))
        #expect(ExpectedDiagnostic.writeFailed.matches(.writeFailed(path: "a", reason: "b")))
        #expect(ExpectedDiagnostic.childMissing.matches(.childMissing(scope: "rows/2", event: ".x")))
        #expect(!ExpectedDiagnostic.childMissing(scope: "rows/20").matches(.childMissing(scope: "rows/2", event: ".x")))
        #expect(ExpectedDiagnostic.rejected.matches(.rejected(reason: "no")))
        #expect(!ExpectedDiagnostic.rejected("yes").matches(.rejected(reason: "no")))
        #expect(ExpectedDiagnostic.taskFailed(named: "load").description == ".taskFailed(named: \"load\")")
    }
}
