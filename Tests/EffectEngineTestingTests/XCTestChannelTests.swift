import EffectEngineTesting
import XCTest
import TestSupport

/// The XCTest channel (T6): with no Swift Testing test running, failures go to `XCTFail`.
final class XCTestChannelTests: XCTestCase {
    private var failures: [(description: String, line: Int)] = []

    /// Captures failures instead of failing, so the test can assert them.
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        failures.append((description, lineNumber))
    }

    @MainActor
    func testPassingStepsRecordNothing() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
        await host.send(.start) { $0.isRunning = true }
        await clock.advance(by: .seconds(1))
        await host.receive(.tick) { $0.count = 1 }
        await host.send(.stop) { $0.isRunning = false }
        await host.finish()
        XCTAssertTrue(failures.isEmpty)
    }

    @MainActor
    func testFailuresGoToXCTestAtTheCallSite() async {
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: TestClock()), update: Ticker.update)
        let line = #line + 1
        await host.send(.tick) { $0.count = 2 }
        await host.finish()
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("− 2\n    + 1") == true)
    }

    // One test for each item of issue 37 (T9–T12), under XCTest: each failed before.

    @MainActor
    func testAReceiveOfAChainEventAlreadyPassedFailsAtOnce() async {
        let host = TestHost(initialState: Flow.State(), env: Flow.Env(), update: Flow.update)
        await host.send(.start) {
            $0.log = ["start", "done"]
            $0.count = 3
        }
        await host.receive(.delegate(.done)) { $0.log.append("done") }
        await host.receive(.loaded) {
            $0.log.append("loaded")
            $0.count = 0
        }
        let started = ContinuousClock.now
        await host.receive(.step(1), timeout: TestBounds.hang)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(30))
        await host.finish()
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains(
                ".step(1) was already processed, inside the chain of send(.start) at step 1") == true)
    }

    @MainActor
    func testAnUnexpectedDiagnosticFailsFinishNamingItAndTheEvent() async {
        let host = TestHost(
            initialState: Board.State(), env: Ticker.Env(clock: TestClock()), update: Board.update)
        await host.send(.row(7, .start))
        let line = #line + 1
        await host.finish()
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.description.contains(
                "row(7, .start) dropped: no child rows/7 in state (reported during send(.row(7, .start)))") == true)
        failures = []
        await host.send(.row(8, .start))
        await host.expectDiagnostic(.childMissing(scope: "rows/8"))
        await host.finish()
        XCTAssertTrue(failures.isEmpty)
    }

    @MainActor
    func testAssertShowsTheFieldByFieldDiff() async {
        let host = TestHost(
            initialState: Ticker.State(), env: Ticker.Env(clock: TestClock()), update: Ticker.update)
        await host.send(.tick) { $0.count = 1 }
        await host.assert { $0.count = 1 }
        XCTAssertTrue(failures.isEmpty)
        await host.assert { $0.count = 2 }
        await host.finish()
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("State at assert differs") == true)
        XCTAssertTrue(failures.first?.description.contains(".count\n    − 2\n    + 1") == true)
    }

    @MainActor
    func testImmediateClockAndUnimplementedStandIns() async {
        let clock = ImmediateClock()
        let host = TestHost(
            initialState: Loader.State(), env: Loader.Env(fetch: unimplemented("Loader.Env.fetch")),
            update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await host.receive(.failed("unimplemented Loader.Env.fetch called")) {
            $0.isLoading = false
            $0.error = "unimplemented Loader.Env.fetch called"
        }
        await host.finish()
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains(
                "Unimplemented: Loader.Env.fetch was called, and threw UnimplementedCall") == true)
        try? await clock.sleep(for: .seconds(5))
        XCTAssertEqual(clock.now.offset, .seconds(5))
    }

    /// Not `@MainActor`: the test host waits for the main actor, which XCTest keeps
    /// running while an async test runs, for a body that calls main-actor code.
    func testATestOffTheMainActorWaitsForABodysMainActorCalls() async {
        let clock = TestClock()
        let host = Hopping.host(env: Hopping.Env(clock: clock))
        await host.send(.start(hops: 20))
        await clock.advance(by: .seconds(1))
        await host.receive(.tick) { $0.count = 1 }
        await host.finish()
        XCTAssertTrue(failures.isEmpty, "\(failures)")
    }

    @MainActor
    func testSendLeavesTheBodiesOfItsTasksForTheNextSettle() async {
        let clock = TestClock()
        let opened = LockedValue<[Int]>([])
        let env = Opener.Env(clock: clock) { number, _ in opened.withValue { $0.append(number) } }
        let host = TestHost(initialState: Opener.State(), env: env, update: Opener.update)
        await host.send(.openTapped) { $0.isOpening = true }
        XCTAssertEqual(opened.value, [])
        await host.settle()
        XCTAssertEqual(opened.value, [1])
        await clock.advance(by: .seconds(1))
        await host.receive(.opened) { $0.isOpening = false }
        await host.finish()
        XCTAssertEqual(opened.value, [1, 2])
        XCTAssertTrue(failures.isEmpty)
    }
}
