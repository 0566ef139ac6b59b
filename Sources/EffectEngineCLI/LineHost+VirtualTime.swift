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

/// How a wait on virtual time ended.
enum VirtualWait {
    /// What was waited for happened.
    case done
    /// The clock reached the wait limit: an endless timer, say.
    case virtualLimit
    /// Tasks waiting on something other than the clock kept the host waiting as long as
    /// the wait limit, in wall-clock time.
    case wallClockLimit

    /// The bound that ran out, as the line host's warnings say it.
    func limit(_ limit: Duration) -> String {
        switch self {
        case .done, .virtualLimit: "\(limit) of virtual time"
        case .wallClockLimit: "\(limit) of waiting for tasks off the virtual clock"
        }
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

extension VirtualRun {
    /// Performs `event` on `host`, running task work, the loop and the clock until its
    /// tree settles or a bound passes (`limit` of virtual time, or as much wall-clock time
    /// spent waiting for tasks off the clock); returns how the wait ended. What a settled
    /// line does on virtual time, and each step of a test plan.
    ///
    /// - Parameters:
    ///   - isAbandoned: Whether to stop driving at once (the line host has ended).
    @MainActor
    func perform<State, Event: Sendable, Env: Sendable>(
        _ event: Event, on host: EffectHost<State, Event, Env>, limit: Duration,
        isAbandoned: () -> Bool = { false }
    ) async -> VirtualWait {
        let performed = Performed()
        Task { [executor] in
            // Set in the same main-actor turn as `perform` processes the event: nothing
            // suspends in between.
            performed.hasBegun = true
            await host.perform(event)
            performed.isDone = true
            executor.signal.fire()
        }
        // Time must not move before the event has been processed.
        while !performed.hasBegun { await Task.yield() }
        return await drive(host, limit: limit, isAbandoned: isAbandoned) { performed.isDone }
    }

    /// `:wait` on virtual time; returns whether no task runs any more, or which bound
    /// ran out.
    @MainActor
    func waitUntilIdle<State, Event: Sendable, Env: Sendable>(
        _ host: EffectHost<State, Event, Env>, limit: Duration, isAbandoned: () -> Bool
    ) async -> VirtualWait {
        await drive(host, limit: limit, isAbandoned: isAbandoned) { host.runningTaskCount == 0 }
    }

    /// Runs task work, the loop and the clock until `isDone`, or until a bound.
    @MainActor
    private func drive<State, Event: Sendable, Env: Sendable>(
        _ host: EffectHost<State, Event, Env>, limit waitLimit: Duration, isAbandoned: () -> Bool,
        until isDone: () -> Bool
    ) async -> VirtualWait {
        func ended(_ bound: VirtualWait) -> VirtualWait { isDone() ? .done : bound }
        let limit = clock.now.advanced(by: waitLimit)
        // The wall-clock bound counts only time spent waiting for something outside the
        // clock, never time spent running work, which a loaded machine may make slow.
        var patience = waitLimit
        while !isAbandoned() {
            // Run until quiet: no job left to run, no event waiting in the mailbox. A task
            // that never stops making work (a loop on `Task.yield()`) is given up on.
            guard await executor.runUntilQuiet(hasPendingInput: { host.hasPendingInput }).isQuiet else {
                return ended(.wallClockLimit)
            }
            if isDone() { return .done }
            let running = host.runningTaskCount
            if running > 0, clock.sleeperCount >= running {
                // Every running task sleeps on the clock: jump, unless past the bound.
                guard clock.advanceToNextDeadline(notAfter: limit) else { return ended(.virtualLimit) }
                continue
            }
            // Something outside the clock is awaited: wait for it to hand work over. With
            // no task running, that is only the perform's return, a turn the main actor
            // owes, which a loaded machine (or other work on the main actor) may delay:
            // no patience is spent on it. Otherwise a real timer or the outside world is
            // awaited, and the wait is charged in wall-clock time.
            let start = ContinuousClock.now
            let deadline = start.advanced(by: patience)
            await executor.signal.wait(until: deadline)
            if running == 0 { continue }
            guard ContinuousClock.now < deadline else { return ended(.wallClockLimit) }
            patience -= ContinuousClock.now - start
        }
        return ended(.virtualLimit)
    }
}

extension LineHost {
    /// Performs a line's event on virtual time; returns whether its tree settled within
    /// the bounds, or which bound ran out.
    func performOnVirtualTime(_ event: Event, _ run: VirtualRun) async -> VirtualWait {
        await run.perform(event, on: host, limit: settings.waitLimit) { isFinished }
    }

    /// `:wait` on virtual time; returns whether no task runs any more, or which bound
    /// ran out.
    func waitOnVirtualTime(_ run: VirtualRun) async -> VirtualWait {
        await run.waitUntilIdle(host, limit: settings.waitLimit) { isFinished }
    }
}
