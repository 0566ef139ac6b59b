import EffectEngine
import Foundation

/// Weather by place: typing a query looks for matching locations once the typing has
/// paused for 300ms; picking a location loads its forecast, and a newer pick replaces a
/// forecast still loading, so a slow answer for an older pick never shows.
///
/// ```text
/// $ printf 'query san\nforecast 2\n' | weather --settle --virtual-time
/// query "" — type query <text>
/// query "san"
///
/// query "san" — 3 locations, type forecast <n>
///   ...
/// query "san" — 3 locations, type forecast <n>
///   1. San Diego, California, United States
///   2. San Francisco, California, United States
///        Today, 3.0°C – 11.0°C
///        Tuesday, 4.5°C – 12.5°C
///        Wednesday, 1.5°C – 10.0°C
///   3. Santiago, Chile
/// ```
///
/// The debounce is a task of its own, `debounce`, which delivers
/// ``Event/searchQueryDebounced``; that event starts the request, `search`. A new query
/// replaces the first and cancels the second; an empty one cancels both and clears the
/// list.
enum Weather {
    /// What the screen shows.
    struct State: Hashable, Sendable, Codable {
        /// The locations found for the last query searched.
        var results: [Location] = []
        /// The location whose forecast is loading.
        var resultForecastRequestInFlight: Location?
        /// The text typed.
        var searchQuery = ""
        /// The forecast loaded last, shown under its location when listed.
        var weather: Report?
        /// Why the last search or forecast failed, shown until the next query or pick.
        var failure: String?

        /// `--state` and journals keep all but the forecast loading and the last failure:
        /// a request in flight, or its failure, does not survive the run.
        private enum CodingKeys: String, CodingKey {
            case results, searchQuery, weather
        }
    }

    /// A location's forecast, day by day, as the screen shows it.
    struct Report: Hashable, Sendable, Codable {
        /// The location the forecast is for.
        var id: Location.ID
        /// The days, from today.
        var days: [Day]

        /// One day's temperatures.
        struct Day: Hashable, Sendable, Codable {
            /// The day.
            var date: Date
            /// The highest temperature.
            var temperatureMax: Double
            /// The unit of ``temperatureMax``, such as `°C`.
            var temperatureMaxUnit: String
            /// The lowest temperature.
            var temperatureMin: Double
            /// The unit of ``temperatureMin``.
            var temperatureMinUnit: String
        }

        /// The report of a forecast for the location `id`: one day per date, as far as
        /// every daily series goes.
        ///
        /// ```swift
        /// let report = Weather.Report(id: 1, forecast: .mock)
        /// #expect(report.days.count == 3)
        /// ```
        init(id: Location.ID, forecast: Forecast) {
            let daily = forecast.daily
            let count = min(daily.time.count, daily.temperatureMax.count, daily.temperatureMin.count)
            self.init(
                id: id,
                days: (0..<count).map { day in
                    Day(
                        date: daily.time[day],
                        temperatureMax: daily.temperatureMax[day],
                        temperatureMaxUnit: forecast.dailyUnits.temperatureMax,
                        temperatureMin: daily.temperatureMin[day],
                        temperatureMinUnit: forecast.dailyUnits.temperatureMin)
                })
        }

        /// A report of these days.
        init(id: Location.ID, days: [Day]) {
            self.id = id
            self.days = days
        }
    }

    /// What can happen on the screen.
    enum Event: Equatable, Sendable, Codable {
        /// The user typed: the query is now this text.
        case searchQueryChanged(String)
        /// The query went unchanged for ``debounce``: search for it.
        case searchQueryDebounced
        /// The locations search answered.
        case searchResponse(Outcome<[Location]>)
        /// The user picked a location listed.
        case searchResultTapped(Location)
        /// The forecast for the location with this id arrived, or failed.
        case forecastResponse(Location.ID, Outcome<Forecast>)
    }

    /// The task that waits for the typing to pause; a new query replaces it.
    static let debounceTask = "debounce"

    /// The locations request; a new query cancels it.
    static let searchTask = "search"

    /// The forecast request; a new pick replaces it.
    static let forecastTask = "forecast"

    /// How long a query must stay unchanged before it is searched.
    static let debounce = Duration.milliseconds(300)

    /// The screen's transition function.
    ///
    /// ```swift
    /// var state = Weather.State()
    /// #expect(Weather.update(state: &state, event: .searchQueryChanged("san"))?.summary
    ///     == .sequence([.cancel("search"), .task(name: "debounce", debounce: Weather.debounce)]))
    /// ```
    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .searchQueryChanged(let query):
            state.searchQuery = query
            state.failure = nil
            guard !query.isEmpty else {
                // Without the cancels, a search already under way would list locations
                // for a query no longer there.
                state.results = []
                state.weather = nil
                return .sequence([.cancel(debounceTask), .cancel(searchTask)])
            }
            return .sequence([
                .cancel(searchTask),
                .task(name: debounceTask, debounce: debounce) { input, _ in input(.searchQueryDebounced) },
            ])
        case .searchQueryDebounced:
            guard !state.searchQuery.isEmpty else { return nil }
            let query = state.searchQuery
            return .task(name: searchTask) { input, env in
                input(.searchResponse(try await Outcome { try await env.weather.search(query) }))
            }
        case .searchResponse(.success(let locations)):
            state.results = locations
            state.failure = nil
            return nil
        case .searchResponse(.failure(let reason)):
            state.results = []
            state.failure = "the search failed: \(reason)"
            return nil
        case .searchResultTapped(let location):
            state.resultForecastRequestInFlight = location
            state.failure = nil
            return .task(name: forecastTask) { input, env in
                input(.forecastResponse(location.id, try await Outcome { try await env.weather.forecast(location) }))
            }
        case .forecastResponse(let id, .success(let forecast)):
            state.weather = Report(id: id, forecast: forecast)
            state.resultForecastRequestInFlight = nil
            return nil
        case .forecastResponse(_, .failure(let reason)):
            state.weather = nil
            state.resultForecastRequestInFlight = nil
            state.failure = "the forecast failed: \(reason)"
            return nil
        }
    }
}
