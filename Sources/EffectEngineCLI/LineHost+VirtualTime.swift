import EffectEngine
import EffectEngineShared

// `--virtual-time`: the host runs on a virtual clock, and its task bodies on an executor
// whose jobs run on the main actor. Time stands still except while the host waits, on a
// settled line or `:wait`: then, each time no task can make progress without time moving
// (no job queued, no event waiting) and every running task sleeps on the clock, the clock
// jumps to the next deadline. The wait is bounded by `waitLimit` of virtual time, so an
// endless timer is cut at the same tick on every run, and by as much wall-clock time spent
// waiting for tasks that wait on something else (time spent running work does not count,
// so a loaded machine prints the same).

/// The clock and executor of a line host on virtual time.
struct VirtualRun: Sendable {
    let clock: VirtualClock
    let executor: DrivenExecutor

    /// `options` with the virtual clock and executor; bodies run on the executor, whose
    /// queue tells when no task can make progress, even for a host whose bodies would
    /// otherwise run on the main actor.
    func options(from options: HostOptions) -> HostOptions {
        var options = options
        options.clock = clock
        options.taskExecutor = executor
        options.taskIsolation = .concurrent
        return options
    }
}

/// Where a settled line's `perform` is.
@MainActor
private final class Performed {
    /// The event has been processed (the `perform` began, synchronously).
    var hasBegun = false
    /// The `perform` returned.
    var isDone = false
}

extension LineHost {
    /// Performs a line's event on virtual time; returns whether its tree settled within
    /// the bound.
    func performOnVirtualTime(_ event: Event, _ run: VirtualRun) async -> Bool {
        let performed = Performed()
        Task { [host] in
            // Set in the same main-actor turn as `perform` processes the event: nothing
            // suspends in between.
            performed.hasBegun = true
            await host.perform(event)
            performed.isDone = true
            run.executor.signal.fire()
        }
        // Time must not move before the event has been processed.
        while !performed.hasBegun { await Task.yield() }
        return await drive(run) { performed.isDone }
    }

    /// `:wait` on virtual time; returns whether no task runs any more.
    func waitOnVirtualTime(_ run: VirtualRun) async -> Bool {
        await drive(run) { [host] in host.runningTaskCount == 0 }
    }

    /// Runs task work, the loop and the clock until `isDone`, or until the bound.
    private func drive(_ run: VirtualRun, until isDone: () -> Bool) async -> Bool {
        let limit = run.clock.now.advanced(by: settings.waitLimit)
        // The wall-clock bound counts only time spent waiting for something outside the
        // clock, never time spent running work, which a loaded machine may make slow.
        var patience = settings.waitLimit
        while !isFinished {
            // Run until quiet: no job left to run, no event waiting in the mailbox. A task
            // that never stops making work (a loop on `Task.yield()`) is given up on.
            guard await run.executor.runUntilQuiet(hasPendingInput: { host.hasPendingInput }).isQuiet else {
                return isDone()
            }
            if isDone() { return true }
            let running = host.runningTaskCount
            if running > 0, run.clock.sleeperCount >= running {
                // Every running task sleeps on the clock: jump, unless past the bound.
                guard run.clock.advanceToNextDeadline(notAfter: limit) else { return false }
                continue
            }
            // Something outside the clock is awaited: wait for it to hand work over. With
            // no task running, that is only the perform's return, a turn the main actor
            // owes, which a loaded machine (or other work on the main actor) may delay:
            // no patience is spent on it. Otherwise a real timer or the outside world is
            // awaited, and the wait is charged in wall-clock time.
            let start = ContinuousClock.now
            let deadline = start.advanced(by: patience)
            await run.executor.signal.wait(until: deadline)
            if running == 0 { continue }
            guard ContinuousClock.now < deadline else { return isDone() }
            patience -= ContinuousClock.now - start
        }
        return isDone()
    }
}
