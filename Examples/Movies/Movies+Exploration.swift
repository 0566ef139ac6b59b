import EffectEngine
import EffectEngineExploration

extension Movies {
    /// The screen as a model to explore: what a user may do in any state, what the
    /// refresh task may deliver, and what must always (or at some point) be true.
    ///
    /// ```text
    /// $ movies --explore --dot movies.dot
    /// Explored 42 states and 252 transitions, 6 events deep: the whole reachable space.
    /// ```
    ///
    /// The service is modelled as answering with its page, with a shorter page (a
    /// selection beyond it must go), or failing.
    static func explorer(env: Env) -> Explorer<State, Event, Env> {
        explorer(env: env, update: update)
    }

    /// The model of ``explorer(env:)`` stepping another `update`: a copy with a planted
    /// bug, for the tests that show the properties catch it.
    static func explorer(
        env: Env, update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) -> Explorer<State, Event, Env> {
        Explorer(initialState: State(), env: env, update: update) { _ in
            [.refresh, .select(1), .select(5), .select(6), .clear]
        }
        .task(
            refreshTask,
            delivers: { _ in
                [
                    .loaded(MovieService.page), .loaded(Array(MovieService.page.prefix(2))),
                    .failed("the movie service is unavailable"),
                ]
            }
        )
        .always("loading exactly while the refresh task runs") { state, tasks in
            state.isLoading == tasks.contains(refreshTask)
        }
        .always("a selection points at a loaded movie") { state in
            state.selection.map { $0 >= 1 && $0 <= state.movies.count } ?? true
        }
        .sometimes("a movie is selected") { $0.selection != nil }
        .sometimes("an error is shown") { $0.error != nil }
        .eventually("loading ends", after: { $0.isLoading }, through: .taskOutcomes) { !$0.isLoading }
        // On every fair path, too: the refresh task, weakly fair, eventually answers (X11).
        .leadsTo("a refresh ends", from: { $0.isLoading }, to: { !$0.isLoading })
        .eventCases([.refresh, .loaded([]), .failed(""), .select(1), .clear])
        .testCode(spec: "UpdateSpec(Movies.update, env: .live())")
    }
}
