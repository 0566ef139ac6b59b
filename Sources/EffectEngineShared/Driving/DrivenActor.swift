/// The actor a test host's loop runs on: its turns (the mailbox's drains, a grace
/// period's timer) wait until the test host runs them, on whatever thread drives it, so a
/// test on any actor, or on none, owns its loop as a `@MainActor` test owns the main
/// actor's. Shared with the package's other modules (`package` access).
///
/// Between two runs nothing happens on it: the state a test reads between its steps is
/// the state its last step left. Once released (its test host is gone), queued and later
/// turns run on the global concurrent executor, one at a time, so tasks that outlive the
/// host still end.
///
/// ```swift
/// let actor = DrivenActor(signal: signal)
/// let loop = DrivenLoop(initialState: 0, env: (), options: HostOptions(), actor: actor, update: update)
/// _ = actor.runTurns()
/// ```
package actor DrivenActor {
    private let executor: DrivenSerialExecutor

    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// - Parameter signal: Fired whenever a turn arrives, to wake a waiting driver.
    package init(signal: WorkSignal) {
        executor = DrivenSerialExecutor(signal: signal)
    }

    /// Runs the turns queued now, in arrival order, on the caller's thread; turns they
    /// enqueue wait for the next call. The caller is the actor's one driver: two drivers
    /// at once would break the actor's exclusion.
    ///
    /// - Returns: The number of turns run.
    package nonisolated func runTurns() -> Int {
        executor.runJobs()
    }

    /// Stops waiting for a driver: queued and later turns run on the global concurrent
    /// executor.
    package nonisolated func release() {
        executor.release()
    }
}

/// The serial executor of a ``DrivenActor``: jobs wait, in arrival order, until its
/// driver runs them; once released, a pool task runs them one at a time.
private final class DrivenSerialExecutor: SerialExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var isReleased = false
        /// Whether a pool task is running the jobs of a released executor.
        var isRunningReleased = false
    }

    private let state = Locked(State())
    private let signal: WorkSignal

    init(signal: WorkSignal) {
        self.signal = signal
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // Once the lock is let go, the driver or the released runner may run the job on
        // another thread, and the job may drop the last reference to the actor, and so to
        // this executor: after the lock only locals are touched (the signal is held here).
        let signal = self.signal
        // The runner starts after the lock is let go (house style). Touching `self` then is
        // safe: once released, only the runner started here runs the jobs, so none of them
        // can have dropped the last reference to this executor before it starts.
        let startsRunner = state.withLock { state in
            state.jobs.append(job)
            guard state.isReleased, !state.isRunningReleased else { return false }
            state.isRunningReleased = true
            return true
        }
        if startsRunner { runReleasedJobs() }
        signal.fire()
    }

    func runJobs() -> Int {
        let batch = state.withLock { state in
            guard !state.isReleased else { return [UnownedJob]() }
            defer { state.jobs = [] }
            return state.jobs
        }
        for job in batch { job.runSynchronously(on: asUnownedSerialExecutor()) }
        return batch.count
    }

    func release() {
        let startsRunner = state.withLock { state in
            state.isReleased = true
            guard !state.jobs.isEmpty, !state.isRunningReleased else { return false }
            state.isRunningReleased = true
            return true
        }
        if startsRunner { runReleasedJobs() }
        signal.fire()
    }

    /// Runs the jobs of a released executor on the pool, one at a time, until none is
    /// left: the actor's exclusion, kept without a driver.
    private func runReleasedJobs() {
        Task.detached { [self] in
            while true {
                let batch = state.withLock { state in
                    if state.jobs.isEmpty { state.isRunningReleased = false }
                    defer { state.jobs = [] }
                    return state.jobs
                }
                guard !batch.isEmpty else { return }
                for job in batch { job.runSynchronously(on: asUnownedSerialExecutor()) }
            }
        }
    }
}
