import EffectEngine
import EffectEngineShared

/// A `Clock` whose sleeps return at once, moving its time by the duration slept (T12).
///
/// For a feature whose sleeps are not what a test is about (an animation's pause, a
/// mock's latency, a retry's back-off), so the test needs no `advance`: the body goes
/// straight through, and ``now`` shows how long it would have slept. It is swift-clocks'
/// `ImmediateClock`, with no package dependency.
///
/// ```swift
/// let clock = ImmediateClock()
/// let host = TestHost(initialState: Toast.State(), env: Toast.Env(clock: clock), update: Toast.update)
/// await host.send(.show("Saved")) { $0.message = "Saved" }
/// await host.receive(.hide) { $0.message = nil }          // after its 2-second sleep
/// #expect(clock.now.offset == .seconds(2))
/// await host.finish()
/// ```
///
/// A sleep still honours cancellation: a cancelled task's sleep throws
/// `CancellationError`. Each sleep yields once before it returns, so a timer that never
/// ends makes work without end on a ``TestHost``, which fails saying so instead of
/// hanging (T7); test a timer with a ``TestClock``.
public final class ImmediateClock: Clock, Sendable {
    /// A point in the clock's time: the same instants as a ``TestClock``'s.
    public typealias Instant = TestClock.Instant

    private let current: Locked<Instant>

    /// Creates a clock whose time starts at `now`.
    ///
    /// ```swift
    /// let clock = ImmediateClock()
    /// ```
    ///
    /// - Parameter now: The clock's time at creation; its origin by default.
    public init(now: Instant = .zero) {
        self.current = Locked(now)
    }

    /// The clock's time: its start, moved by every sleep.
    ///
    /// ```swift
    /// try await clock.sleep(for: .seconds(5))
    /// #expect(clock.now.offset == .seconds(5))
    /// ```
    public var now: Instant { current.withLock { $0 } }

    /// The smallest step of the clock's time: none.
    ///
    /// ```swift
    /// #expect(ImmediateClock().minimumResolution == .zero)
    /// ```
    public var minimumResolution: Duration { .zero }

    /// Moves the clock's time to `deadline`, if later than ``now``, and returns at once.
    ///
    /// ```swift
    /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - deadline: The instant the sleep would end.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the calling task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = Swift.max($0, deadline) }
        // Gives the executor back once, so a loop of sleeps is work the test host sees.
        await Task.yield()
        try Task.checkCancellation()
    }
}
