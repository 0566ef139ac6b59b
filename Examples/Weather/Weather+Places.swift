import Foundation

extension Weather {
    /// The places the built-in service knows, sorted by name.
    static let places: [Location] = [
        Location(id: 101, name: "Lisbon", country: "Portugal", latitude: 38.72, longitude: -9.14),
        Location(id: 102, name: "London", country: "United Kingdom", region: "England", latitude: 51.51, longitude: -0.13),
        Location(id: 103, name: "Los Angeles", country: "United States", region: "California", latitude: 34.05, longitude: -118.24),
        Location(id: 104, name: "Oslo", country: "Norway", latitude: 59.91, longitude: 10.75),
        Location(id: 105, name: "Paris", country: "France", region: "Île-de-France", latitude: 48.86, longitude: 2.35),
        Location(id: 106, name: "San Diego", country: "United States", region: "California", latitude: 32.72, longitude: -117.16),
        Location(id: 107, name: "San Francisco", country: "United States", region: "California", latitude: 37.77, longitude: -122.42),
        Location(id: 108, name: "Santiago", country: "Chile", latitude: -33.45, longitude: -70.67),
        Location(id: 109, name: "Sydney", country: "Australia", region: "New South Wales", latitude: -33.87, longitude: 151.21),
        Location(id: 110, name: "Tokyo", country: "Japan", latitude: 35.68, longitude: 139.69),
    ]

    /// The built-in places whose name starts with `query`, ignoring case.
    ///
    /// ```swift
    /// #expect(Weather.places(matching: "lo").map(\.name) == ["London", "Los Angeles"])
    /// ```
    static func places(matching query: String) -> [Location] {
        let prefix = query.lowercased()
        return places.filter { $0.name.lowercased().hasPrefix(prefix) }
    }

    /// The first day of every built-in forecast: Monday 3 March 2025.
    static let forecastStart = Date(timeIntervalSince1970: 1_740_960_000)

    /// A built-in place's three-day forecast, in °C, made up from its latitude: the
    /// same every run.
    ///
    /// ```swift
    /// let forecast = Weather.forecast(for: Weather.places[0])
    /// ```
    static func forecast(for location: Location) -> Forecast {
        // Warmer nearer the equator, in half degrees.
        let base = ((30 - abs(location.latitude) / 2) * 2).rounded() / 2
        return Forecast(
            daily: Forecast.Daily(
                temperatureMax: [base, base + 1.5, base - 1],
                temperatureMin: [base - 8, base - 6.5, base - 9.5],
                time: (0..<3).map { forecastStart.addingTimeInterval(Double($0) * 86_400) }),
            dailyUnits: Forecast.DailyUnits(temperatureMax: "°C", temperatureMin: "°C"))
    }
}
