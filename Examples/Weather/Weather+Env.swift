import EffectEngine
import Foundation

extension Weather {
    /// The screen's dependencies: the weather service. The debounce needs no clock here:
    /// it waits on the host's.
    struct Env: Sendable, TestValue {
        /// Where locations and forecasts come from.
        var weather: Client

        /// The real thing, without a network: the built-in places and their forecasts,
        /// each request answering after 150ms on `clock` (the line host's, virtual with
        /// `--virtual-time`), or failing every request when `failing`.
        ///
        /// ```swift
        /// let env = Weather.Env.live(clock: ContinuousClock())
        /// ```
        static func live(clock: any Clock<Duration> = ContinuousClock(), failing: Bool = false) -> Env {
            Env(weather: .live(clock: clock, latency: .milliseconds(150), failing: failing))
        }

        /// For tests: every search answers ``Location/mocks`` and every forecast
        /// ``Forecast/mock``, at once.
        ///
        /// ```swift
        /// let host = TestHost(initialState: Weather.State(), env: .mock, update: Weather.update)
        /// ```
        static let mock = Env(weather: Client(search: { _ in Location.mocks }, forecast: { _ in .mock }))

        /// For tests: every request fails the running test, naming itself, unless the test
        /// sets it (N15).
        ///
        /// ```swift
        /// let host = TestHost(initialState: Weather.State(), update: Weather.update) {
        ///     $0.weather.search = { _ in Weather.Location.mocks }
        /// }
        /// ```
        static let testValue = Env(weather: .testValue)
    }
}

extension Weather.Client {
    /// A service answering from the built-in places after `latency` on `clock`.
    ///
    /// ```swift
    /// let client = Weather.Client.live(clock: ContinuousClock(), latency: .milliseconds(150))
    /// ```
    ///
    /// - Parameters:
    ///   - clock: The clock the latency sleeps on.
    ///   - latency: How long each request takes.
    ///   - failing: Whether every request fails with ``Unavailable``.
    /// - Returns: The client.
    static func live(clock: any Clock<Duration>, latency: Duration, failing: Bool = false) -> Self {
        Self(
            search: { query in
                try await clock.sleep(for: latency)
                if failing { throw Unavailable() }
                return Weather.places(matching: query)
            },
            forecast: { location in
                try await clock.sleep(for: latency)
                if failing { throw Unavailable() }
                return Weather.forecast(for: location)
            })
    }
}

extension Weather.Location {
    /// Three locations for tests.
    static let mocks = [
        Self(id: 1, name: "Bergen", country: "Norway", latitude: 60.39, longitude: 5.32),
        Self(id: 2, name: "Cork", country: "Ireland", latitude: 51.90, longitude: -8.47),
        Self(id: 3, name: "Dakar", country: "Senegal", latitude: 14.72, longitude: -17.47),
    ]
}

extension Weather.Forecast {
    /// A three-day forecast for tests, from 1 January 1970, in °C.
    static let mock = Self(
        daily: Daily(
            temperatureMax: [12, 15, 9], temperatureMin: [4, 6, 1],
            time: [0, 86_400, 172_800].map(Date.init(timeIntervalSince1970:))),
        dailyUnits: DailyUnits(temperatureMax: "°C", temperatureMin: "°C"))
}
