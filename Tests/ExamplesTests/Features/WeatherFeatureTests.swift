import EffectEngine
import EffectEngineCLI
import EffectEngineTesting
import Foundation
import Testing

@testable import weather

/// TCA's `SearchTests`, every one, on `TestHost` and `TestClock`: the same steps, the
/// same state changes, the same events received in the same order, exhaustively.
///
/// TCA's view debounces the query and sends `searchQueryChangeDebounced` itself; here the
/// feature's own debounce task delivers ``Weather/Event/searchQueryDebounced``, so where
/// a TCA test sends that event, the port moves the host's clock past the debounce and
/// receives it, with the same (lack of) state change. The requests a TCA test leaves to
/// their test value, which fails the test when called, are `unimplemented` stand-ins here:
/// each test starts from the env's test value (``Weather/Env/testValue``) and sets the
/// requests it expects.
@Suite("Weather feature, TCA's search tests ported")

struct WeatherFeatureTests {
    /// A location that no search lists, as TCA's tests add one.
    let specialResult = Weather.Location(id: 42, name: "Special Place", country: "Special Country", latitude: 0, longitude: 0)

    /// What ``Weather/Forecast/mock`` becomes on the screen for `id`, written out.
    func mockReport(id: Weather.Location.ID) -> Weather.Report {
        Weather.Report(
            id: id,
            days: [
                Weather.Report.Day(
                    date: Date(timeIntervalSince1970: 0), temperatureMax: 12, temperatureMaxUnit: "°C",
                    temperatureMin: 4, temperatureMinUnit: "°C"),
                Weather.Report.Day(
                    date: Date(timeIntervalSince1970: 86_400), temperatureMax: 15, temperatureMaxUnit: "°C",
                    temperatureMin: 6, temperatureMinUnit: "°C"),
                Weather.Report.Day(
                    date: Date(timeIntervalSince1970: 172_800), temperatureMax: 9, temperatureMaxUnit: "°C",
                    temperatureMin: 1, temperatureMinUnit: "°C"),
            ])
    }

    struct SomethingWentWrong: Error {}

    // Ports TCA's SearchTests.searchAndClearQuery() (testSearchAndClearQuery()).
    @Test func searchAndClearQuery() async {
        let host = TestHost(initialState: Weather.State(), update: Weather.update) {
            $0.weather.search = { _ in Weather.Location.mocks }
        }
        await host.send(.searchQueryChanged("S")) {
            $0.searchQuery = "S"
        }
        await host.clock.advance(by: Weather.debounce)
        await host.receive(.searchQueryDebounced)
        await host.receive(.searchResponse(.success(Weather.Location.mocks))) {
            $0.results = Weather.Location.mocks
        }
        await host.send(.searchQueryChanged("")) {
            $0.results = []
            $0.searchQuery = ""
        }
        await host.finish()
    }

    // Ports TCA's SearchTests.searchFailure() (testSearchFailure()).
    @Test func searchFailure() async {
        let host = TestHost(initialState: Weather.State(), update: Weather.update) {
            $0.weather.search = { _ in throw SomethingWentWrong() }
        }
        await host.send(.searchQueryChanged("S")) {
            $0.searchQuery = "S"
        }
        await host.clock.advance(by: Weather.debounce)
        await host.receive(.searchQueryDebounced)
        // Beyond TCA's test: the failure is shown, not just an empty list.
        await host.receive({ .searchResponse(.failure($0)) }) {
            $0.failure = "the search failed: SomethingWentWrong()"
        }
        await host.finish()
    }

    // Ports TCA's SearchTests.clearQueryCancelsInFlightSearchRequest()
    // (testClearQueryCancelsInFlightSearchRequest()).
    @Test func clearQueryCancelsInFlightSearchRequest() async {
        let host = TestHost(initialState: Weather.State(), update: Weather.update) {
            $0.weather.search = { _ in Weather.Location.mocks }
        }
        let searchQueryChanged = await host.send(.searchQueryChanged("S")) {
            $0.searchQuery = "S"
        }
        #expect(searchQueryChanged.tasks.map(\.name) == [Weather.debounceTask])
        await searchQueryChanged.cancel()
        // Beyond TCA's test: with the debounce cancelled, no search starts however long
        // the query stands (`send` fails on an event delivered and not received).
        await host.clock.advance(by: .seconds(1))
        await host.send(.searchQueryChanged("")) {
            $0.searchQuery = ""
        }
        await host.finish()
    }

    // Ports TCA's SearchTests.tapOnLocation() (testTapOnLocation()).
    @Test func tapOnLocation() async {
        let results = Weather.Location.mocks + [specialResult]
        let host = TestHost(initialState: Weather.State(results: results), update: Weather.update) {
            $0.weather.forecast = { _ in .mock }
        }
        await host.send(.searchResultTapped(specialResult)) {
            $0.resultForecastRequestInFlight = specialResult
        }
        await host.receive(.forecastResponse(42, .success(.mock))) {
            $0.resultForecastRequestInFlight = nil
            $0.weather = mockReport(id: 42)
        }
        await host.finish()
    }

    // Ports TCA's SearchTests.tapOnLocationCancelsInFlightRequest()
    // (testTapOnLocationCancelsInFlightRequest()).
    @Test func tapOnLocationCancelsInFlightRequest() async {
        let results = Weather.Location.mocks + [specialResult]
        let clock = TestClock()
        let host = TestHost(initialState: Weather.State(results: results), clock: clock, update: Weather.update) {
            $0.weather.forecast = { _ in
                // Held in flight until the clock next moves.
                try await clock.sleep(for: .zero)
                return .mock
            }
        }
        await host.send(.searchResultTapped(results[0])) {
            $0.resultForecastRequestInFlight = results[0]
        }
        await host.send(.searchResultTapped(specialResult)) {
            $0.resultForecastRequestInFlight = specialResult
        }
        await clock.advance()
        await host.receive(.forecastResponse(42, .success(.mock))) {
            $0.resultForecastRequestInFlight = nil
            $0.weather = mockReport(id: 42)
        }
        await host.finish()
    }

    // Ports TCA's SearchTests.tapOnLocationFailure() (testTapOnLocationFailure()).
    @Test func tapOnLocationFailure() async {
        let results = Weather.Location.mocks
        let host = TestHost(initialState: Weather.State(results: results), update: Weather.update) {
            $0.weather.forecast = { _ in throw SomethingWentWrong() }
        }
        await host.send(.searchResultTapped(results[0])) {
            $0.resultForecastRequestInFlight = results[0]
        }
        await host.receive({ .forecastResponse(results[0].id, .failure($0)) }) {
            $0.resultForecastRequestInFlight = nil
            $0.failure = "the forecast failed: SomethingWentWrong()"
        }
        await host.finish()
    }
}

/// What the port adds to TCA's tests: the built-in service on the env's clock, rows
/// addressed as the screen lists them, and the journal recorded from the command line.
@Suite("Weather feature, service, rows and journal")

struct WeatherServiceTests {
    @Test func theBuiltInServiceAnswersAfterItsLatency() async throws {
        let clock = TestClock()
        // The service's clock hides in its closures: passed, so the test host waits on it.
        let host = TestHost(initialState: Weather.State(), env: .live(clock: clock), clock: clock, update: Weather.update)
        await host.send(.searchQueryChanged("lo")) { $0.searchQuery = "lo" }
        await clock.advance(by: Weather.debounce)
        await host.receive(.searchQueryDebounced)
        await clock.advance(by: .milliseconds(149))
        #expect(host.pendingEvents.isEmpty)
        await clock.advance(by: .milliseconds(1))
        let found = Weather.places(matching: "lo")
        await host.receive(.searchResponse(.success(found))) { $0.results = found }
        #expect(found.map(\.name) == ["London", "Los Angeles"])
        // `forecast 2`, typed at the list shown, is a tap on its second location (L7).
        let tap = try Weather.commands.parse("forecast 2", state: host.state)
        #expect(tap == .searchResultTapped(found[1]))
        await host.send(tap) { $0.resultForecastRequestInFlight = found[1] }
        await clock.advance(by: .milliseconds(150))
        await host.receive(.forecastResponse(found[1].id, .success(Weather.forecast(for: found[1])))) {
            $0.resultForecastRequestInFlight = nil
            $0.weather = Weather.Report(id: found[1].id, forecast: Weather.forecast(for: found[1]))
        }
        #expect(
            Weather.render(host.state) == """
                query "lo" — 2 locations, type forecast <n>
                  1. London, England, United Kingdom
                  2. Los Angeles, California, United States
                       Today, 5.0°C – 13.0°C
                       Tuesday, 6.5°C – 14.5°C
                       Wednesday, 3.5°C – 12.0°C
                """)
        await host.finish()
    }

    @Test func aNewQueryCancelsTheSearchUnderWay() async {
        let clock = TestClock()
        let host = TestHost(initialState: Weather.State(), env: .live(clock: clock), clock: clock, update: Weather.update)
        await host.send(.searchQueryChanged("lo")) { $0.searchQuery = "lo" }
        await clock.advance(by: Weather.debounce)
        await host.receive(.searchQueryDebounced)
        await host.send(.searchQueryChanged("san")) { $0.searchQuery = "san" }
        await clock.advance(by: Weather.debounce)
        await host.receive(.searchQueryDebounced)
        await clock.advance(by: .milliseconds(150))
        let found = Weather.places(matching: "san")
        await host.receive(.searchResponse(.success(found))) { $0.results = found }
        await host.finish()
    }

    @Test func aQueryCancelsTheSearchAndWaitsForTheTypingToPause() {
        UpdateSpec(Weather.update)
            .given(Weather.State())
            .when(.searchQueryChanged("san"))
            .then(
                effect: .sequence([
                    .cancel(Weather.searchTask), .task(name: Weather.debounceTask, debounce: Weather.debounce),
                ])
            ) { $0.searchQuery = "san" }
    }

    @Test func aRowOutsideTheListIsRefused() {
        let listed = Weather.State(results: Weather.Location.mocks)
        #expect(throws: LineError("no location 4: pick 1 to 3")) {
            try Weather.commands.parse("forecast 4", state: listed)
        }
        #expect(throws: LineError("no location 1: none shown")) {
            try Weather.commands.parse("forecast 1", state: Weather.State())
        }
    }

    /// `weather --fail` says why a search or a forecast shows nothing. (It showed the
    /// query alone, as if nothing matched.)
    @Test func aFailingServiceIsShown() async {
        let transcript = LineTranscript(
            """
            query "" — type query <text>
            $ query par
            query "par"
            query "par" — the search failed: the weather service is unavailable
            $ query lon
            query "lon"
            query "lon" — the search failed: the weather service is unavailable
            """)
        let check = await transcript.check(Weather.self, arguments: ["--fail", "--virtual-time"])
        #expect(check.diff == nil, "\(check.diff ?? "")")
    }

    @Test func theRecordedJournalReplaysToItsState() throws {
        let state = try #require(UpdateSpec(Weather.update).replay(journalAt: FixturePath.weatherJournal))
        #expect(state.searchQuery == "san")
        #expect(state.results.map(\.name) == ["San Diego", "San Francisco", "Santiago"])
        #expect(state.weather?.id == Weather.places(matching: "london").first?.id)
    }
}
