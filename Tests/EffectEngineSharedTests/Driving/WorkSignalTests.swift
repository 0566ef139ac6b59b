import EffectEngineShared
import TestSupport
import Testing

/// The signal that wakes a driver (a test host, a line host on virtual time): one fire
/// wakes every wait, and a wait ends at its deadline with no fire.
@Suite("WorkSignal: one fire wakes every wait; a wait ends at its deadline")
struct WorkSignalTests {
    @Test func aSignalWakesEveryConcurrentWait() async {
        let signal = WorkSignal()
        let deadline = ContinuousClock.now.advanced(by: TestBounds.hang)
        let first = Task { await signal.wait(until: deadline) }
        let second = Task { await signal.wait(until: deadline) }
        // Fire only once both waits are pending: one fire must wake them both.
        for _ in 0..<100_000 where signal.waitingCount < 2 { await Task.yield() }
        #expect(signal.waitingCount == 2)
        signal.fire()
        await first.value
        await second.value
        #expect(ContinuousClock.now < deadline)
    }

    @Test func aWaitWhoseDeadlinePassedReturns() async {
        let signal = WorkSignal()
        // Never fired: each wait can only end at its deadline, past or a few ms ahead.
        let returned = await withinBound(seconds: TestBounds.hangSeconds) {
            await signal.wait(until: ContinuousClock.now.advanced(by: .milliseconds(-1)))
            await signal.wait(until: ContinuousClock.now.advanced(by: .milliseconds(5)))
        }
        #expect(returned, "a wait with no fire outlived its deadline")
        #expect(signal.waitingCount == 0)
    }
}
