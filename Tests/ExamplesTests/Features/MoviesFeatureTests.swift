import EffectEngine
import EffectEngineTesting
import Testing

@testable import movies

@Suite("Movies feature, with TestHost and TestClock")

struct MoviesFeatureTests {
    let clock = TestClock()

    @Test func aFailedRefreshRendersTheError() async {
        let host = TestHost(
            initialState: Movies.State(), env: .mock(clock: clock, failing: true), update: Movies.update)
        await host.send(.refresh) { $0.isLoading = true }
        await host.receive(.failed("the movie service is unavailable")) {
            $0.isLoading = false
            $0.error = "the movie service is unavailable"
        }
        #expect(
            Movies.render(host.state)
                == "movies: none loaded — type refresh\nfailed: the movie service is unavailable")
        await host.finish()
    }

    @Test func aRefreshLoadsAfterTheServiceLatency() async {
        let host = TestHost(initialState: Movies.State(), env: .live(clock: clock), update: Movies.update)
        await host.send(.refresh) { $0.isLoading = true }
        await clock.advance(by: .milliseconds(199))
        #expect(host.pendingEvents.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await host.receive(.loaded(Movies.MovieService.page)) {
            $0.isLoading = false
            $0.movies = Movies.MovieService.page
        }
        await host.send(.select(2)) { $0.selection = 2 }
        #expect(Movies.render(host.state).contains("selected: Blade Runner (1982)"))
        await host.finish()
    }

    @Test func aNewRefreshReplacesTheOneUnderWay() async {
        let host = TestHost(initialState: Movies.State(), env: .live(clock: clock), update: Movies.update)
        await host.send(.refresh) { $0.isLoading = true }
        await clock.advance(by: .milliseconds(100))
        await host.send(.refresh)
        await clock.advance(by: .milliseconds(100))
        #expect(host.pendingEvents.isEmpty)
        await clock.advance(by: .milliseconds(100))
        await host.receive(.loaded(Movies.MovieService.page)) {
            $0.isLoading = false
            $0.movies = Movies.MovieService.page
        }
        await host.finish()
    }

    /// L8: a number that names no movie is refused in the feature's words, and the state
    /// stays as it was.
    @Test func selectingANumberWithNoMovieIsRefused() {
        UpdateSpec(Movies.update)
            .given(Movies.State())
            .when(.select(1))
            .then(Movies.State(), effect: .rejected("nothing to select — refresh first"))
        let loaded = Movies.State(movies: Movies.MovieService.page, selection: 2)
        UpdateSpec(Movies.update)
            .given(loaded)
            .when(.select(6))
            .then(loaded, effect: .rejected("no movie 6: pick 1 to 5"))
    }
}
