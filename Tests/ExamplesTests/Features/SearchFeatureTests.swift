import EffectEngine
import EffectEngineTesting
import Testing

@testable import search

@Suite("Search feature, with TestHost and TestClock")

struct SearchFeatureTests {
    let clock = TestClock()

    func makeHost() -> TestHost<Search.State, Search.Event, Search.Env> {
        TestHost(initialState: Search.State(), clock: clock, update: Search.update)
    }

    @Test func aBurstWithinTheDebounceSearchesOnceForTheLastQuery() async {
        let host = makeHost()
        await host.send(.query("a")) {
            $0.query = "a"
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(200))
        await host.send(.query("ap")) { $0.query = "ap" }
        await clock.advance(by: .milliseconds(200))
        await host.send(.query("apr")) { $0.query = "apr" }
        await clock.advance(by: .milliseconds(299))
        #expect(host.pendingEvents.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await host.receive(.matchesFound(query: "apr", matches: ["apricot"])) {
            $0.matches = ["apricot"]
            $0.isSearching = false
        }
        await host.finish()
        // Each debounced search waits for its time: scheduled, not started.
        let searches = host.activities.filter { if case .task(.scheduled) = $0 { true } else { false } }
        let replaced = host.activities.filter { if case .task(.replaced) = $0 { true } else { false } }
        let delivered = host.activities.filter { activity in
            guard case .transition(let step) = activity, case .task = step.cause else { return false }
            return true
        }
        #expect(searches.count == 3)
        #expect(replaced.count == 2)
        #expect(delivered.count == 1)
    }

    @Test func clearingTheQueryCancelsTheSearch() async {
        let host = makeHost()
        await host.send(.query("ap")) {
            $0.query = "ap"
            $0.isSearching = true
        }
        await host.send(.query("")) {
            $0.query = ""
            $0.isSearching = false
        }
        #expect(host.runningTaskNames.isEmpty)
        await clock.advance(by: .seconds(1))
        await host.finish()
    }

    @Test func aQueryPausedLongEnoughIsSearched() async {
        let host = makeHost()
        await host.send(.query("ap")) {
            $0.query = "ap"
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(300))
        await host.receive(.matchesFound(query: "ap", matches: ["apple", "apricot", "grape"])) {
            $0.matches = ["apple", "apricot", "grape"]
            $0.isSearching = false
        }
        await host.send(.query("ban")) {
            $0.query = "ban"
            $0.matches = []
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(300))
        await host.receive(.matchesFound(query: "ban", matches: ["banana"])) {
            $0.matches = ["banana"]
            $0.isSearching = false
        }
        await host.finish()
    }

    @Test func staleResultsAreIgnored() {
        UpdateSpec(Search.update)
            .given(Search.State(query: "apr", matches: [], isSearching: true))
            .when(.matchesFound(query: "ap", matches: ["apple"]))
            .then(effect: nil)
    }
}
