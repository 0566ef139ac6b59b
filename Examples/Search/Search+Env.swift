import EffectEngine

extension Search {
    /// The search's dependencies: the word list, with its simulated latency on a clock.
    /// The debounce needs no clock here: it waits on the host's.
    struct Env: Sendable, TestValue {
        /// The clock the latency sleeps on.
        var clock: any Clock<Duration>
        /// How long one search takes.
        var latency: Duration
        /// The words searched, sorted.
        var words: [String]

        /// The words containing `query`, ignoring case, after the simulated latency.
        func search(_ query: String) async throws -> [String] {
            if latency > .zero { try await clock.sleep(for: latency) }
            return matches(query)
        }

        /// The words containing `query`, ignoring case, at once.
        func matches(_ query: String) -> [String] {
            let needle = query.lowercased()
            return words.filter { $0.contains(needle) }
        }

        /// The real thing: 50ms of latency on `clock` (the line host's, virtual with
        /// `--virtual-time`), the built-in word list.
        ///
        /// ```swift
        /// let env = Search.Env.live(clock: ContinuousClock())
        /// ```
        static func live(clock: any Clock<Duration> = ContinuousClock()) -> Env {
            Env(clock: clock, latency: .milliseconds(50), words: Search.words)
        }

        /// For tests: a clock the test moves, no latency, and a short word list.
        ///
        /// ```swift
        /// let env = Search.Env.mock(clock: clock)
        /// ```
        static func mock(
            clock: any Clock<Duration>, words: [String] = ["apple", "apricot", "banana", "grape"]
        ) -> Env {
            Env(clock: clock, latency: .zero, words: words)
        }

        /// For tests (N15): no latency, so its clock is never slept on (the debounce waits
        /// on the test host's), and the short word list of ``mock(clock:words:)``.
        ///
        /// ```swift
        /// let host = TestHost(initialState: Search.State(), clock: clock, update: Search.update)
        /// ```
        static let testValue = mock(clock: ContinuousClock())
    }
}
