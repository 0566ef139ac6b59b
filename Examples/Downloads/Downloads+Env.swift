import EffectEngine

extension Download {
    /// A download's dependencies: the clock its transfer sleeps on, and how long one step
    /// of the transfer takes.
    struct Env: Sendable {
        /// The clock the transfer sleeps on.
        var clock: any Clock<Duration>
        /// How long one step (a quarter of the download) takes.
        var step: Duration

        /// The real thing: a continuous clock.
        ///
        /// ```swift
        /// let env = Download.Env.live(step: .milliseconds(200))
        /// ```
        static func live(clock: any Clock<Duration> = ContinuousClock(), step: Duration = .milliseconds(500))
            -> Env
        {
            Env(clock: clock, step: step)
        }

        /// For tests: a clock the test moves, such as `TestClock`.
        ///
        /// ```swift
        /// let env = Download.Env.mock(clock: clock)
        /// ```
        static func mock(clock: any Clock<Duration>, step: Duration = .seconds(1)) -> Env {
            Env(clock: clock, step: step)
        }
    }
}
