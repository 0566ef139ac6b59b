import EffectEngineCLI
import Foundation

extension Weather {
    /// The screen as text: the query, the locations listed, `loading forecast…` beside
    /// the one loading, and the forecast under its location.
    ///
    /// ```swift
    /// #expect(Weather.render(Weather.State()) == "query \"\" — type query <text>")
    /// ```
    static func render(_ state: State) -> String {
        var lines = ["query \"\(state.searchQuery)\""]
        if state.searchQuery.isEmpty {
            lines[0] += " — type query <text>"
        } else if let failure = state.failure, state.results.isEmpty {
            lines[0] += " — \(failure)"
        } else if !state.results.isEmpty {
            let count = state.results.count == 1 ? "1 location" : "\(state.results.count) locations"
            lines[0] += " — \(count), type forecast <n>"
        }
        if let failure = state.failure, !state.results.isEmpty { lines.append("  \(failure)") }
        for (row, location) in state.results.enumerated() {
            let place = [location.name, location.region, location.country].compactMap { $0 }.joined(separator: ", ")
            let loading = state.resultForecastRequestInFlight?.id == location.id ? " — loading forecast…" : ""
            lines.append("  \(row + 1). \(place)\(loading)")
            if let report = state.weather, report.id == location.id {
                lines += report.days.enumerated().map { "       " + describe($1, isToday: $0 == 0) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One day of a forecast: `Today, 4.0°C – 12.0°C`, or the day's name, in UTC.
    ///
    /// ```swift
    /// let day = Weather.Report.Day(date: Date(timeIntervalSince1970: 0), temperatureMax: 12,
    ///                              temperatureMaxUnit: "°C", temperatureMin: 4, temperatureMinUnit: "°C")
    /// #expect(Weather.describe(day, isToday: false) == "Thursday, 4.0°C – 12.0°C")
    /// ```
    static func describe(_ day: Report.Day, isToday: Bool) -> String {
        let name = isToday ? "Today" : weekday(of: day.date)
        return "\(name), \(day.temperatureMin)\(day.temperatureMinUnit) – \(day.temperatureMax)\(day.temperatureMaxUnit)"
    }

    /// The name of the day `date` falls on, in UTC.
    private static func weekday(of date: Date) -> String {
        let names = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        // 1 January 1970 was a Thursday; `%` keeps the sign of days before it.
        return names[(days % 7 + 7) % 7]
    }

    /// The line protocol: `query <text>`, `forecast <n>`, where `n` is a location as
    /// listed, from 1: the command picks the location itself, as a tap on its row would.
    static let commands = LineCommands<State, Event>([
        LineCommand.text("query", placeholder: "text", summary: "look for locations named text (empty clears)") {
            .searchQueryChanged($0)
        },
        LineCommand.row(
            "forecast", of: "location", in: \.results, summary: "load the forecast of location n"
        ) { .searchResultTapped($0) },
    ])
}
