import EffectEngineShared
import TestSupport
import Testing

/// The sleepers of a clock moved by hand: wake-ups in deadline order, cancellation, the
/// held due sleep of a test clock, and the count of one driven host's sleepers.
@Suite("ManualSleepers: deadline order, cancellation, held due sleeps, sleepers per executor")
struct ManualSleepersTests {
    private let start = ContinuousClock.now

    private func at(_ seconds: Int) -> ContinuousClock.Instant { start.advanced(by: .seconds(seconds)) }

    /// Starts a sleep until `deadline` and returns once it has registered.
    private func sleep(
        until deadline: ContinuousClock.Instant, on sleepers: ManualSleepers<ContinuousClock.Instant>
    ) async -> Task<Bool, Never> {
        let before = sleepers.count
        let task = Task {
            do {
                try await sleepers.sleep(until: deadline)
                return true
            } catch {
                return false
            }
        }
        for _ in 0..<1_000_000 where sleepers.count == before { await Task.yield() }
        #expect(sleepers.count == before + 1, "the sleep never registered")
        return task
    }

    @Test func sleepersWakeInDeadlineOrderAndTimeMovesToEach() async {
        let sleepers = ManualSleepers(now: start)
        let late = await sleep(until: at(2), on: sleepers)
        let early = await sleep(until: at(1), on: sleepers)
        let alsoEarly = await sleep(until: at(1), on: sleepers)
        #expect(sleepers.nextDeadline == at(1))
        #expect(sleepers.wakeNext(notAfter: at(5)))
        let (first, second) = (await early.value, await alsoEarly.value)
        #expect(first && second)
        #expect(sleepers.now == at(1))
        #expect(sleepers.count == 1)
        #expect(!sleepers.wakeNext(notAfter: at(1)), "a deadline after the limit woke")
        #expect(sleepers.wakeNext(notAfter: at(5)))
        #expect(await late.value)
        #expect(sleepers.now == at(2))
        #expect(!sleepers.wakeNext(notAfter: at(5)))
        sleepers.move(to: at(5))
        #expect(sleepers.now == at(5))
    }

    @Test func cancellingASleeperEndsItsSleepWithCancellation() async {
        let sleepers = ManualSleepers(now: start)
        let task = await sleep(until: at(1), on: sleepers)
        task.cancel()
        #expect(await !task.value)
        #expect(sleepers.count == 0)
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await sleepers.sleep(until: at(1))
                return true
            } catch {
                return false
            }
        }
        #expect(await !cancelledFirst.value)
        #expect(sleepers.count == 0)
    }

    @Test func aDueSleepReturnsAtOnceUnlessDueSleepsAreHeld() async throws {
        let plain = ManualSleepers(now: start)
        try await plain.sleep(until: start)
        let held = ManualSleepers(now: start, holdsDueSleeps: true)
        let task = await sleep(until: start, on: held)
        #expect(held.wakeNext(notAfter: start))
        #expect(await task.value)
    }

    /// H9: a clock shared by several test hosts counts each host's sleepers by the executor
    /// its tasks prefer.
    @Test func sleepersAreCountedByTheExecutorTheirTasksPrefer() async {
        let sleepers = ManualSleepers(now: start)
        let signal = WorkSignal()
        let executor = DrivenExecutor(signal: signal, runsBetweenDrives: false)
        let other = DrivenExecutor(runsBetweenDrives: false)
        signal.reset()
        let task = Task(executorPreference: executor) { try? await sleepers.sleep(until: at(1)) }
        await signal.wait(until: ContinuousClock.now.advanced(by: TestBounds.hang))
        #expect(executor.runJobs() == 1)
        let unpreferring = await sleep(until: at(1), on: sleepers)
        #expect(sleepers.count == 2)
        #expect(sleepers.count(preferring: executor.asUnownedTaskExecutor()) == 1)
        #expect(sleepers.count(preferring: other.asUnownedTaskExecutor()) == 0)
        signal.reset()
        #expect(sleepers.wakeNext(notAfter: at(1)))
        #expect(await unpreferring.value)
        await signal.wait(until: ContinuousClock.now.advanced(by: TestBounds.hang))
        #expect(executor.runJobs() == 1)
        await task.value
    }
}
