/// A clock whose sleeps take no wall time: a sleeper yields a few times and wakes, so
/// tasks race the main actor and each other, and named tasks are often replaced mid-sleep.
struct YieldingClock: Clock {
    typealias Instant = ContinuousClock.Instant

    var now: Instant { ContinuousClock.now }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        for _ in 0..<3 {
            try Task.checkCancellation()
            await Task.yield()
        }
        try Task.checkCancellation()
    }
}
