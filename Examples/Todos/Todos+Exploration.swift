import EffectEngine
import EffectEngineExploration
import Foundation

extension Todos {
    /// The ids exploration adds todos with: up to ``exploredIDs``.count todos at once.
    static let exploredIDs = (0..<3).map { UUID($0) }

    /// The list as a model to explore: up to three todos are added, checked, unchecked,
    /// deleted and moved (first to last, last to first) under each filter, completed ones
    /// cleared; each sort task delivers its sort.
    ///
    /// ```text
    /// $ todos --explore
    /// Explored 858 states and 7,482 transitions, 10 events deep: the whole reachable space.
    /// ```
    ///
    /// A todo is added as ``Event/added(id:)`` with the first of ``exploredIDs`` not in
    /// use, so the ids explored are a function of the state, whatever `env.uuid` draws.
    static func explorer(env: Env) -> Explorer<State, Event, Env> {
        explorer(env: env, update: update)
    }

    /// The model of ``explorer(env:)`` stepping another `update`: a copy with a planted
    /// bug, for the tests that show the properties catch it.
    static func explorer(
        env: Env, update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) -> Explorer<State, Event, Env> {
        Explorer(initialState: State(), env: env, update: update) { state in
            var events: [Event] = []
            if let id = exploredIDs.first(where: { id in !state.todos.contains { $0.id == id } }) {
                events.append(.added(id: id))
            }
            events += state.todos.map { .todo(id: $0.id, .setComplete(!$0.isComplete)) }
            let shown = state.filteredTodos.count
            if shown > 0 { events.append(.delete([0])) }
            if shown > 1 { events += [.move([0], to: shown), .move([shown - 1], to: 0)] }
            events += Filter.allCases.filter { $0 != state.filter }.map(Event.setFilter)
            if state.todos.contains(where: \.isComplete) { events.append(.clearCompleted) }
            return events
        }
        .task(sortTask, delivers: { _ in [.sortDelayElapsed] })
        .task(moveSortTask, delivers: { _ in [.sortDelayElapsed] })
        .always("completed todos come last unless a sort is pending") { state, tasks in
            state.isSorted || tasks.contains(sortTask) || tasks.contains(moveSortTask)
        }
        .always("no two todos share an id") { state in
            Set(state.todos.map(\.id)).count == state.todos.count
        }
        .always("the rows shown are the filter's") { state in
            state.filteredTodos.allSatisfy(state.filter.shows)
                && state.filteredTodos.count == state.todos.count(where: state.filter.shows)
        }
        .sometimes("a completed todo waits above an open one") { !$0.isSorted }
        .sometimes("the filter hides a todo") { $0.filteredTodos.count < $0.todos.count }
        .eventCases([
            .add, .added(id: exploredIDs[0]), .todo(id: exploredIDs[0], .setComplete(true)), .delete([0]),
            .move([0], to: 1), .setFilter(Filter.allCases[0]), .setEditing(true), .clearCompleted, .sortDelayElapsed,
        ])
        .leavingOut(
            [.add, .setEditing(true)],
            because:
                "the model adds with added(id:), the event add's action makes; editing only shows the rows' handles"
        )
        .eventually("completed todos get sorted", after: { !$0.isSorted }, through: .taskOutcomes) { $0.isSorted }
        .testCode(spec: "UpdateSpec(Todos.update, env: .mock(clock: TestClock()))")
    }
}
