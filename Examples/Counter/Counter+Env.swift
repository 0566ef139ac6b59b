import EffectEngine

extension Counter {
    /// The counter's dependencies: the clock the ticker sleeps on, and the interval.
    struct Env: Sendable {
        /// The clock the ticker sleeps on.
        var clock: any Clock<Duration>
        /// The time between ticks.
        var interval: Duration

        /// The real thing: a continuous clock.
        ///
        /// ```swift
        /// let env = Counter.Env.live(interval: .milliseconds(500))
        /// ```
        static func live(clock: any Clock<Duration> = ContinuousClock(), interval: Duration = .seconds(1))
            -> Env
        {
            Env(clock: clock, interval: interval)
        }

        /// For tests: pass a clock the test moves, such as `TestClock`.
        ///
        /// ```swift
        /// let env = Counter.Env.mock(clock: clock)
        /// ```
        static func mock(clock: any Clock<Duration>, interval: Duration = .seconds(1)) -> Env {
            Env(clock: clock, interval: interval)
        }
    }
}
