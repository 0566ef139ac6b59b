import EffectEngine
import EffectEngineExploration
import EffectEngineTesting
import Foundation
import Testing

@testable import counter
@testable import movies
@testable import search
@testable import todos
@testable import weather

/// Each example's test plan covers every explored transition and runs against the real
/// host with a test env; a task body that sends an event its model does not list is
/// caught at the step that ran it (X10).
@Suite("Test plans of the examples, run against the real host")
@MainActor
struct TestPlanTests {
    /// `EFFECTENGINE_FULL=1` runs the whole plans of Todos (2,369 paths) and Weather
    /// (1,597); otherwise their plans cover the transitions within a few events, so the
    /// suite stays quick and leaves the main actor to the other suites.
    static let isFull = ProcessInfo.processInfo.environment["EFFECTENGINE_FULL"] == "1"

    /// Sleeps that take no wall time, so task bodies and debounces answer at once.
    static var options: HostOptions { HostOptions(clock: YieldingClock(wakes: 1_000_000)) }

    /// Every tree here settles: the timeout is only a bound, generous enough for a loaded
    /// machine, where the parallel tests can hold the pool's threads for seconds.
    static let bound = Duration.seconds(60)

    @Test func moviesAgreesWithItsModel() async throws {
        let explorer = Movies.explorer(env: .mock(clock: YieldingClock(wakes: 1_000_000)))
        let plan = try #require(explorer.testPlan(of: try explorer.explore(graph: true)))
        #expect(plan.coveredTransitions == plan.transitions)
        #expect(plan.transitions == 108)
        let result = await explorer.run(plan, timeout: Self.bound) { state in
            EffectHost(
                initialState: state, env: .mock(clock: YieldingClock(wakes: 1_000_000)),
                options: Self.options, update: Movies.update)
        }
        #expect(result.mismatches.isEmpty, "\(result)")
        #expect(result.paths == plan.paths.count)
        #expect(result.steps > 0)
    }

    @Test func aFailingServiceAgreesToo() async throws {
        let explorer = Movies.explorer(env: .mock(clock: YieldingClock(wakes: 1_000_000), failing: true))
        let plan = try #require(explorer.testPlan(of: try explorer.explore(graph: true)))
        let result = await explorer.run(plan, timeout: Self.bound) { state in
            EffectHost(
                initialState: state, env: .mock(clock: YieldingClock(wakes: 1_000_000), failing: true),
                options: Self.options, update: Movies.update)
        }
        // The service's error is the one the model lists: the plan once caught a model
        // that listed `.failed("unavailable")` for it.
        #expect(result.mismatches.isEmpty, "\(result)")
    }

    @Test func aBodyThatSendsAnUnlistedEventIsCaught() async throws {
        let explorer = Movies.explorer(env: .mock(clock: YieldingClock(wakes: 1_000_000)))
        let plan = try #require(explorer.testPlan(of: try explorer.explore(graph: true)))
        // The planted mismatch: the refresh body answers with an empty page, which the
        // model does not list.
        let planted: (inout Movies.State, Movies.Event) -> Effect<Movies.Event, Movies.Env>? = { state, event in
            guard event == .refresh else { return Movies.update(state: &state, event: event) }
            state.isLoading = true
            state.error = nil
            return .task(name: Movies.refreshTask) { input, _ in input(.loaded([])) }
        }
        let result = await explorer.run(plan, timeout: Self.bound, hostCode: "EffectHost(initialState: Movies.State(), env: .live(), update: Movies.update)") { state in
            EffectHost(
                initialState: state, env: .mock(clock: YieldingClock(wakes: 1_000_000)),
                options: Self.options, update: planted)
        }
        let first = try #require(result.mismatches.first)
        #expect(first.events == [.refresh])
        #expect(
            first.message.hasPrefix(
                "path 1, after 1 event (.refresh): task \"refresh\" delivered .loaded([]), which the model does not list"),
            "\(first.message)")
        #expect(first.test.contains("    await host.perform(.refresh)"))
        #expect(first.test.contains("@Test @MainActor func testPlanPath1() async {"))
    }

    @Test func aStateThatDiffersIsNamed() async throws {
        let explorer = Movies.explorer(env: .mock(clock: YieldingClock(wakes: 1_000_000)))
        let plan = try #require(explorer.testPlan(of: try explorer.explore(graph: true)))
        // The host's clear forgets the error, where the model's clears it.
        let drifted: (inout Movies.State, Movies.Event) -> Effect<Movies.Event, Movies.Env>? = { state, event in
            let error = state.error
            let effect = Movies.update(state: &state, event: event)
            if event == .clear { state.error = error }
            return effect
        }
        let result = await explorer.run(plan, timeout: Self.bound) { state in
            EffectHost(
                initialState: state, env: .mock(clock: YieldingClock(wakes: 1_000_000), failing: true),
                options: Self.options, update: drifted)
        }
        let first = try #require(result.mismatches.first, "\(result)")
        #expect(first.events.last == .clear)
        #expect(first.message.contains("the host's settled state differs from the model's"))
        // The written test expects the model's state after the tasks' outcomes too, not
        // the state the user's events alone lead to.
        let expected = try #require(first.modelStates.last?.last)
        #expect(!expected.isLoading)
        #expect(first.test.contains("isLoading: false"), "\(first.test)")
        #expect(!first.test.contains("isLoading: true"), "\(first.test)")
    }

    @Test func searchTodosAndWeatherAgreeWithTheirModels() async throws {
        let clock = YieldingClock(wakes: 1_000_000)
        let search = Search.explorer(env: .mock(clock: clock))
        let searchPlan = try #require(search.testPlan(of: try search.explore(graph: true)))
        #expect(searchPlan.coveredTransitions == searchPlan.transitions)
        let searchResult = await search.run(searchPlan, timeout: Self.bound) { state in
            EffectHost(initialState: state, env: .mock(clock: clock), options: Self.options, update: Search.update)
        }
        #expect(searchResult.mismatches.isEmpty, "\(searchResult)")

        let todos = Todos.explorer(env: .mock(clock: clock))
        let todosPlan = try #require(todos.testPlan(of: try todos.explore(depth: Self.isFull ? nil : 4, graph: true)))
        #expect(todosPlan.coveredTransitions == todosPlan.transitions)
        let todosResult = await todos.run(todosPlan, timeout: Self.bound) { state in
            EffectHost(initialState: state, env: .mock(clock: clock), options: Self.options, update: Todos.update)
        }
        #expect(todosResult.mismatches.isEmpty, "\(todosResult)")

        let weather = Weather.explorer(env: .live(clock: clock))
        let weatherPlan = try #require(
            weather.testPlan(of: try weather.explore(depth: Self.isFull ? nil : 6, graph: true)))
        #expect(weatherPlan.coveredTransitions == weatherPlan.transitions)
        let weatherResult = await weather.run(weatherPlan, timeout: Self.bound) { state in
            EffectHost(initialState: state, env: .live(clock: clock), options: Self.options, update: Weather.update)
        }
        #expect(weatherResult.mismatches.isEmpty, "\(weatherResult)")
    }

    @Test func counterAgreesWithItsModelWhileItsTickerWaits() async throws {
        // The ticker sleeps on a clock that never wakes it: a start settles when the
        // bound passes, with no tick.
        let explorer = Counter.explorer(env: .mock(clock: YieldingClock(wakes: 0)))
        let plan = try #require(explorer.testPlan(of: try explorer.explore(depth: 3, graph: true)))
        #expect(plan.coveredTransitions == plan.transitions)
        let result = await explorer.run(plan, timeout: .milliseconds(20)) { state in
            EffectHost(initialState: state, env: .mock(clock: YieldingClock(wakes: 0)), update: Counter.update)
        }
        #expect(result.mismatches.isEmpty, "\(result)")
    }
}
