import EffectEngineShared
import TestSupport
import Testing

/// The executor a driven host's task bodies prefer: jobs wait for the driver, or, with
/// `runsBetweenDrives`, for a main-actor turn; once released, they run on the pool.
@Suite("DrivenExecutor: jobs wait for the driver; a line host's run between drives; released, on the pool")
struct DrivenExecutorTests {
    @Test func aJobWaitsUntilTheDriverRunsIt() async {
        let signal = WorkSignal()
        let executor = DrivenExecutor(signal: signal, runsBetweenDrives: false)
        let ran = Locked(false)
        signal.reset()
        let task = Task(executorPreference: executor) { ran.withLock { $0 = true } }
        await signal.wait(until: ContinuousClock.now.advanced(by: TestBounds.hang))
        #expect(!ran.withLock { $0 }, "a job ran before its driver ran it")
        #expect(executor.runJobs() == 1)
        #expect(ran.withLock { $0 })
        await task.value
    }

    /// The turn is scheduled after the executor's lock is let go (H9): it still runs.
    @Test func withRunsBetweenDrivesAMainActorTurnRunsTheJobs() async {
        let executor = DrivenExecutor(runsBetweenDrives: true)
        let ended = await withinBound(seconds: TestBounds.hangSeconds) {
            await Task(executorPreference: executor) { await Task.yield() }.value
        }
        #expect(ended, "no main-actor turn ran the jobs")
    }

    @Test func aReleasedExecutorForwardsQueuedAndLaterJobsToThePool() async {
        let signal = WorkSignal()
        let executor = DrivenExecutor(signal: signal, runsBetweenDrives: false)
        signal.reset()
        let queued = Task(executorPreference: executor) {}
        await signal.wait(until: ContinuousClock.now.advanced(by: TestBounds.hang))
        executor.release()
        let ended = await withinBound(seconds: TestBounds.hangSeconds) {
            await queued.value
            await Task(executorPreference: executor) {}.value
        }
        #expect(ended)
        #expect(executor.runJobs() == 0)
    }
}
