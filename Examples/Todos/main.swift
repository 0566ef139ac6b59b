import EffectEngineCLI

/// The todo list as a program: `--state`, `--record`, `--replay` and `--explore` follow
/// from its `Codable` state and events and its explorer.
extension Todos: ExplorableLineFeature {
    static let name = "todos"
    static let summary = "a todo list: add, title, check off, delete, move and filter todos"
    static let initialState = State()

    static func env(_ arguments: LineArguments) -> Env {
        .live(clock: arguments.clock)
    }
}

await Todos.main()
