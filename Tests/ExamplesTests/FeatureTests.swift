@testable import CounterExample
import EffectEngineTesting
@testable import MoviesExample
@testable import SearchExample
import Testing

/// The examples' `update` functions, driven by `TestHost` on a `TestClock`: no binary, no
/// waiting.
@MainActor @Suite struct FeatureTests {
    @Test func counterTicksOnItsClockUntilStopped() async {
        let clock = TestClock()
        let host = TestHost(initialState: Counter.State(), env: .mock(clock: clock), update: Counter.update)
        await host.send(.start) { $0.isRunning = true }
        await clock.advance(by: .seconds(2))
        await host.receive(.tick) { $0.count = 1 }
        await host.receive(.tick) { $0.count = 2 }
        await host.send(.stop) { $0.isRunning = false }
        await host.finish()
    }

    @Test func searchShowsOnlyTheLastQueryOfABurst() async {
        let clock = TestClock()
        let host = TestHost(initialState: Search.State(), env: .mock(clock: clock), update: Search.update)
        await host.send(.query("ap")) {
            $0.query = "ap"
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(200))
        await host.send(.query("app")) { $0.query = "app" }
        await clock.advance(by: .milliseconds(300))
        await host.receive(.matchesFound(query: "app", matches: ["apple"])) {
            $0.matches = ["apple"]
            $0.isSearching = false
        }
        await host.finish()
    }

    @Test func moviesShowTheServiceFailure() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Movies.State(), env: .mock(clock: clock, failing: true), update: Movies.update)
        await host.send(.refresh) { $0.isLoading = true }
        await host.receive(.failed("the movie service is unavailable")) {
            $0.isLoading = false
            $0.error = "the movie service is unavailable"
        }
        await host.finish()
    }
}
