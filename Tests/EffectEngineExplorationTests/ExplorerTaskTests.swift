import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

@Suite("Explorer: tasks modelled as R5–R7 say", .onThreadOfItsOwn)
struct ExplorerTaskTests {
    let fetch = Explorer(initialState: Fetch.State(), update: Fetch.update) { _ in
        [.type("a"), .type("b"), .clear]
    }
    .task("fetch", delivers: { [.fetched($0.query)] })
    .always("fetching exactly while the fetch task runs") { state, tasks in
        state.isFetching == tasks.contains("fetch")
    }

    @Test func outcomesAreEnabledWhilePendingAndEndTheTask() throws {
        let report = try fetch.explore(graph: true)
        #expect(report.failures.isEmpty, "\(report)")
        // Nothing typed; a query pending; a result shown; a result shown and a query
        // pending: 1 + 2 + 2 + 4.
        #expect(report.states == 9)
        let graph = try #require(report.graph)
        for node in graph.nodes {
            let delivered = graph.edges.filter {
                $0.from == graph.nodes.firstIndex {
                    $0.state == node.state && $0.pendingTasks == node.pendingTasks
                }! && $0.task != nil
            }
            if node.pendingTasks == ["fetch"] {
                // Only the current query's result: a replaced task's never arrives (R5, R7).
                #expect(delivered.map(\.event) == [.fetched(node.state.query)])
                #expect(delivered.allSatisfy { graph.nodes[$0.to].pendingTasks.isEmpty })
            } else {
                #expect(delivered.isEmpty)
            }
        }
    }

    @Test func aReplacedTasksOutcomeIsTheNewOnes() throws {
        let report = try fetch.sometimes("b fetching after a was shown") { state, tasks in
            state.shown == "a" && state.query == "b" && tasks.contains("fetch")
        }.explore()
        let trace = try #require(report.witnesses["b fetching after a was shown"])
        #expect(trace.events == [.type("a"), .fetched("a"), .type("b")])
        #expect(trace.steps.map(\.task) == [nil, "fetch", nil])
        #expect(trace.steps.map(\.pendingTasks) == [["fetch"], [], ["fetch"]])
        #expect(trace.steps.map(\.effect) == [.task(name: "fetch"), nil, .task(name: "fetch")])
    }

    @Test func aCancelledTaskDeliversNothing() throws {
        // Cancelling is the only way to end a fetch without its result: a state that is
        // fetching with no task pending never occurs, and clearing leaves no outcome.
        let report = try fetch.always("clearing leaves nothing pending") { state, tasks in
            state.query != "" || tasks.isEmpty
        }.explore()
        #expect(report.failures.isEmpty, "\(report)")
    }

    @Test func aTaskThatKeepsDeliveringStaysPending() throws {
        let ticking = Explorer(initialState: Ticking.State(), update: Ticking.update) { _ in [.start, .stop] }
            .always("ticking exactly while running") { state, tasks in
                state.isRunning == tasks.contains("ticker")
            }
        let report = try ticking.task("ticker", keepsDelivering: { _ in [.tick] }).explore()
        #expect(report.failures.isEmpty, "\(report)")
        // Ticks 0 to 2, running or not.
        #expect(report.states == 6)

        let once = try ticking.task("ticker", delivers: { _ in [.tick] }).explore()
        let failure = try #require(once.failures.first)
        #expect(failure.kind == .always("ticking exactly while running"))
        #expect(failure.trace?.events == [.start, .tick])
        #expect(failure.trace?.steps.last?.task == "ticker")
        #expect(failure.test?.contains(".tick)  // from task \"ticker\"") == true)
    }

    @Test func tasksWithNoModelAreNamedInTheReport() throws {
        let report = try Explorer(initialState: Fetch.State(), update: Fetch.update) { _ in [.save, .log] }
            .explore()
        #expect(report.unmodelledTasks == ["log", "(unnamed)"])
        #expect(
            report.description.contains(
                "Tasks with no model (the events they deliver were not explored): \"log\", unnamed tasks."))
    }

    @Test func pendingTasksAnswerByName() throws {
        let report = try fetch.sometimes("fetch pending") { _, tasks in
            tasks.contains("fetch") && tasks.names == ["fetch"] && !tasks.isEmpty && !tasks.contains("other")
        }.explore()
        #expect(report.witnesses["fetch pending"]?.events == [.type("a")])
    }

    @Test func aCutChainIsAFailureWithItsTrace() throws {
        let report = try Explorer(initialState: 0, update: Looping.update, chainLimit: 10) { _ in [.loop] }
            .terminal { _ in true }
            .explore()
        let failure = try #require(report.failures.first)
        #expect(failure.kind == .chainCut(limit: 10))
        // 0, 11, …, 990 and 1,000, each with one loop event.
        #expect(report.states == 92)
        #expect(
            failure.message
                == "the .action chain of event 1 is cut after 10 steps (a cycle?) (92 transitions in all)")
        #expect(failure.trace?.events == [.loop])
        #expect(failure.trace?.state == 11)
        #expect(failure.test?.contains("@Test func actionChainIsCut() {") == true)
    }

    @Test func actionChainsAreSteppedAsHostsStepThem() throws {
        let report = try Explorer(initialState: 0, update: Looping.update) { state in
            state == 0 ? [.once] : []
        }
        .terminal { _ in true }
        .explore()
        #expect(report.states == 2)
        #expect(report.unmodelledTasks == ["t"])
        let counted = try Explorer(initialState: 0, update: Looping.update) { state in
            state == 0 ? [.once] : []
        }
        .terminal { _ in true }
        .task("t", delivers: { _ in [] })
        .sometimes("done, with t pending") { state, tasks in state == -1 && tasks.contains("t") }
        .explore()
        #expect(
            counted.witnesses["done, with t pending"]?.steps.first?.effect
                == .sequence([.action, .task(name: "t")]))
    }
}

/// Rows whose task `rows/<id>/load` is cancelled by scope when a row is hidden.
private enum HiddenRows {
    struct State: Hashable {
        var shown: Set<Int> = [1]
        var loaded: Set<Int> = []
    }

    enum Event: Hashable, Sendable {
        case load(Int)
        case loaded(Int)
        case hide(Int)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .load(let id):
            return .task(name: "rows/\(id)/load") { input, _ in input(.loaded(id)) }
        case .loaded(let id):
            state.loaded.insert(id)
            return nil
        case .hide(let id):
            state.shown.remove(id)
            return .cancel(scope: "rows/\(id)")
        }
    }
}

@Suite("Explorer: a scope cancel ends every task under the scope", .onThreadOfItsOwn)
struct ExplorerScopeCancelTests {
    @Test func hidingARowCancelsItsTasksInTheModel() throws {
        let report = try Explorer(initialState: HiddenRows.State(), update: HiddenRows.update) { state in
            state.shown.contains(1) ? [.load(1), .hide(1)] : []
        }
        .task("rows/1/load", delivers: { _ in [.loaded(1)] })
        .always("nothing pending once hidden") { state, tasks in
            state.shown.contains(1) || tasks.isEmpty
        }
        .terminal { !$0.shown.contains(1) }
        .explore()
        #expect(report.failures.isEmpty, "\(report)")
        // Shown: nothing, loading, loaded, loaded and loading again; hidden: not loaded, or
        // loaded. A hidden row whose load was still pending would be a seventh.
        #expect(report.states == 6)
    }
}
