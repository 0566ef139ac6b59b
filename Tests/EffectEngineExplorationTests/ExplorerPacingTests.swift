import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// A search box whose search is paced as the test says: debounced, or throttled with or
/// without `latest`. Typing issues the search; its result clears `isSearching`.
private enum Paced {
    struct State: Hashable, Sendable {
        var query = ""
        var isSearching = false
        var shown = ""
    }

    enum Event: Hashable, Sendable {
        case type(String)
        case found(String)
        case cancel
    }

    static func update(pacing: TaskPacing) -> (inout State, Event) -> Effect<Event, Void>? {
        { state, event in
            switch event {
            case .type(let query):
                state.query = query
                state.isSearching = true
                let body: @Sendable (Input<Event>, Void) async throws -> Void = { input, _ in input(.found(query)) }
                switch pacing {
                case .debounce(let duration): return .task(name: "search", debounce: duration, operation: body)
                case .throttle(let window, let latest):
                    return .task(name: "search", throttle: window, latest: latest, operation: body)
                }
            case .found(let query):
                state.isSearching = false
                state.shown = query
                return nil
            case .cancel:
                state.isSearching = false
                return .cancel("search")
            }
        }
    }

    static func explorer(_ pacing: TaskPacing) -> Explorer<State, Event, Void> {
        Explorer(initialState: State(), update: update(pacing: pacing)) { _ in [.type("a"), .type("b"), .cancel] }
            .task("search", delivers: { [.found($0.query)] })
            .always("searching exactly while the search is pending") { state, tasks in
                state.isSearching == tasks.contains("search")
            }
    }
}

/// X12: paced tasks are modelled as the host runs them, or refused by name.
@Suite("Explorer: debounced and throttled tasks (X12)", .onThreadOfItsOwn)
struct ExplorerPacingTests {
    /// A debounced task counts as running from its issue (the invariant holds), and a
    /// reissue replaces it: after typing "a" then "b", only "b"'s result can arrive.
    @Test func aDebouncedTaskIsPendingFromItsIssueAndAReissueReplacesIt() throws {
        let report = try Paced.explorer(.debounce(.milliseconds(300)))
            .sometimes("a shown after b was typed") { $0.shown == "a" && $0.query == "b" }
            .explore(graph: true)
        #expect(report.failures.map(\.kind) == [], "\(report)")
        #expect(report.witnesses["a shown after b was typed"]?.events == [.type("a"), .found("a"), .type("b")])
        let graph = try #require(report.graph)
        let typedTwice = try #require(
            graph.nodes.firstIndex { $0.state == Paced.State(query: "b", isSearching: true, shown: "") })
        #expect(graph.nodes[typedTwice].pendingTasks == ["search"])
        let delivered = graph.edges.filter { $0.from == typedTwice && $0.task == "search" }.map(\.event)
        #expect(delivered == [.found("b")])
    }

    /// A throttled task with `latest`: every issue replaces the pending one (a later issue
    /// in the window cancels the run in flight and waits for the window's end).
    @Test func aThrottledTaskWithLatestReplacesThePendingOne() throws {
        let report = try Paced.explorer(.throttle(.seconds(1), latest: true)).explore()
        #expect(report.failures.isEmpty, "\(report)")
        let debounced = try Paced.explorer(.debounce(.seconds(1))).explore()
        #expect(report.states == debounced.states)
        #expect(report.transitions == debounced.transitions)
    }

    /// The feature that breaks X12: a throttle without `latest` drops an issue that falls
    /// in an open window, which depends on time the model does not have. Modelled as a
    /// plain task, the dropped issue would be a running task; the explorer refuses the
    /// model instead, naming the task, in every checker that steps it.
    @Test func aThrottleWithoutLatestIsRefusedByName() throws {
        let explorer = Paced.explorer(.throttle(.seconds(1), latest: false))
        let refusal = ExplorationError(
            "the task \"search\" is throttled without `latest`: the host drops an issue that falls in an open "
                + "window, and whether one does depends on time, which the explorer does not model, so its model of "
                + "\"search\" would be wrong; throttle it with `latest: true` or debounce it (both are modelled as "
                + "the host runs them), or leave \"search\" unmodelled")
        #expect(throws: refusal) { try explorer.explore() }
        #expect(throws: refusal) { try explorer.explore(graph: true, workers: 2) }
        #expect(throws: refusal) { try explorer.checkLiveness() }
        #expect(throws: refusal) { try explorer.simulate(walks: 10, depth: 5) }
    }

    /// Left unmodelled, a throttled task's events are not explored, and nothing is refused.
    @Test func anUnmodelledThrottledTaskIsOnlyNamed() throws {
        let report = try Explorer(
            initialState: Paced.State(), update: Paced.update(pacing: .throttle(.seconds(1), latest: false))
        ) { _ in [.type("a")] }
        .explore()
        #expect(report.unmodelledTasks == ["search"])
    }
}
