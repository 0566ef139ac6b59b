import EffectEngine

extension Search {
    /// The search's dependencies: the clock, how long to wait for typing to pause, and
    /// the word list with its simulated latency.
    struct Env: Sendable {
        /// The clock the debounce and the latency sleep on.
        var clock: any Clock<Duration>
        /// How long a query must stay unchanged before it is searched.
        var debounce: Duration
        /// How long one search takes.
        var latency: Duration
        /// The words searched, sorted.
        var words: [String]

        /// The words containing `query`, ignoring case, after the simulated latency.
        func search(_ query: String) async throws -> [String] {
            try await clock.sleep(for: latency)
            return matches(query)
        }

        /// The words containing `query`, ignoring case, at once.
        func matches(_ query: String) -> [String] {
            let needle = query.lowercased()
            return words.filter { $0.contains(needle) }
        }

        /// The real thing: a continuous clock, 50ms of latency, the built-in word list.
        ///
        /// ```swift
        /// let env = Search.Env.live(debounce: .milliseconds(300))
        /// ```
        static func live(
            clock: any Clock<Duration> = ContinuousClock(), debounce: Duration = .milliseconds(300)
        ) -> Env {
            Env(clock: clock, debounce: debounce, latency: .milliseconds(50), words: Search.words)
        }

        /// For tests: a clock the test moves, no latency, and a short word list.
        ///
        /// ```swift
        /// let env = Search.Env.mock(clock: clock)
        /// ```
        static func mock(
            clock: any Clock<Duration>, debounce: Duration = .milliseconds(300),
            words: [String] = ["apple", "apricot", "banana", "grape"]
        ) -> Env {
            Env(clock: clock, debounce: debounce, latency: .zero, words: words)
        }
    }
}
