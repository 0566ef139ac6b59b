import EffectEngine

/// The executor the task bodies of a line host run with `--virtual-time` prefer
/// (SE-0417): every job runs on the main actor, one at a time in arrival order, so the
/// host knows when no task can make progress, and a run prints the same thing every
/// time.
///
/// A job arriving schedules one main-actor turn that runs the jobs queued then, so tasks
/// progress between lines too; the host's virtual-time driver runs them itself while it
/// waits, and is woken by each arrival. Once released (the host has stopped), queued and
/// later jobs go to the global concurrent executor.
final class VirtualExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var isTurnScheduled = false
        var isReleased = false
        /// The driver waiting for something to happen, if any.
        var waiter: CheckedContinuation<Void, Never>?
        /// Something happened since the driver last looked.
        var isPoked = false
    }

    private let state = Locked(State())

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let (isReleased, schedulesTurn) = state.withLock { state in
            guard !state.isReleased else { return (true, false) }
            state.jobs.append(job)
            defer { state.isTurnScheduled = true }
            return (false, !state.isTurnScheduled)
        }
        if isReleased { return globalConcurrentExecutor.enqueue(job) }
        if schedulesTurn { Task { @MainActor [weak self] in self?.runTurn() } }
        poke()
    }

    /// Runs the jobs queued now, in arrival order; jobs they enqueue wait for the next
    /// call. Returns how many ran.
    @MainActor
    func runJobs() -> Int {
        let batch = state.withLock { state in
            defer { state.jobs = [] }
            return state.isReleased ? [] : state.jobs
        }
        for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        return batch.count
    }

    @MainActor
    private func runTurn() {
        state.withLock { $0.isTurnScheduled = false }
        _ = runJobs()
    }

    /// Wakes the driver: a job arrived, or a settled line's `perform` returned.
    func poke() {
        let waiter = state.withLock { state in
            defer { state.waiter = nil }
            if state.waiter == nil { state.isPoked = true }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Waits until poked (at once if poked since the last wait), or until `deadline` of
    /// the continuous clock. Returns `false` once the deadline has passed.
    func waitForWork(until deadline: ContinuousClock.Instant) async -> Bool {
        guard ContinuousClock.now < deadline else { return false }
        let timer = Task { [weak self] in
            try await Task.sleep(until: deadline, clock: .continuous)
            self?.poke()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.isPoked || state.isReleased {
                    state.isPoked = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        timer.cancel()
        return ContinuousClock.now < deadline
    }

    /// Hands queued and later jobs to the global concurrent executor, and releases a
    /// waiting driver.
    func release() {
        let (queued, waiter) = state.withLock { state in
            state.isReleased = true
            defer {
                state.jobs = []
                state.waiter = nil
            }
            return (state.jobs, state.waiter)
        }
        for job in queued { globalConcurrentExecutor.enqueue(job) }
        waiter?.resume()
    }
}
