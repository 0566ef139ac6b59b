import EffectEngine
import EffectEngineTesting
import TestSupport
import Testing

/// T9: the events an `.action` chain produced are received in order after the step that
/// processed them, and a receive of an event already processed fails at once, saying so.
@Suite("TestHost: the events of a chain (T9)")

struct TestHostChainTests {
    func makeHost() -> TestHost<Flow.State, Flow.Event, Flow.Env> {
        TestHost(initialState: Flow.State(), env: Flow.Env(), update: Flow.update)
    }

    nonisolated static func says(_ parts: String...) -> (Issue) -> Bool {
        { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return parts.allSatisfy { text.contains($0) }
        }
    }

    @Test func aChainsEventsAreReceivedInOrderEachWithItsOwnChange() async {
        let host = makeHost()
        await host.send(.start) {
            $0.log = ["start", "done"]
            $0.count = 3
        }
        await host.receive(.step(1)) { $0.count = 1 }
        await host.receive(.step(2)) { $0.count = 3 }
        await host.receive(.delegate(.done)) { $0.log.append("done") }
        await host.receive(.loaded) {
            $0.log.append("loaded")
            $0.count = 0
        }
        await host.receive(.refresh) { $0.count = 0 }
        await host.finish()
    }

    /// As TCA's non-exhaustive `receive` finds an event past those it skips, a step of the
    /// chain of a delivery skipped on the way is received.
    @Test func aTestThatIsNotExhaustiveReceivesAStepOfASkippedDeliverysChain() async {
        let host = makeHost()
        host.exhaustivity = .off
        await host.send(.start)
        await host.receive(.refresh) { $0.count = 0 }
        #expect(host.state.log == ["start", "done", "loaded"])
    }

    /// T9 as amended: an exhaustive test receives every event of a chain; one left
    /// unreceived fails the step that moves on, naming it.
    @Test func aChainEventLeftUnreceivedFailsTheNextStepNamingIt() async {
        let host = makeHost()
        await host.send(.start) {
            $0.log = ["start", "done"]
            $0.count = 3
        }
        await host.receive(.step(1)) { $0.count = 1 }
        await withKnownIssue {
            await host.receive(.loaded) {
                $0.log.append("loaded")
                $0.count = 0
            }
        } matching: {
            Self.says(
                "2 event(s) of the chain of send(.start) were not received before receive(.loaded):\n"
                    + "  .step(2)\n  .delegate(.done)")($0)
        }
        await withKnownIssue {
            await host.finish()
        } matching: {
            Self.says("1 event(s) of the chain of .loaded delivered by task \"load\"", "  .refresh")($0)
        }
    }

    @Test func finishFailsForAChainEventLeftUnreceived() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { [] }, update: Loader.update)
        await host.send(.chain(2)) { $0.items = ["step 2", "step 1"] }
        await withKnownIssue {
            await host.finish()
        } matching: {
            Self.says("1 event(s) of the chain of send(.chain(2)) were not received before finish():\n  .chain(1)")($0)
        }
    }

    @Test func theNextSendFailsForAChainEventLeftUnreceived() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { [] }, update: Loader.update)
        await host.send(.chain(2)) { $0.items = ["step 2", "step 1"] }
        await withKnownIssue {
            await host.send(.chain(1)) { $0.items.append("step 1") }
        } matching: {
            Self.says("before send(.chain(1)):\n  .chain(1)")($0)
        }
        await host.finish()
    }

    @Test func aReceiveOfAChainEventAlreadyReceivedFailsAtOnceWhileATaskRuns() async {
        let gate = Gate()
        let host = TestHost(
            initialState: Loader.State(), env: Loader.Env { await gate.wait(); return ["a"] }, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await host.send(.chain(2)) { $0.items = ["step 2", "step 1"] }
        await host.receive(.chain(1)) { $0.items.append("step 1") }
        let started = ContinuousClock.now
        await withKnownIssue {
            await host.receive(.chain(1), timeout: TestBounds.pastHang)
        } matching: {
            Self.says(
                "Nothing to receive for receive(.chain(1)): .chain(1) was received already: it is step 1 of the "
                    + "chain of send(.chain(2)), and the test received it.")($0)
        }
        #expect(ContinuousClock.now - started < TestBounds.hang)
        gate.open()
        await host.receive(.loaded(["a"]), timeout: TestBounds.hang) {
            $0.isLoading = false
            $0.items = ["a"]
        }
        await host.finish()
    }

    /// H9: a step a later receive passed over was never received, and the failure says
    /// so; it used to say "the test received it".
    @Test func aReceiveOfAStepPassedOverSaysItWasPassedOver() async {
        let gate = Gate()
        let host = TestHost(
            initialState: Loader.State(), env: Loader.Env { await gate.wait(); return ["a"] }, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await host.send(.chain(3)) { $0.items = ["step 3", "step 2", "step 1"] }
        await withKnownIssue {
            await host.receive(.chain(1))
        } matching: {
            Self.says("receive(.chain(1)) passed 1 event(s) of the chain of send(.chain(3))", "  .chain(2)")($0)
        }
        let started = ContinuousClock.now
        await withKnownIssue {
            await host.receive(.chain(2), timeout: TestBounds.pastHang)
        } matching: { issue in
            Self.says(
                "Nothing to receive for receive(.chain(2)): .chain(2) was passed over: it is step 1 of the chain of "
                    + "send(.chain(3)), and receive(.chain(1)) took step 2 after it.")(issue)
                && !Self.says("the test received it")(issue)
        }
        #expect(ContinuousClock.now - started < TestBounds.hang)
        gate.open()
        await host.receive(.loaded(["a"]), timeout: TestBounds.hang) {
            $0.isLoading = false
            $0.items = ["a"]
        }
        await host.finish()
    }

    /// H9: a step left unreceived when the test moved on was passed over, not received.
    @Test func aReceiveOfAStepLeftBehindSaysItWasPassedOver() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { [] }, update: Loader.update)
        await host.send(.chain(2)) { $0.items = ["step 2", "step 1"] }
        await withKnownIssue {
            await host.finish()
        } matching: {
            Self.says("before finish():\n  .chain(1)")($0)
        }
        await withKnownIssue {
            await host.receive(.chain(1), timeout: TestBounds.hang)
        } matching: {
            Self.says(
                ".chain(1) was passed over: it is step 1 of the chain of send(.chain(2)), and the test moved on from "
                    + "that chain without receiving it.")($0)
        }
        await host.finish()
    }

    @Test func aTestThatIsNotExhaustiveLeavesChainEventsUnreceived() async {
        let host = makeHost()
        host.exhaustivity = .off
        await host.send(.start)
        await host.receive(.loaded)
        await host.finish()
        #expect(host.state.log == ["start", "done", "loaded"])
    }

    @Test func withoutAClosureOnlyTheEventIsAsserted() async {
        let host = makeHost()
        await host.send(.start) {
            $0.log = ["start", "done"]
            $0.count = 3
        }
        await host.receive(.step(1))
        await host.receive(.step(2))
        await host.receive(.delegate(.done))
        await host.receive(.loaded) {
            $0.log.append("loaded")
            $0.count = 0
        }
        await host.receive(.refresh)
        await host.finish()
    }

    @Test func aStepsChangeIsComparedWithTheStateJustBeforeIt() async {
        let host = makeHost()
        await host.send(.start) {
            $0.log = ["start", "done"]
            $0.count = 3
        }
        await host.receive(.step(1)) { $0.count = 1 }
        await withKnownIssue {
            await host.receive(.step(2)) { $0.count = 2 }
        } matching: {
            Self.says(
                "State after receive(.step(2)), step 2 of the chain of send(.start), differs from the expected state",
                ".count\n    − 2\n    + 3")($0)
        }
        await host.receive(.delegate(.done)) { $0.log.append("done") }
        await host.receive(.loaded) {
            $0.log.append("loaded")
            $0.count = 0
        }
        await host.receive(.refresh)
        await host.finish()
    }

    @Test func aPassedStepFailsAtOnceSayingWhereItWasProcessed() async {
        let host = makeHost()
        await host.send(.start) {
            $0.log = ["start", "done"]
            $0.count = 3
        }
        await withKnownIssue {
            await host.receive(.step(2)) { $0.count = 3 }
        } matching: {
            Self.says("receive(.step(2)) passed 1 event(s) of the chain of send(.start) that were not received", "  .step(1)")($0)
        }
        let started = ContinuousClock.now
        await withKnownIssue {
            await host.receive(.step(1), timeout: TestBounds.pastHang)
        } matching: {
            Self.says(
                "Received an unexpected event (− expected, + actual):",
                ".step(1) was already processed, inside the chain of send(.start) at step 1, and the test has "
                    + "received step 2 of that chain, .step(2), since: a chain's events are received in the order "
                    + "update saw them.")($0)
        }
        #expect(ContinuousClock.now - started < TestBounds.hang)
        await withKnownIssue {
            await host.finish()
        } matching: {
            Self.says("  .delegate(.done)")($0)
        }
    }

    /// The issue's case: the awaited event was processed inside an earlier send, and no
    /// task runs. The receive used to wait out its bound and say "No task is running".
    @Test func aChainEventOfAnEarlierSendFailsAtOnce() async {
        let host = makeHost()
        await host.send(.start) {
            $0.log = ["start", "done"]
            $0.count = 3
        }
        await host.receive(.step(1))
        await host.receive(.step(2))
        await host.receive(.delegate(.done))
        await host.receive(.loaded) {
            $0.log.append("loaded")
            $0.count = 0
        }
        await host.receive(.refresh)
        let started = ContinuousClock.now
        await withKnownIssue {
            await host.receive(.delegate(.done), timeout: TestBounds.pastHang)
        } matching: {
            Self.says(
                "Nothing to receive for receive(.delegate(.done)): .delegate(.done) was already processed, inside "
                    + "the chain of send(.start) at step 3: a chain's events are received right after the send",
                "No task is running.")($0)
        }
        #expect(ContinuousClock.now - started < TestBounds.hang)
        await host.finish()
    }

    @Test func aSentEventAwaitedWhileEveryTaskSleepsOnTheTestClockSaysBoth() async {
        let clock = TestClock()
        let host = TestHost(initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
        await host.send(.start) { $0.isRunning = true }
        await host.send(.tick) { $0.count = 1 }
        await withKnownIssue {
            await host.receive(.tick, timeout: TestBounds.hang)
        } matching: {
            Self.says(
                "Nothing can arrive for receive(.tick): .tick is the event of send(.tick): the send asserted it",
                "And every running task sleeps on a TestClock")($0)
        }
        await clock.advance(by: .seconds(1))
        await host.receive(.tick) { $0.count = 2 }
        await host.send(.stop) { $0.isRunning = false }
        await host.finish()
    }

    /// A task that runs in real time could still deliver the event: the receive waits for
    /// it, and its timeout says where the event was processed.
    @Test func whileATaskRunsInRealTimeTheReceiveWaitsAndSaysSo() async {
        let gate = Gate()
        let host = TestHost(
            initialState: Loader.State(), env: Loader.Env { await gate.wait(); return ["a"] }, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await host.send(.chain(1)) { $0.items = ["step 1"] }
        await withKnownIssue {
            await host.receive(.chain(1), timeout: .milliseconds(20))
        } matching: {
            Self.says(
                "Timed out after 0.02 seconds waiting to receive .chain(1). .chain(1) is the event of "
                    + "send(.chain(1)): the send asserted it",
                "task \"load\" #1")($0)
        }
        gate.open()
        await host.receive(.loaded(["a"]), timeout: TestBounds.hang) {
            $0.isLoading = false
            $0.items = ["a"]
        }
        await host.finish()
    }

    @Test func theSentEventItselfIsNotReceived() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { [] }, update: Loader.update)
        await host.send(.chain(1)) { $0.items = ["step 1"] }
        await withKnownIssue {
            await host.receive(.chain(1), timeout: TestBounds.hang)
        } matching: {
            Self.says(".chain(1) is the event of send(.chain(1)): the send asserted it")($0)
        }
        await host.finish()
    }

    @Test func theEventsOfADeliveredEventsChainAreReceivedAfterIt() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { [] }, update: Loader.update)
        host.input(.chain(3))
        await host.receive(.chain(3)) { $0.items = ["step 3", "step 2", "step 1"] }
        await host.receive(.chain(2)) { $0.items = ["step 3", "step 2"] }
        await host.receive(.chain(1))
        await host.finish()
    }

    @Test func aStepOfAChainNotYetReceivedSaysWhichEventToReceiveFirst() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { [] }, update: Loader.update)
        host.input(.chain(2))
        await withKnownIssue {
            await host.receive(.chain(1))
        } matching: {
            Self.says(
                "Received an unexpected event (− expected, + actual):",
                ".chain(1) was already processed, inside the chain of .chain(2) sent through the host's input at "
                    + "step 1, which has not been received yet: receive .chain(2) first.")($0)
        }
        await host.finish()
    }

    @Test func anEventInTheChainAndDeliveredLaterIsReceivedTwice() async {
        let host = TestHost(initialState: Echo.State(), env: Echo.Env(), update: Echo.update)
        await host.send(.start) { $0.pings = 1 }
        await host.receive(.ping)
        await host.receive(.ping) { $0.pings = 2 }
        await host.finish()
    }

    @Test func aNonExhaustiveTestTakesAChainEventToo() async {
        let host = makeHost()
        host.exhaustivity = .off
        await host.send(.start)
        await host.receive(.delegate(.done)) { $0.log = ["start", "done"] }
        await host.receive(.loaded)
        await host.finish()
        #expect(host.state.log == ["start", "done", "loaded"])
    }
}

/// `start` pings at once, in its chain, and its task pings again.
private enum Echo {
    struct State: Equatable {
        var pings = 0
    }

    enum Event: Equatable, Sendable {
        case start
        case ping
    }

    struct Env: Sendable {}

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .start:
            return .sequence([.send(.ping), .task { input, _ in input(.ping) }])
        case .ping:
            state.pings += 1
            return nil
        }
    }
}
