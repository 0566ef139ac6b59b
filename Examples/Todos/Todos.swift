import EffectEngine
import Foundation

/// A todo list: add todos, give them titles, check them off, delete and reorder them,
/// filter the list, and clear the completed ones. A checked todo sinks below the open
/// ones a second after the last check mark changed, so a quick series of checks sorts
/// once; a move sorts a tenth of a second after it.
///
/// ```text
/// $ printf 'add\ntitle 1 Milk\nadd\ntitle 1 Eggs\ntoggle 1\n' | todos --settle --virtual-time
/// todos: none — type add
/// ...
/// todos: 2, 1 active
///   1. [x] Eggs
///   2. [ ] Milk
///
/// todos: 2, 1 active
///   1. [ ] Milk
///   2. [x] Eggs
/// ```
///
/// Each todo is a ``Todo`` child feature, run with `Compose.forEach` under `todos/<id>`;
/// ids come from the env, drawn in an `.action`, so `update` stays pure. The events name
/// todos by id, as TCA's do; the line protocol turns a row number, as shown, into the id
/// (the commands see the state, L7).
enum Todos {
    /// Which todos the list shows.
    enum Filter: String, CaseIterable, Hashable, Sendable, Codable {
        /// Every todo.
        case all
        /// The todos not done.
        case active
        /// The todos done.
        case completed

        /// Whether the filter shows `todo`.
        ///
        /// ```swift
        /// #expect(Todos.Filter.active.shows(Todo.State(id: UUID(0))))
        /// ```
        func shows(_ todo: Todo.State) -> Bool {
            switch self {
            case .all: true
            case .active: !todo.isComplete
            case .completed: todo.isComplete
            }
        }
    }

    /// The list.
    struct State: Hashable, Sendable, Codable {
        /// The todos, newest first until sorted.
        var todos: IdentifiedArray<Todo.State> = []
        /// Which todos are shown.
        var filter = Filter.all
        /// Whether the list is in edit mode, where rows are deleted and moved.
        var isEditing = false

        /// The todos the filter shows, in order: the rows a user sees and numbers.
        ///
        /// ```swift
        /// let rows = state.filteredTodos   // row 1 is rows[0]
        /// ```
        var filteredTodos: IdentifiedArray<Todo.State> {
            filter == .all ? todos : todos.filter(filter.shows)
        }

        /// Whether no completed todo comes before an open one.
        ///
        /// ```swift
        /// #expect(Todos.State().isSorted)
        /// ```
        var isSorted: Bool {
            guard let firstDone = todos.firstIndex(where: \.isComplete) else { return true }
            return todos[firstDone...].allSatisfy(\.isComplete)
        }
    }

    /// What can happen to the list.
    enum Event: Equatable, Sendable, Codable {
        /// Add an untitled todo at the top; its id is drawn from the env.
        case add
        /// A todo with this id was added at the top.
        case added(id: UUID)
        /// An event of the todo with this id.
        case todo(id: UUID, Todo.Event)
        /// Delete the todos shown at these offsets, from 0.
        case delete(IndexSet)
        /// Move the todos shown at these offsets to before the one shown at `to`, or to
        /// the end when `to` is the number of rows shown, as a list's drag does.
        case move(IndexSet, to: Int)
        /// Show other todos.
        case setFilter(Filter)
        /// Enter or leave edit mode.
        case setEditing(Bool)
        /// Delete every completed todo.
        case clearCompleted
        /// The wait after a check mark or a move is over: completed todos go last.
        case sortDelayElapsed
    }

    /// The task that sorts a second after a check mark changed; the next change replaces
    /// it, so the wait starts again.
    static let sortTask = "sort"

    /// The task that sorts shortly after a move; the next move replaces it.
    ///
    /// TCA's move sleeps in a task with no id, so each move of a burst sorts; named, the
    /// burst sorts once, to the same order, and the explored space stays finite (an
    /// explorer counts every pending unnamed task, so a burst of moves would never end).
    static let moveSortTask = "sort-after-move"

    /// How long a check mark waits before the list is sorted.
    static let sortDelay = Duration.seconds(1)

    /// How long a move waits before the list is sorted.
    static let moveSortDelay = Duration.milliseconds(100)

    /// The scope the todos' own tasks run under: `todos/<id>`.
    static let scope = "todos"

    /// The list's transition function: the todos run through `Compose.forEach`, the
    /// list's own events after them.
    ///
    /// ```swift
    /// var state = Todos.State(todos: [Todo.State(id: UUID(0))])
    /// #expect(Todos.update(state: &state, event: .todo(id: UUID(0), .setComplete(true)))?.summary
    ///     == .task(name: "sort"))
    /// ```
    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        Compose.forEach(
            \.todos, in: &state, event: event, scope: scope, child: CasePath(Event.todo), env: { _ in () },
            update: Todo.update, parent: reduce)
    }

    /// The list's own part of ``update(state:event:)``.
    private static func reduce(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .add:
            return .action { env in .added(id: env.uuid()) }
        case .added(let id):
            state.todos.insert(Todo.State(id: id), at: 0)
            return nil
        case .todo(_, .setComplete):
            return .task(name: sortTask) { input, env in
                try await env.clock.sleep(for: sortDelay)
                input(.sortDelayElapsed)
            }
        case .todo(_, .setTitle):
            return nil
        case .delete(let offsets):
            let shown = state.filteredTodos
            guard offsets.allSatisfy(shown.indices.contains) else { return nil }
            let ids = Set(offsets.map { shown[$0].id })
            state.todos.removeAll { ids.contains($0.id) }
            return nil
        case .move(let offsets, let destination):
            let shown = state.filteredTodos
            guard offsets.allSatisfy(shown.indices.contains), (0...shown.count).contains(destination) else {
                return nil
            }
            // Offsets count the rows shown; the move is made in the whole list, next to
            // the todos the user saw.
            let source = offsets.compactMap { state.todos.index(id: shown[$0].id) }
            let target =
                destination < shown.count
                ? state.todos.index(id: shown[destination].id) ?? state.todos.endIndex
                : state.todos.endIndex
            state.todos.move(fromOffsets: source, toOffset: target)
            return .task(name: moveSortTask) { input, env in
                try await env.clock.sleep(for: moveSortDelay)
                input(.sortDelayElapsed)
            }
        case .setFilter(let filter):
            state.filter = filter
            return nil
        case .setEditing(let isEditing):
            state.isEditing = isEditing
            return nil
        case .clearCompleted:
            state.todos.removeAll(where: \.isComplete)
            return nil
        case .sortDelayElapsed:
            // Stable: open todos keep their order, and so do completed ones.
            state.todos = IdentifiedArray(state.todos.filter { !$0.isComplete }.elements + state.todos.filter(\.isComplete))
            return nil
        }
    }
}
