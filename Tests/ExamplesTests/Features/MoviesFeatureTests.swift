import EffectEngine
import EffectEngineTesting
import Testing

@testable import MoviesExample

@Suite("Movies feature, with TestHost and TestClock")
@MainActor
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

    @Test func selectingWithNothingLoadedIsAnError() {
        UpdateSpec(Movies.update)
            .given(Movies.State())
            .when(.select(1))
            .then(effect: nil) { $0.error = "nothing to select — refresh first" }
    }
}
