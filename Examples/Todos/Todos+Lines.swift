import EffectEngineCLI

extension Todos {
    /// The list as text: a count, then one numbered line per todo shown.
    ///
    /// ```swift
    /// #expect(Todos.render(Todos.State()) == "todos: none — type add")
    /// ```
    static func render(_ state: State) -> String {
        var lines: [String]
        if state.todos.isEmpty {
            lines = ["todos: none — type add"]
        } else {
            var head = "todos: \(state.todos.count), \(state.todos.count { !$0.isComplete }) active"
            if state.filter != .all { head += ", showing \(state.filter.rawValue)" }
            if state.isEditing { head += ", editing" }
            let shown = state.filteredTodos
            lines = [head]
            lines += shown.enumerated().map { row, todo in
                "  \(row + 1). [\(todo.isComplete ? "x" : " ")] \(todo.title.isEmpty ? "(untitled)" : todo.title)"
            }
            if shown.isEmpty { lines.append("  no \(state.filter.rawValue) todos") }
        }
        return lines.joined(separator: "\n")
    }

    /// The line protocol. Rows are numbered as shown, from 1, and each command turns its
    /// row into the todo's id (or its offset among the rows shown) with the state it is
    /// typed at: `add`, `title <n> <text>`, `toggle <n>`, `delete <n>`, `move <n> <m>`,
    /// `filter <all|active|completed>`, `clear`, `edit <on|off>`.
    static let commands = LineCommands<State, Event>([
        LineCommand("add", summary: "add an untitled todo at the top", event: .add),
        LineCommand("title", usage: "title <n> <text>", summary: "set the title of todo n") {
            argument, state throws(LineError) in
            let (row, title) = try Self.row(in: argument, of: state, command: "title", usage: "<n> <text>")
            return .todo(id: row.todo.id, .setTitle(String(title)))
        },
        LineCommand.row("toggle", of: "todo", in: \.filteredTodos, summary: "check or uncheck todo n") {
            todo in
            .todo(id: todo.id, .setComplete(!todo.isComplete))
        },
        LineCommand("delete", usage: "delete <n>", summary: "delete todo n") {
            argument, state throws(LineError) in
            let (row, extra) = try Self.row(in: argument, of: state, command: "delete", usage: "<n>")
            guard extra.isEmpty else {
                throw LineError(usage: "'delete' needs <n>, got \(LineError.quote(argument))")
            }
            return .delete([row.offset])
        },
        LineCommand("move", usage: "move <n> <m>", summary: "move todo n to row m") {
            argument, state throws(LineError) in
            let (row, rest) = try Self.row(in: argument, of: state, command: "move", usage: "<n> <m>")
            let (target, extra) = try Self.row(
                in: rest, of: state, command: "move", usage: "<n> <m>", placeholder: "m")
            guard extra.isEmpty else {
                throw LineError(usage: "'move' needs <n> <m>, got \(LineError.quote(argument))")
            }
            // Offsets name a gap: moving down lands before the row after the target.
            return .move([row.offset], to: target.offset > row.offset ? target.offset + 1 : target.offset)
        },
        LineCommand("filter", usage: "filter <all|active|completed>", summary: "show some todos") {
            argument, _ throws(LineError) in
            guard let filter = Filter(rawValue: argument) else {
                throw LineError(usage: "'filter' needs all, active or completed, got \(LineError.quote(argument))")
            }
            return .setFilter(filter)
        },
        LineCommand("clear", summary: "delete the completed todos", event: .clearCompleted),
        LineCommand("edit", usage: "edit <on|off>", summary: "enter or leave edit mode") {
            argument, _ throws(LineError) in
            switch argument {
            case "on": return .setEditing(true)
            case "off": return .setEditing(false)
            default: throw LineError(usage: "'edit' needs on or off, got \(LineError.quote(argument))")
            }
        },
    ])

    /// The todo shown at the row number that starts `argument`, its offset among the rows
    /// shown, and the rest of the argument, trimmed.
    ///
    /// - Parameters:
    ///   - argument: What follows the command's name.
    ///   - state: The state the line was typed at: its rows shown are numbered from 1.
    ///   - command: The command's name, for errors.
    ///   - usage: The command's arguments, such as `<n> <m>`, for errors.
    ///   - placeholder: The row's name in `usage`, such as `m`, for errors.
    private static func row(
        in argument: some StringProtocol, of state: State, command: String, usage: String,
        placeholder: String = "n"
    ) throws(LineError) -> (row: (offset: Int, todo: Todo.State), rest: Substring) {
        let text = Substring(argument)
        let word = text.prefix { !$0.isWhitespace }
        guard !word.isEmpty else { throw LineError(usage: "'\(command)' needs \(usage)") }
        guard let number = Int(word) else {
            throw LineError(
                usage: "'\(command)' needs <\(placeholder)> (a whole number), got \(LineError.quote(String(word)))")
        }
        let todo = try LineCommand<State, Event>.row(number, of: "todo", in: state.filteredTodos)
        return ((number - 1, todo), text.dropFirst(word.count).drop { $0.isWhitespace })
    }
}
