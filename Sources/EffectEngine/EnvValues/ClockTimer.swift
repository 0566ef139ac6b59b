/// The ticks of a clock, one each interval, as an `AsyncSequence` (N14, swift-clocks'
/// `clock.timer(interval:)`): made with `clock.timer(interval:)`.
///
/// Each tick is due a whole number of intervals after the timer started, so ticks do not
/// drift with the time a loop's body takes; its element is that time since the start. The
/// sequence ends when its task is cancelled, so a timer task is a `for await` loop that a
/// `.cancel` ends; on a `TestClock`, each `advance(by:)` of an interval brings one tick.
/// It works on an env's `any Clock<Duration>` as on a concrete clock.
///
/// ```swift
/// return .task(name: "timer") { input, env in
///     for await _ in env.clock.timer(interval: .seconds(1)) { input(.timerTicked) }
/// }
/// ```
public struct ClockTimer: AsyncSequence, Sendable {
    /// The element: the time since the timer started at which the tick was due.
    public typealias Element = Duration
    /// A timer never fails: cancelled, it ends.
    public typealias Failure = Never

    let clock: any Clock<Duration>
    let interval: Duration

    /// An iterator that sleeps on the clock until each tick.
    ///
    /// ```swift
    /// var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
    /// let first = await ticks.next()   // .seconds(1)
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// A timer never fails: cancelled, it ends.
        public typealias Failure = Never

        let clock: any Clock<Duration>
        let interval: Duration
        var start: (any InstantProtocol<Duration>)?
        var elapsed = Duration.zero

        /// The next tick, after sleeping until it is due; `nil` once the task is cancelled.
        ///
        /// ```swift
        /// let tick = await ticks.next()
        /// ```
        ///
        /// - Returns: The time since the start at which the tick was due.
        public mutating func next() async -> Duration? {
            let due = elapsed + interval
            do {
                start = try await Self.sleep(on: clock, from: start, until: due)
            } catch {
                return nil
            }
            guard !Task.isCancelled else { return nil }
            elapsed = due
            return due
        }

        /// Sleeps on `clock` until `offset` after `start` (now, the first time), and returns
        /// the start.
        private static func sleep<C: Clock<Duration>>(
            on clock: C, from start: (any InstantProtocol<Duration>)?, until offset: Duration
        ) async throws -> any InstantProtocol<Duration> {
            let origin = (start as? C.Instant) ?? clock.now
            try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil)
            return origin
        }
    }

    /// An iterator whose first tick is one interval after its first `next()`.
    ///
    /// ```swift
    /// for await _ in clock.timer(interval: .seconds(1)) { tick() }
    /// ```
    ///
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(clock: clock, interval: interval)
    }
}

extension Clock where Duration == Swift.Duration {
    /// A tick each `interval` on this clock, until the task is cancelled (N14).
    ///
    /// ```swift
    /// for await _ in env.clock.timer(interval: .seconds(1)) { input(.timerTicked) }
    /// ```
    ///
    /// - Parameter interval: The time between two ticks; positive.
    /// - Returns: The ticks.
    public func timer(interval: Duration) -> ClockTimer {
        ClockTimer(clock: self, interval: interval)
    }
}
