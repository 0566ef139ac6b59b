import EffectEngine
import EffectEngineExploration

extension Weather {
    /// The screen as a model to explore: a user types one of a few queries (or clears
    /// it) and picks one of the first two locations listed; the debounce delivers its
    /// event, the search answers with the built-in places or fails, and the forecast
    /// answers for the location it was started for or fails.
    ///
    /// ```text
    /// $ weather --explore
    /// Explored 409 states and 2,825 transitions, 14 events deep: the whole reachable space.
    /// ```
    ///
    /// A pick's task is replaced by the next pick, so a forecast arrives only for the
    /// location loading: the model delivers it for that one (R5–R7).
    static func explorer(env: Env) -> Explorer<State, Event, Env> {
        explorer(env: env, update: update)
    }

    /// The model of ``explorer(env:)`` stepping another `update`: a copy with a planted
    /// bug, for the tests that show the properties catch it.
    static func explorer(
        env: Env, update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) -> Explorer<State, Event, Env> {
        Explorer(initialState: State(), env: env, update: update) { state in
            [.searchQueryChanged("san"), .searchQueryChanged("lo"), .searchQueryChanged("")]
                + state.results.prefix(2).map(Event.searchResultTapped)
        }
        .task(debounceTask, delivers: { _ in [.searchQueryDebounced] })
        .task(
            searchTask,
            delivers: { state in
                [.searchResponse(.success(places(matching: state.searchQuery))), .searchResponse(.failure("offline"))]
            }
        )
        .task(
            forecastTask,
            delivers: { state in
                guard let location = state.resultForecastRequestInFlight else { return [] }
                return [
                    .forecastResponse(location.id, .success(forecast(for: location))),
                    .forecastResponse(location.id, .failure("offline")),
                ]
            }
        )
        .always("loading a forecast exactly while the forecast task runs") { state, tasks in
            (state.resultForecastRequestInFlight != nil) == tasks.contains(forecastTask)
        }
        .always("an empty query lists nothing") { state in
            !state.searchQuery.isEmpty || state.results.isEmpty
        }
        .always("a forecast shown is for the location it was loaded for") { state in
            guard let report = state.weather else { return true }
            guard let location = places.first(where: { $0.id == report.id }) else { return false }
            return report == Report(id: location.id, forecast: forecast(for: location))
        }
        .sometimes("a forecast is shown under its location") { state in
            state.results.contains { $0.id == state.weather?.id }
        }
        .sometimes("a forecast loads while another is shown") { state in
            state.weather != nil && state.resultForecastRequestInFlight.map { $0.id != state.weather?.id } == true
        }
        .eventually(
            "loading a forecast ends", after: { $0.resultForecastRequestInFlight != nil }, through: .taskOutcomes
        ) { $0.resultForecastRequestInFlight == nil }
        .testCode(spec: "UpdateSpec(Weather.update, env: .mock)")
    }
}
