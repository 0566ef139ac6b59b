import Foundation

/// A serial executor whose jobs run, in arrival order, on a thread of its own: the actor
/// of a test that blocks a thread on purpose (a rendezvous of two `update`s), so that it
/// never holds a thread of the cooperative pool, which has one a core. Two such tests side
/// by side, each holding a pool thread while it waits for its other half, would leave no
/// thread for either other half on a 2-core machine.
///
/// ```swift
/// let host = ActorHost(initialState: 0, executor: ThreadSerialExecutor(), update: update)
/// ```
public final class ThreadSerialExecutor: SerialExecutor {
    private let thread = JobThread()

    public init() {
        thread.start { [unowned self] job in job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    deinit { thread.release() }

    public func enqueue(_ job: consuming ExecutorJob) {
        thread.add(UnownedJob(job))
    }
}

/// A task executor whose jobs run, in arrival order, on a thread of its own: the code of
/// a task that prefers it (SE-0417) and blocks a thread on purpose runs there, not on a
/// thread of the cooperative pool (see ``ThreadSerialExecutor``).
///
/// ```swift
/// let thread = ThreadTaskExecutor()
/// await withTaskExecutorPreference(thread) { await host.send(.meet) }
/// ```
public final class ThreadTaskExecutor: TaskExecutor {
    private let thread = JobThread()

    public init() {
        thread.start { [unowned self] job in job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    deinit { thread.release() }

    public func enqueue(_ job: consuming ExecutorJob) {
        thread.add(UnownedJob(job))
    }
}

/// A thread that runs the jobs added to it, in arrival order, until released.
///
/// `@unchecked Sendable`: `jobs` and `isReleased` are reached only under `condition`.
private final class JobThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isReleased = false

    /// Starts the thread, which runs each job with `run`; it holds this queue until
    /// ``release()`` and the last job.
    func start(_ run: @escaping @Sendable (UnownedJob) -> Void) {
        let thread = Thread { [self] in runJobs(run) }
        thread.stackSize = 1 << 20
        thread.start()
    }

    func add(_ job: UnownedJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once the jobs added by then have run.
    func release() {
        condition.lock()
        isReleased = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs(_ run: (UnownedJob) -> Void) {
        while true {
            condition.lock()
            while jobs.isEmpty && !isReleased { condition.wait() }
            let batch = jobs
            jobs = []
            condition.unlock()
            if batch.isEmpty { return }
            for job in batch { run(job) }
        }
    }
}
