import EffectEngine
import EffectEngineShared

/// The clock of a line host run with `--virtual-time`: its time stands still until the
/// host, waiting on a settled line or `:wait` with every running task asleep on it, jumps
/// it to the next deadline.
///
/// Sleepers wake in deadline order, and in the order they went to sleep for one deadline.
/// Cancelling a sleeping task ends its sleep with `CancellationError`.
final class VirtualClock: Clock, Sendable {
    /// A point in virtual time: the duration since the clock was made.
    struct Instant: InstantProtocol, Hashable, Sendable {
        let offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let sleepers = ManualSleepers(now: Instant(offset: .zero))

    var now: Instant { sleepers.now }

    var minimumResolution: Duration { .zero }

    /// How many sleeps wait on the clock now.
    var sleeperCount: Int { sleepers.count }

    /// The earliest deadline a sleeper waits for, if any.
    var nextDeadline: Instant? { sleepers.nextDeadline }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleepers.sleep(until: deadline)
    }

    /// Moves time to the earliest deadline, if it is not after `limit`, and wakes the
    /// sleepers waiting for it. Returns whether it did.
    func advanceToNextDeadline(notAfter limit: Instant) -> Bool {
        sleepers.wakeNext(notAfter: limit)
    }
}

extension VirtualClock: Equatable {
    /// Settings compare by what they ask for: any two virtual clocks are alike, so
    /// `LineSettings(virtualTime: true) == LineSettings(virtualTime: true)`.
    static func == (lhs: VirtualClock, rhs: VirtualClock) -> Bool { true }
}
