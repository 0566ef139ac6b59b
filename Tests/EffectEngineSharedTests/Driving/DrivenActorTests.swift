import EffectEngineShared
import TestSupport
import Testing

/// A turn of a driven actor: appends `name` to `log`, on the actor.
private func turn(_ name: String, on actor: isolated DrivenActor, log: Locked<[String]>) {
    log.withLock { $0.append(name) }
}

/// The actor of a driven host (a test host's loop): its turns wait until its driver runs
/// them, in arrival order; once released, they run on the pool.
@Suite("DrivenActor: turns wait for the driver, in arrival order; released, they run on the pool")
struct DrivenActorTests {
    /// Starts a task whose one turn on `actor` appends `name`, and returns once the turn
    /// has arrived (the actor's executor fired the signal).
    private func arrive(
        _ name: String, on actor: DrivenActor, log: Locked<[String]>, signal: WorkSignal
    ) async -> Task<Void, Never> {
        signal.reset()
        let task = Task { await turn(name, on: actor, log: log) }
        await signal.wait(until: ContinuousClock.now.advanced(by: TestBounds.hang))
        return task
    }

    @Test func aTurnWaitsUntilTheDriverRunsIt() async {
        let (signal, log) = (WorkSignal(), Locked<[String]>([]))
        let actor = DrivenActor(signal: signal)
        let task = await arrive("a", on: actor, log: log, signal: signal)
        #expect(log.withLock { $0 }.isEmpty, "a turn ran before its driver ran it")
        #expect(actor.runTurns() == 1)
        #expect(log.withLock { $0 } == ["a"])
        await task.value
        #expect(actor.runTurns() == 0)
    }

    @Test func turnsRunInArrivalOrder() async {
        let (signal, log) = (WorkSignal(), Locked<[String]>([]))
        let actor = DrivenActor(signal: signal)
        let first = await arrive("a", on: actor, log: log, signal: signal)
        let second = await arrive("b", on: actor, log: log, signal: signal)
        #expect(actor.runTurns() == 2)
        #expect(log.withLock { $0 } == ["a", "b"])
        await first.value
        await second.value
    }

    @Test func aReleasedActorRunsQueuedAndLaterTurnsOnThePool() async {
        let (signal, log) = (WorkSignal(), Locked<[String]>([]))
        let actor = DrivenActor(signal: signal)
        let queued = await arrive("queued", on: actor, log: log, signal: signal)
        actor.release()
        await queued.value
        await Task { await turn("later", on: actor, log: log) }.value
        #expect(log.withLock { $0 } == ["queued", "later"])
        #expect(actor.runTurns() == 0, "a released actor's driver runs nothing")
    }
}
