import Synchronization

/// A clock whose sleeps take no wall time: a sleeper yields a few times and wakes, so
/// tasks race the main actor and each other, and named tasks are often replaced mid-sleep.
///
/// Its wakes are budgeted: once `wakes` sleeps have woken, every later sleep lasts until
/// its task is cancelled. A ticker on it ticks a few times and then waits for the host to
/// stop it, so a run is bounded however fast the machine.
struct YieldingClock: Clock {
    typealias Instant = ContinuousClock.Instant

    private let budget: Budget

    init(wakes: Int = 32) {
        budget = Budget(wakes)
    }

    var now: Instant { ContinuousClock.now }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        guard budget.take() else {
            try await Task.sleep(for: .seconds(86_400))
            return
        }
        for _ in 0..<3 {
            try Task.checkCancellation()
            await Task.yield()
        }
        try Task.checkCancellation()
    }

    /// The wakes left, shared by the copies of one clock.
    private final class Budget: Sendable {
        private let left: Mutex<Int>

        init(_ wakes: Int) {
            left = Mutex(wakes)
        }

        func take() -> Bool {
            left.withLock { left in
                guard left > 0 else { return false }
                left -= 1
                return true
            }
        }
    }
}
