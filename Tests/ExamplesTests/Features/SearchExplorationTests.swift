import EffectEngine
import EffectEngineExploration
import EffectEngineTesting
import Testing

@testable import search

@Suite("Search feature, explored")
struct SearchExplorationTests {
    @Test func resultsOnlyEverMatchTheCurrentQuery() throws {
        let report = try Search.explorer(env: .mock(clock: TestClock())).explore()
        #expect(report.failures.isEmpty, "\(report)")
        // Nothing typed; "ap" or "an" searching; "ap" or "an" with its matches.
        #expect(report.states == 5)
        #expect(report.isExhaustive)
        #expect(
            report.witnesses["matches are shown"]?.events
                == [.query("ap"), .matchesFound(query: "ap", matches: ["apple", "apricot", "grape"])])
    }

    @Test func withoutTheStaleCheckAStaleAnswerWouldShow() throws {
        // An answer for "ap" that arrives whatever the query: an `update` without the
        // stale check shows it.
        func carelessUpdate(state: inout Search.State, event: Search.Event) -> Effect<
            Search.Event, Search.Env
        >? {
            if case .matchesFound(_, let matches) = event {
                state.matches = matches
                state.isSearching = false
                return nil
            }
            return Search.update(state: &state, event: event)
        }
        let careless = Explorer(
            initialState: Search.State(), env: .mock(clock: TestClock()), update: carelessUpdate
        ) { _ in
            [.query("ap"), .query("an"), .matchesFound(query: "ap", matches: ["apple"])]
        }
        .always("every match contains the query") { state in
            state.matches.allSatisfy { $0.contains(state.query.lowercased()) }
        }
        let failure = try #require(try careless.explore().failures.first)
        // The shortest: the answer arrives before anything is typed.
        #expect(failure.trace?.events == [.matchesFound(query: "ap", matches: ["apple"])])
        let real = try Explorer(
            initialState: Search.State(), env: .mock(clock: TestClock()), update: Search.update
        ) { _ in
            [.query("ap"), .query("an"), .matchesFound(query: "ap", matches: ["apple"])]
        }.always("every match contains the query") { state in
            state.matches.allSatisfy { $0.contains(state.query.lowercased()) }
        }.explore()
        #expect(real.failures.isEmpty, "\(real)")
    }
}
