import EffectEngine

/// The executor every task body of a ``TestHost`` prefers (SE-0417).
///
/// Jobs are not run when they arrive: they wait in a FIFO queue until the test host runs
/// them, all on the main actor, in ``runJobs()``. Task bodies, the actors they call
/// (default actors follow the task's executor preference) and the wake-ups of
/// ``TestClock`` sleepers therefore make progress only at the host's drain points, one
/// job at a time, which is what makes `TestClock.advance` deterministic.
///
/// Once released, the executor hands every queued and later job to the global concurrent
/// executor, so tasks outliving their test host still run to completion.
final class TestExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var isReleased = false
    }

    private let state = Locked(State())
    private let signal: WorkSignal

    /// - Parameter signal: Fired whenever a job arrives, to wake a waiting test host.
    init(signal: WorkSignal) {
        self.signal = signal
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let isReleased = state.withLock { state in
            if !state.isReleased { state.jobs.append(job) }
            return state.isReleased
        }
        if isReleased {
            globalConcurrentExecutor.enqueue(job)
        } else {
            signal.fire()
        }
    }

    /// Runs the jobs queued now, in arrival order; jobs they enqueue wait for the next
    /// call, so a task that never stops making work (a loop on `Task.yield()`) cannot
    /// keep the caller here forever. Called on the main actor; each job runs
    /// synchronously on this thread.
    ///
    /// - Returns: The number of jobs run.
    func runJobs() -> Int {
        let batch = state.withLock { state in
            defer { state.jobs = [] }
            return state.isReleased ? [] : state.jobs
        }
        for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        return batch.count
    }

    /// Stops queueing: forwards the queued jobs, and every later one, to the global
    /// concurrent executor.
    func release() {
        let queued = state.withLock { state in
            state.isReleased = true
            defer { state.jobs = [] }
            return state.jobs
        }
        for job in queued { globalConcurrentExecutor.enqueue(job) }
    }
}
