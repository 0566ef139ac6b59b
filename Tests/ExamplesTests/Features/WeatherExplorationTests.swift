import EffectEngine
import EffectEngineExploration
import EffectEngineTesting
import Testing

@testable import weather

@Suite("Weather feature, explored")
struct WeatherExplorationTests {
    let explorer = Weather.explorer(env: .mock)

    @Test func everyStateKeepsTheInvariants() throws {
        let report = try explorer.explore()
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.isExhaustive)
        #expect(report.unmodelledTasks.isEmpty)
        let sanDiego = Weather.places(matching: "san")[0]
        #expect(
            report.witnesses["a forecast is shown under its location"]?.events == [
                .searchQueryChanged("san"), .searchQueryDebounced,
                .searchResponse(.success(Weather.places(matching: "san"))), .searchResultTapped(sanDiego),
                .forecastResponse(sanDiego.id, .success(Weather.forecast(for: sanDiego))),
            ])
    }

    @Test func withoutCancellingTheSearchAnEmptyQueryCouldListLocations() throws {
        // An `update` whose empty query cancels the debounce but forgets the search.
        func carelessUpdate(state: inout Weather.State, event: Weather.Event) -> Effect<
            Weather.Event, Weather.Env
        >? {
            if case .searchQueryChanged("") = event {
                state.searchQuery = ""
                state.results = []
                state.weather = nil
                return .cancel(Weather.debounceTask)
            }
            return Weather.update(state: &state, event: event)
        }
        let careless = Explorer(initialState: Weather.State(), env: .mock, update: carelessUpdate) { _ in
            [.searchQueryChanged("lo"), .searchQueryChanged("")]
        }
        .task(Weather.debounceTask, delivers: { _ in [.searchQueryDebounced] })
        .task(
            Weather.searchTask,
            delivers: { _ in [.searchResponse(.success(Weather.places(matching: "lo")))] }
        )
        .always("an empty query lists nothing") { state in
            !state.searchQuery.isEmpty || state.results.isEmpty
        }
        let failure = try #require(try careless.explore().failures.first)
        #expect(
            failure.trace?.events == [
                .searchQueryChanged("lo"), .searchQueryDebounced, .searchQueryChanged(""),
                .searchResponse(.success(Weather.places(matching: "lo"))),
            ])
    }
}
