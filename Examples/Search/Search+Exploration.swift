import EffectEngine
import EffectEngineExploration

extension Search {
    /// The search as a model to explore: a user types one of a few queries (or clears
    /// it), and the search task answers with the matches of the query it was started for.
    ///
    /// ```text
    /// $ search --explore
    /// Explored 5 states and 17 transitions, 2 events deep: the whole reachable space.
    /// ```
    ///
    /// A query's task is replaced by the next query and cancelled by an empty one, so its
    /// answer arrives only while its query is current: the model lists it for the current
    /// query (R5–R7).
    static func explorer(env: Env) -> Explorer<State, Event, Env> {
        explorer(env: env, update: update)
    }

    /// The model of ``explorer(env:)`` stepping another `update`: a copy with a planted
    /// bug, for the tests that show the properties catch it.
    static func explorer(
        env: Env, update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) -> Explorer<State, Event, Env> {
        Explorer(initialState: State(), env: env, update: update) { _ in
            [.query("ap"), .query("an"), .query("")]
        }
        .task(
            searchTask,
            delivers: { state in [.matchesFound(query: state.query, matches: env.matches(state.query))] }
        )
        .always("searching exactly while the search task runs") { state, tasks in
            state.isSearching == tasks.contains(searchTask)
        }
        .always("every match contains the query") { state in
            state.matches.allSatisfy { $0.contains(state.query.lowercased()) }
        }
        .always("an empty query shows nothing") { state in
            !state.query.isEmpty || (state.matches.isEmpty && !state.isSearching)
        }
        .sometimes("matches are shown") { !$0.matches.isEmpty }
        .eventually("searching ends", after: { $0.isSearching }, through: .taskOutcomes) { !$0.isSearching }
        .eventCases([.query(""), .matchesFound(query: "", matches: [])])
        .testCode(spec: "UpdateSpec(Search.update, env: .mock(clock: TestClock()))")
    }
}
