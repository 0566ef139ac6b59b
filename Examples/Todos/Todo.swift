import EffectEngine
import Foundation

/// One todo, a child feature of ``Todos``: a title and a check mark, each set by an event.
///
/// On its own it runs no task; its parent watches its check mark to sort the list.
///
/// ```swift
/// var milk = Todo.State(id: UUID(0))
/// _ = Todo.update(state: &milk, event: .setTitle("Milk"))
/// _ = Todo.update(state: &milk, event: .setComplete(true))
/// #expect(milk == Todo.State(id: UUID(0), title: "Milk", isComplete: true))
/// ```
enum Todo {
    /// One row of the list.
    struct State: Hashable, Identifiable, Sendable, Codable {
        /// Tells the todo apart from every other, wherever it moves.
        let id: UUID
        /// What is to be done; empty until typed.
        var title = ""
        /// Whether it is done.
        var isComplete = false
    }

    /// What can happen to one todo.
    enum Event: Equatable, Sendable, Codable {
        /// The title was edited.
        case setTitle(String)
        /// The check mark was set or cleared.
        case setComplete(Bool)
    }

    /// One todo's transition function: it stores what was typed or checked.
    ///
    /// ```swift
    /// var todo = Todo.State(id: UUID(0))
    /// #expect(Todo.update(state: &todo, event: .setComplete(true))?.summary == nil)
    /// ```
    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .setTitle(let title):
            state.title = title
        case .setComplete(let isComplete):
            state.isComplete = isComplete
        }
        return nil
    }
}
