import EffectEngine

extension Movies {
    /// The screen's dependencies: the movie service.
    struct Env: Sendable {
        /// Where pages of movies come from.
        var service: MovieService

        /// The real thing: a simulated remote service with 200ms of latency on a
        /// continuous clock, failing every request when `failing`.
        ///
        /// ```swift
        /// let env = Movies.Env.live(failing: false)
        /// ```
        static func live(clock: any Clock<Duration> = ContinuousClock(), failing: Bool = false) -> Env {
            Env(service: MovieService(clock: clock, latency: .milliseconds(200), failing: failing))
        }

        /// For tests: a clock the test moves and no latency.
        ///
        /// ```swift
        /// let env = Movies.Env.mock(clock: clock, failing: true)
        /// ```
        static func mock(clock: any Clock<Duration>, failing: Bool = false) -> Env {
            Env(service: MovieService(clock: clock, latency: .zero, failing: failing))
        }
    }

    /// A simulated movie service: one fixed page, after some latency.
    struct MovieService: Sendable {
        /// The clock the latency sleeps on.
        var clock: any Clock<Duration>
        /// How long a request takes.
        var latency: Duration
        /// Whether every request fails.
        var failing: Bool

        /// Why a request failed.
        struct Unavailable: Error, CustomStringConvertible {
            var description: String { "the movie service is unavailable" }
        }

        /// The page of movies, after the latency.
        func fetchPage() async throws -> [Movie] {
            if latency > .zero { try await clock.sleep(for: latency) }
            if failing { throw Unavailable() }
            return MovieService.page
        }

        /// The page the service serves.
        static let page = [
            Movie(title: "Arrival", year: 2016),
            Movie(title: "Blade Runner", year: 1982),
            Movie(title: "Casablanca", year: 1942),
            Movie(title: "Dune", year: 2021),
            Movie(title: "Heat", year: 1995),
        ]
    }
}
