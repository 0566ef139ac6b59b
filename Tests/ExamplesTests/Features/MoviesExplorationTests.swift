import EffectEngine
import EffectEngineExploration
import EffectEngineTesting
import Testing

@testable import movies

@Suite("Movies feature, explored")
struct MoviesExplorationTests {
    let explorer = Movies.explorer(env: .live())

    @Test func everyStateKeepsTheInvariants() throws {
        let report = try explorer.explore()
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.isExhaustive)
        #expect(report.unmodelledTasks.isEmpty)
        #expect(report.states == plainCount())
        #expect(
            report.witnesses["a movie is selected"]?.events == [
                .refresh, .loaded(Movies.MovieService.page), .select(1),
            ])
        // A selection of no movie is refused and changes nothing (L8): only a failed
        // refresh shows an error.
        #expect(report.witnesses["an error is shown"]?.events == [.refresh, .failed("the movie service is unavailable")])
    }

    @Test func aShorterPageDropsASelectionBeyondIt() throws {
        let report = try explorer.sometimes("movie 5 selected, then a page of 2 loaded") { state in
            state.movies.count == 2 && state.selection == nil && state.error == nil
        }.explore()
        let trace = try #require(report.witnesses["movie 5 selected, then a page of 2 loaded"])
        #expect(trace.events.first == .refresh)
        #expect(trace.steps.last?.task == Movies.refreshTask)
    }

    @Test func forgettingToStopLoadingIsCaught() throws {
        // An `update` that leaves `isLoading` set when the service fails.
        func forgetfulUpdate(state: inout Movies.State, event: Movies.Event) -> Effect<
            Movies.Event, Movies.Env
        >? {
            if case .failed(let message) = event {
                state.error = message
                return nil
            }
            return Movies.update(state: &state, event: event)
        }
        let forgetful = Explorer(initialState: Movies.State(), env: .live(), update: forgetfulUpdate) { _ in
            [.refresh, .clear]
        }
        .task(Movies.refreshTask, delivers: { _ in [.failed("the movie service is unavailable")] })
        .always("loading exactly while the refresh task runs") { state, tasks in
            state.isLoading == tasks.contains(Movies.refreshTask)
        }
        .testCode(spec: "UpdateSpec(Movies.update, env: .live())")
        let failure = try #require(try forgetful.explore().failures.first)
        #expect(failure.trace?.events == [.refresh, .failed("the movie service is unavailable")])
        #expect(
            failure.test == """
                /// Found by Explorer: always "loading exactly while the refresh task runs" is broken after 2 events.
                @Test func loadingExactlyWhileTheRefreshTaskRuns() {
                    UpdateSpec(Movies.update, env: .live()).given(.init(movies: [], isLoading: false, selection: nil, error: nil))
                        .when(
                            .refresh,
                            .failed("the movie service is unavailable"))  // from task "refresh"
                        .then(effect: nil) {
                            $0.isLoading = true
                            $0.error = "the movie service is unavailable"
                        }
                }
                """)
    }

    /// The same space walked by hand: the state and whether the refresh task is pending,
    /// in a `Set`, breadth first.
    func plainCount() -> Int {
        struct Node: Hashable {
            var state: Movies.State
            var refreshing: Bool
        }
        let outcomes: [Movies.Event] = [
            .loaded(Movies.MovieService.page), .loaded(Array(Movies.MovieService.page.prefix(2))),
            .failed("the movie service is unavailable"),
        ]
        var seen: Set<Node> = [Node(state: Movies.State(), refreshing: false)]
        var queue = Array(seen)
        while let node = queue.popLast() {
            let events = [Movies.Event.refresh, .select(1), .select(5), .select(6), .clear].map {
                ($0, false)
            }
            for (event, delivered) in events + (node.refreshing ? outcomes.map { ($0, true) } : []) {
                var next = node
                if delivered { next.refreshing = false }
                if Movies.update(state: &next.state, event: event)?.summary == .task(name: Movies.refreshTask)
                {
                    next.refreshing = true
                }
                if seen.insert(next).inserted { queue.append(next) }
            }
        }
        return seen.count
    }
}

/// The test `forgettingToStopLoadingIsCaught` printed, pasted; here it runs against the
/// real `update`, which stops loading, so it states what the real one does.
@Suite("Movies: a printed test, pasted")
struct MoviesPastedTests {
    @Test func loadingStopsWhenTheServiceFails() {
        UpdateSpec(Movies.update, env: .live()).given(
            .init(movies: [], isLoading: false, selection: nil, error: nil)
        )
        .when(
            .refresh,
            .failed("the movie service is unavailable")
        )  // from task "refresh"
        .then(effect: nil) {
            $0.error = "the movie service is unavailable"
        }
    }
}
