import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// Two todos whose completed one is moved last a moment after a toggle, by a task with no
/// name (TCA's Todos names it to cancel it in flight; a port that does not need that would
/// leave it unnamed).
enum Sorting {
    struct State: Hashable {
        var done = [false, false]
        var order = [0, 1]

        /// No completed todo is shown before an open one.
        var completedComeLast: Bool {
            !zip(order, order.dropFirst()).contains { done[$0] && !done[$1] }
        }
    }

    enum Event: Hashable, Sendable {
        case toggle(Int)
        case sortCompleted
    }

    static func update(_ state: inout State, _ event: Event) -> Effect<Event, Void>? {
        switch event {
        case .toggle(let todo):
            state.done[todo].toggle()
            return .task { input, _ in input(.sortCompleted) }
        case .sortCompleted:
            state.order.sort { !state.done[$0] && state.done[$1] }
            return nil
        }
    }
}

@Suite("Explorer: unnamed tasks are pending too (X2)", .onThreadOfItsOwn)
struct ExplorerUnnamedTaskTests {
    let sorting = Explorer(initialState: Sorting.State(), update: Sorting.update) { _ in
        [.toggle(0), .toggle(1)]
    }

    @Test func anInvariantAllowsWhatAPendingUnnamedTaskWillSetRight() throws {
        let invariant = "completed todos come last unless a sort is pending"
        let modelled = try sorting.unnamedTask(delivers: { _ in [.sortCompleted] })
            .always(invariant) { state, tasks in tasks.unnamed > 0 || state.completedComeLast }
            .explore(depth: 6)
        #expect(modelled.failures.isEmpty, "\(modelled)")
        #expect(modelled.unmodelledTasks.isEmpty)

        // Without a model the sort never arrives and no task is seen pending: the
        // invariant fails at the first toggle of the first todo.
        let unmodelled = try sorting
            .always(invariant) { state, tasks in tasks.unnamed > 0 || state.completedComeLast }
            .explore(depth: 6)
        #expect(unmodelled.failures.first?.kind == .always(invariant))
        #expect(unmodelled.failures.first?.trace?.events == [.toggle(0)])
        #expect(unmodelled.unmodelledTasks == ["(unnamed)"])
    }

    @Test func eachUnnamedTaskIsCountedUntilItDelivers() throws {
        let report = try sorting.unnamedTask(delivers: { _ in [.sortCompleted] })
            .sometimes("two sorts pending") { _, tasks in tasks.unnamed == 2 && !tasks.isEmpty }
            .sometimes("reordered with another sort pending") { state, tasks in
                tasks.unnamed == 1 && state.order == [1, 0]
            }
            .explore(depth: 4)
        let two = try #require(report.witnesses["two sorts pending"])
        #expect(two.events == [.toggle(0), .toggle(0)])
        #expect(two.steps.map(\.pendingTasks) == [["(unnamed)"], ["(unnamed)", "(unnamed)"]])
        #expect(two.steps.map(\.effect) == [.task(name: nil), .task(name: nil)])

        // The delivery ended the first sort; the second toggle issued another.
        let one = try #require(report.witnesses["reordered with another sort pending"])
        #expect(one.events == [.toggle(0), .sortCompleted, .toggle(0)])
        #expect(one.steps.map(\.task) == [nil, "(unnamed)", nil])
        #expect(one.steps.map(\.pendingTasks) == [["(unnamed)"], [], ["(unnamed)"]])
    }

    @Test func aFailureAfterAnUnnamedDeliveryIsTracedAndWritten() throws {
        let report = try sorting.unnamedTask(delivers: { _ in [.sortCompleted] })
            .always("the first todo stays first") { $0.order.first == 0 }
            .explore(graph: true)
        let failure = try #require(report.failures.first)
        #expect(failure.trace?.events == [.toggle(0), .sortCompleted])
        #expect(failure.trace?.steps.last?.task == "(unnamed)")
        #expect(failure.test?.contains(".sortCompleted)  // from task \"(unnamed)\"") == true)

        let graph = try #require(report.graph)
        #expect(graph.edges.contains { $0.task == "(unnamed)" && $0.event == .sortCompleted })
        #expect(graph.nodes.contains { $0.pendingTasks == ["(unnamed)"] })
        #expect(graph.dot().contains("sortCompleted (from (unnamed))"))
    }

    @Test func unnamedTasksPastTheCountAreNamedInTheReport() throws {
        // Every toggle issues one more; nothing ever delivers.
        let report = try sorting.unnamedTask(delivers: { _ in [] }).explore(depth: 300)
        #expect(report.unmodelledTasks == ["(unnamed) beyond 255 pending"])
        #expect(report.isExhaustive)
    }

    /// A task whose name ends in `/` names a scope: the host runs it as an unnamed task
    /// under that scope, never replaced, and so does the model.
    @Test func aTaskNamedLikeAScopeIsAnUnnamedTask() throws {
        let update: (inout Sorting.State, Sorting.Event) -> Effect<Sorting.Event, Void>? = { state, event in
            let effect = Sorting.update(&state, event)
            guard case .toggle = event else { return effect }
            return .task(name: "rows/") { input, _ in input(.sortCompleted) }
        }
        let scoped = Explorer(initialState: Sorting.State(), update: update) { _ in [Sorting.Event.toggle(0)] }
            .unnamedTask(delivers: { _ in [.sortCompleted] })
        let report = try scoped.explore(depth: 2, graph: true)
        // Toggling twice leaves two tasks pending: the second did not replace the first.
        let pending = try #require(report.graph).nodes.map(\.pendingTasks)
        #expect(pending.contains(["(unnamed)", "(unnamed)"]))
        #expect(report.unmodelledTasks.isEmpty)
    }
}
