/// The host's clock (``HostOptions/clock``) with its instants told as durations since the
/// host was created, so the pacing of tasks does its arithmetic on plain `Duration`s
/// whatever the clock's `Instant` type is.
struct HostClock: Sendable {
    /// The time since the origin, now.
    let now: @Sendable () -> Duration
    /// Sleeps until the given time since the origin; throws `CancellationError` when the
    /// sleeping task is cancelled.
    let sleepUntil: @Sendable (Duration) async throws -> Void

    /// Wraps `clock`, taking its current instant as the origin.
    init<C: Clock<Duration>>(_ clock: C) {
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleepUntil = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    }
}
