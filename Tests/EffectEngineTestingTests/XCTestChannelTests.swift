import EffectEngineTesting
import XCTest

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
}
