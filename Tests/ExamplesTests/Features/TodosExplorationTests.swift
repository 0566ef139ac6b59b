import EffectEngine
import EffectEngineExploration
import EffectEngineTesting
import Foundation
import Testing

@testable import todos

@Suite("Todos feature, explored")
struct TodosExplorationTests {
    let explorer = Todos.explorer(env: .mock(clock: TestClock()))

    @Test func everyStateKeepsTheInvariants() throws {
        let report = try explorer.explore()
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.isExhaustive)
        #expect(report.unmodelledTasks.isEmpty)
        // Checking a todo that has an open one below it unsorts the list.
        #expect(
            report.witnesses["a completed todo waits above an open one"]?.events == [
                .added(id: UUID(0)), .added(id: UUID(1)), .todo(id: UUID(1), .setComplete(true)),
            ])
    }

    @Test func withoutTheSortAfterAMoveACompletedTodoCouldStayFirst() throws {
        // An `update` whose move forgets to sort afterwards.
        func carelessUpdate(state: inout Todos.State, event: Todos.Event) -> Effect<Todos.Event, Todos.Env>? {
            let effect = Todos.update(state: &state, event: event)
            if case .move = event { return nil }
            return effect
        }
        let careless = Explorer(
            initialState: Todos.State(), env: .mock(clock: TestClock()), update: carelessUpdate
        ) { state in
            let shown = state.filteredTodos.count
            return Todos.exploredIDs.filter { id in !state.todos.contains { $0.id == id } }.prefix(1).map {
                .added(id: $0)
            }
                + state.todos.map { .todo(id: $0.id, .setComplete(!$0.isComplete)) }
                + (shown > 1 ? [.move([shown - 1], to: 0)] : [])
        }
        .task(Todos.sortTask, delivers: { _ in [.sortDelayElapsed] })
        .always("completed todos come last unless a sort is pending") { state, tasks in
            state.isSorted || tasks.contains(Todos.sortTask) || tasks.contains(Todos.moveSortTask)
        }
        let failure = try #require(try careless.explore().failures.first)
        // The shortest: two todos, the top one checked and sorted below, then moved back up.
        #expect(
            failure.trace?.events == [
                .added(id: UUID(0)), .added(id: UUID(1)), .todo(id: UUID(1), .setComplete(true)),
                .sortDelayElapsed, .move([1], to: 0),
            ])
    }
}
