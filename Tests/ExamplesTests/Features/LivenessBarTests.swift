import EffectEngine
import EffectEngineExploration
import EffectEngineTesting
import Testing

@testable import movies
@testable import search
@testable import todos

/// The stuck-spinner property of each app holds, and a copy with a planted bug (the path
/// that ends the work forgets to say so) breaks it within 3 events (X7).
@Suite("Liveness of the examples, and of copies that get stuck")
struct LivenessBarTests {
    @Test func moviesStopsLoading() throws {
        let report = try Movies.explorer(env: .live()).checkLiveness()
        #expect(report.isExhaustive)
        #expect(report.violations.isEmpty, "\(report)")
    }

    @Test func moviesWhoseFailureForgetsToStopLoadingIsStuck() throws {
        let broken = Movies.explorer(env: .live()) { state, event in
            let wasLoading = state.isLoading
            let effect = Movies.update(state: &state, event: event)
            if case .failed = event { state.isLoading = wasLoading }
            return effect
        }
        let report = try broken.checkLiveness()
        let violation = try #require(report.violations.first)
        #expect(violation.name == "loading ends")
        #expect(violation.trace?.events == [.refresh, .failed("the movie service is unavailable")])
        #expect((violation.trace?.events.count ?? 99) <= 3)
        // Leads-to under fairness finds it too, as the shortest lasso (X14): a refresh and
        // the failure that leaves the spinner on, then nothing more (no task is pending,
        // so no fairness forbids the path to stay there).
        let lasso = try #require(report.violations.last)
        #expect(lasso.name == "a refresh ends")
        #expect(lasso.trace?.events == [.refresh, .failed("the movie service is unavailable")])
        #expect(lasso.cycle?.isEmpty == true)
    }

    @Test func searchStopsSearching() throws {
        let report = try Search.explorer(env: .mock(clock: TestClock())).checkLiveness()
        #expect(report.violations.isEmpty, "\(report)")
    }

    /// Search has no error event (a search that throws ends its task with none), so the
    /// planted bug is in the answer's path.
    @Test func searchWhoseAnswerForgetsToStopSearchingIsStuck() throws {
        let broken = Search.explorer(env: .mock(clock: TestClock())) { state, event in
            let wasSearching = state.isSearching
            let effect = Search.update(state: &state, event: event)
            if case .matchesFound = event { state.isSearching = wasSearching }
            return effect
        }
        let violation = try #require(try broken.checkLiveness().violations.first)
        #expect(violation.name == "searching ends")
        #expect((violation.trace?.events.count ?? 99) <= 3, "\(violation.message)")
    }

    @Test func todosGetSorted() throws {
        let report = try Todos.explorer(env: .mock(clock: TestClock())).checkLiveness()
        #expect(report.violations.isEmpty, "\(report)")
    }

    @Test func todosWhoseSortForgetsToSortAreStuck() throws {
        let broken = Todos.explorer(env: .mock(clock: TestClock())) { state, event in
            if case .sortDelayElapsed = event { return nil }
            return Todos.update(state: &state, event: event)
        }
        let violation = try #require(try broken.checkLiveness().violations.first)
        #expect(violation.name == "completed todos get sorted")
        #expect((violation.trace?.events.count ?? 99) <= 3, "\(violation.message)")
    }
}
