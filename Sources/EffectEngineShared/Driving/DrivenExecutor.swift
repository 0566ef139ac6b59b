/// The executor the task bodies of a driven host prefer (SE-0417): a ``TestHost``, or a
/// line host run with `--virtual-time`. Jobs wait in arrival order until the driver runs
/// them, on the driver's thread, one at a time, so the driver knows when no task can make
/// progress and a run does the same thing every time; task bodies, the actors they call
/// (default actors follow the task's executor preference) and the wake-ups of sleepers on
/// a controlled clock make progress only when it runs them.
///
/// Each arrival fires the driver's ``signal``. A line host's tasks also progress between
/// its lines: with `runsBetweenDrives`, an arrival schedules one main-actor turn that runs
/// the jobs queued by then. Once released (its host has stopped), queued and later jobs go
/// to the global concurrent executor, so tasks that outlive their host still run to
/// completion. Shared with the package's other modules (`package` access).
///
/// ```swift
/// let executor = DrivenExecutor(runsBetweenDrives: false)
/// let host = EffectHost(initialState: state, options: HostOptions(taskExecutor: executor), update: update)
/// host.send(.load)
/// let quiet = await executor.runUntilQuiet { host.hasPendingInput }
/// ```
package final class DrivenExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var isTurnScheduled = false
        var isReleased = false
    }

    private let state = Locked(State())
    /// Fired by every arrival and by ``release()``.
    package let signal: WorkSignal
    private let runsBetweenDrives: Bool

    /// - Parameters:
    ///   - signal: Fired whenever a job arrives, to wake a waiting driver.
    ///   - runsBetweenDrives: Whether an arrival also schedules a main-actor turn that
    ///     runs the queued jobs, so tasks progress while nobody drives.
    package init(signal: WorkSignal = WorkSignal(), runsBetweenDrives: Bool) {
        self.signal = signal
        self.runsBetweenDrives = runsBetweenDrives
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // Once the lock is let go, a driver on another thread may run the job, and the job
        // may drop the last reference to this executor: after the lock only locals are
        // touched (the signal is held here).
        let signal = self.signal
        weak let owner = runsBetweenDrives ? self : nil
        let (isReleased, schedulesTurn) = state.withLock { state in
            guard !state.isReleased else { return (true, false) }
            state.jobs.append(job)
            guard runsBetweenDrives, !state.isTurnScheduled else { return (false, false) }
            state.isTurnScheduled = true
            return (false, true)
        }
        if isReleased { return globalConcurrentExecutor.enqueue(job) }
        // The turn is scheduled after the lock is let go (house style), through a weak
        // reference taken before it: a job that dropped the last reference meanwhile is no
        // harm.
        if schedulesTurn { Task { @MainActor in owner?.runTurn() } }
        signal.fire()
    }

    /// Runs the jobs queued now, in arrival order; jobs they enqueue wait for the next
    /// call, so a task that never stops making work (a loop on `Task.yield()`) cannot keep
    /// the caller here forever. Each job runs synchronously on the caller's thread: the
    /// main actor's for a line host, the test's for a test host. The caller is the
    /// executor's one driver.
    ///
    /// - Returns: The number of jobs run.
    package func runJobs() -> Int {
        let batch = state.withLock { state in
            defer { state.jobs = [] }
            return state.isReleased ? [] : state.jobs
        }
        for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        return batch.count
    }

    /// Runs rounds until quiet: each round runs the ready jobs, then yields the main actor
    /// so that what they scheduled there runs (the mailbox drain that processes their
    /// events, or a hop of theirs to the main actor, which enqueues their continuation back
    /// here). Quiet is a round with no job to run and `hasPendingInput` false.
    ///
    /// - Returns: Whether it became quiet (`false` for work that never stops, given up on
    ///   after ``quietRoundLimit`` rounds), and whether any round did something.
    @MainActor
    package func runUntilQuiet(hasPendingInput: () -> Bool) async -> (isQuiet: Bool, progressed: Bool) {
        var progressed = false
        for _ in 0..<Self.quietRoundLimit {
            let ran = runJobs()
            if ran == 0 && !hasPendingInput() { return (true, progressed) }
            progressed = true
            await Task.yield()
        }
        return (false, progressed)
    }

    /// The most rounds of ``runUntilQuiet(hasPendingInput:)`` before it gives up on work
    /// that never quiets.
    package static var quietRoundLimit: Int { 100_000 }

    @MainActor
    private func runTurn() {
        state.withLock { $0.isTurnScheduled = false }
        _ = runJobs()
    }

    /// Stops queueing: forwards the queued jobs, and every later one, to the global
    /// concurrent executor, and wakes a waiting driver.
    package func release() {
        let queued = state.withLock { state in
            state.isReleased = true
            defer { state.jobs = [] }
            return state.jobs
        }
        for job in queued { globalConcurrentExecutor.enqueue(job) }
        signal.fire()
    }
}
