import EffectEngineShared
import Synchronization

/// The task bodies every host of the process has issued on the shared executor that have
/// not begun yet, and the wait that keeps their number bounded (S3).
///
/// A body runs as a Swift task queued on the shared executor. A feeder that awaits one
/// ``ActorHost``'s `send` after another, one feeder a core, may never give its thread up:
/// its hop onto the host's actor and back switches work on the same thread, queueing
/// nothing. Bodies queued behind it would wait for the feeder to end, hundreds of thousands
/// of them, each holding its frames. So an awaited `send` on an actor host, and a sessions
/// program's reader, wait while more than ``limit`` bodies have not begun; the bodies that
/// begin meanwhile resume them once the backlog is down to half the limit.
///
/// ```swift
/// for event in events { await host.send(event) }   // waits while the backlog is full
/// print(BodyBacklog.peak <= BodyBacklog.limit + 64)
/// ```
///
/// Counted: bodies started on the shared executor, which always runs them. A body on a
/// task executor of the user's (``HostOptions/taskExecutor``) or on the host's actor is
/// not: its executor, not this count, says when it runs.
public enum BodyBacklog {
    /// How many bodies may wait to begin before an awaited send waits: 1,024 unless set,
    /// about 1 MiB of bodies' frames at most. A server with memory to spare may raise it;
    /// a value below 1 is taken as 1.
    ///
    /// ```swift
    /// BodyBacklog.limit = 16_384
    /// ```
    public static var limit: Int {
        get { bound.load(ordering: .relaxed) }
        set { bound.store(max(1, newValue), ordering: .relaxed) }
    }

    /// The limit a process starts with.
    public static let defaultLimit = 1_024

    /// The bodies issued that have not begun, now.
    ///
    /// ```swift
    /// print("waiting to begin: \(BodyBacklog.count)")
    /// ```
    public static var count: Int { unrun.load(ordering: .sequentiallyConsistent) }

    /// The most bodies that waited to begin at once, since the process started or since
    /// ``resetPeak()``.
    ///
    /// ```swift
    /// BodyBacklog.resetPeak()
    /// for _ in 0..<100_000 { await host.send(.go) }
    /// print(BodyBacklog.peak)
    /// ```
    public static var peak: Int { highest.load(ordering: .relaxed) }

    /// Starts ``peak`` again from the backlog of now.
    ///
    /// ```swift
    /// BodyBacklog.resetPeak()
    /// ```
    public static func resetPeak() {
        highest.store(count, ordering: .relaxed)
    }

    /// Returns at once while the backlog is at most ``limit``; otherwise waits until the
    /// bodies waiting to begin are down to half of it. A loop of its own feeding hosts
    /// from outside calls it between sends where it does not await `send` itself. It runs
    /// on its caller's actor (`nonisolated(nonsending)`), so a wait with room costs no hop.
    ///
    /// ```swift
    /// for line in lines {
    ///     host.input(event(for: line))
    ///     await BodyBacklog.waitForRoom()
    /// }
    /// ```
    public nonisolated(nonsending) static func waitForRoom() async {
        let limit = limit
        guard count > limit else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let hasRoom = waiters.withLock { waiting in
                waiting.append(continuation)
                hasWaiters.store(true, ordering: .sequentiallyConsistent)
                // Looked at again after the flag is up: a body that began before it saw no
                // waiter, and may have been the last to begin.
                guard count <= limit else { return false }
                waiting.removeLast()
                hasWaiters.store(!waiting.isEmpty, ordering: .sequentiallyConsistent)
                return true
            }
            if hasRoom { continuation.resume() }
        }
    }

    private static let bound = Atomic<Int>(defaultLimit)
    private static let unrun = Atomic<Int>(0)
    private static let highest = Atomic<Int>(0)
    private static let hasWaiters = Atomic<Bool>(false)
    // `Locked`, on a pthread mutex, not `Mutex`: the thread sanitizer sees its ordering.
    private static let waiters = Locked<[CheckedContinuation<Void, Never>]>([])

    /// A body was issued on the shared executor.
    @usableFromInline
    static func issued() {
        let now = unrun.add(1, ordering: .sequentiallyConsistent).newValue
        var seen = highest.load(ordering: .relaxed)
        while now > seen {
            let (exchanged, original) = highest.weakCompareExchange(
                expected: seen, desired: now, ordering: .relaxed)
            if exchanged { break }
            seen = original
        }
    }

    /// A body issued on the shared executor began; the waiters are resumed once the
    /// backlog is down to half the limit.
    @usableFromInline
    static func began() {
        let now = unrun.subtract(1, ordering: .sequentiallyConsistent).newValue
        guard now <= bound.load(ordering: .relaxed) / 2, hasWaiters.load(ordering: .sequentiallyConsistent) else { return }
        let resumed = waiters.withLock { waiting in
            hasWaiters.store(false, ordering: .sequentiallyConsistent)
            defer { waiting.removeAll() }
            return waiting
        }
        // Resumed after the lock is let go: nothing that can re-enter runs under it.
        for continuation in resumed { continuation.resume() }
    }
}
