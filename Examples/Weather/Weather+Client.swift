import EffectEngine
import Foundation

extension Weather {
    /// A place the locations search finds.
    struct Location: Hashable, Identifiable, Sendable, Codable {
        /// The place's number in the service.
        var id: Int
        /// The place's name, such as `Lisbon`.
        var name: String
        /// Its country.
        var country: String
        /// Its region within the country, when the service knows it.
        var region: String?
        /// Its latitude, in degrees.
        var latitude: Double
        /// Its longitude, in degrees.
        var longitude: Double
    }

    /// A forecast as the weather service sends it: a series of values per day, and
    /// their units.
    struct Forecast: Hashable, Sendable, Codable {
        /// The daily series.
        var daily: Daily
        /// The units of the daily series.
        var dailyUnits: DailyUnits

        /// The values of each day, index by index.
        struct Daily: Hashable, Sendable, Codable {
            /// Each day's highest temperature.
            var temperatureMax: [Double]
            /// Each day's lowest temperature.
            var temperatureMin: [Double]
            /// The days.
            var time: [Date]
        }

        /// The units of ``Daily``'s temperatures, such as `°C`.
        struct DailyUnits: Hashable, Sendable, Codable {
            /// The unit of ``Daily/temperatureMax``.
            var temperatureMax: String
            /// The unit of ``Daily/temperatureMin``.
            var temperatureMin: String
        }
    }

    /// What a request answered: a value, or why it failed.
    ///
    /// ```swift
    /// let outcome = try await Weather.Outcome { try await env.weather.search("san") }
    /// ```
    enum Outcome<Value: Equatable & Sendable & Codable>: Equatable, Sendable, Codable {
        /// The request answered this.
        case success(Value)
        /// The request failed; the error, described.
        case failure(String)

        /// Runs `request` and keeps what it answers or the error it throws; a
        /// cancellation is thrown on, so that a cancelled request delivers nothing.
        ///
        /// - Parameter request: The request.
        /// - Throws: `CancellationError` when the request was cancelled.
        init(_ request: () async throws -> Value) async throws {
            do {
                self = .success(try await request())
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                self = .failure("\(error)")
            }
        }
    }

    /// The weather service: a locations search and a forecast per location.
    ///
    /// ```swift
    /// let client = Weather.Client(search: { _ in Weather.Location.mocks }, forecast: { _ in .mock })
    /// ```
    struct Client: Sendable, TestValue {
        /// The locations whose name matches a query.
        var search: @Sendable (String) async throws -> [Location]
        /// A location's forecast.
        var forecast: @Sendable (Location) async throws -> Forecast

        /// For tests: each request fails the running test, naming itself, unless the test
        /// sets it (N15).
        ///
        /// ```swift
        /// var client = Weather.Client.testValue
        /// client.search = { _ in Weather.Location.mocks }
        /// ```
        static let testValue = Client(
            search: unimplemented("Weather.Client.search"), forecast: unimplemented("Weather.Client.forecast"))

        /// Every request failed: the service cannot be reached.
        struct Unavailable: Error, CustomStringConvertible {
            var description: String { "the weather service is unavailable" }
        }
    }
}
