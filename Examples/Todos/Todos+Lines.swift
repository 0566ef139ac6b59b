import EffectEngineCLI

extension Todos {
    /// The list as text: a count, then one numbered line per todo shown, then the error.
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
        if let error = state.error { lines.append("failed: \(error)") }
        return lines.joined(separator: "\n")
    }

    /// The line protocol. Rows are numbered as shown, from 1: `add`, `title <n> <text>`,
    /// `toggle <n>`, `delete <n>`, `move <n> <m>`, `filter <all|active|completed>`,
    /// `clear`, `edit <on|off>`.
    static let commands = LineCommands<Event>([
        LineCommand("add", summary: "add an untitled todo at the top", event: .add),
        LineCommand("title", usage: "title <n> <text>", summary: "set the title of todo n") {
            argument throws(LineError) in
            let (row, title) = try Self.row(in: argument, command: "title", usage: "<n> <text>", placeholder: "n")
            return .retitle(row: row, title: String(title))
        },
        LineCommand.value("toggle", placeholder: "n", summary: "check or uncheck todo n") { (row: Int) in
            .toggle(row: row)
        },
        LineCommand.value("delete", placeholder: "n", summary: "delete todo n") { (row: Int) in
            .remove(row: row)
        },
        LineCommand("move", usage: "move <n> <m>", summary: "move todo n to row m") { argument throws(LineError) in
            let (row, rest) = try Self.row(in: argument, command: "move", usage: "<n> <m>", placeholder: "n")
            let (target, extra) = try Self.row(in: rest, command: "move", usage: "<n> <m>", placeholder: "m")
            guard extra.isEmpty else {
                throw LineError("'move' needs <n> <m>, got \(LineError.quote(argument))")
            }
            return .reorder(row: row, to: target)
        },
        LineCommand("filter", usage: "filter <all|active|completed>", summary: "show some todos") {
            argument throws(LineError) in
            guard let filter = Filter(rawValue: argument) else {
                throw LineError("'filter' needs all, active or completed, got \(LineError.quote(argument))")
            }
            return .setFilter(filter)
        },
        LineCommand("clear", summary: "delete the completed todos", event: .clearCompleted),
        LineCommand("edit", usage: "edit <on|off>", summary: "enter or leave edit mode") {
            argument throws(LineError) in
            switch argument {
            case "on": return .setEditing(true)
            case "off": return .setEditing(false)
            default: throw LineError("'edit' needs on or off, got \(LineError.quote(argument))")
            }
        },
    ])

    /// The row number at the start of `argument`, and the rest of it, trimmed.
    ///
    /// - Parameters:
    ///   - argument: What follows the command's name.
    ///   - command: The command's name, for errors.
    ///   - usage: The command's arguments, such as `<n> <m>`, for errors.
    ///   - placeholder: The row's name in `usage`, such as `m`, for errors.
    private static func row(
        in argument: some StringProtocol, command: String, usage: String, placeholder: String
    ) throws(LineError) -> (row: Int, rest: Substring) {
        let text = Substring(argument)
        let word = text.prefix { !$0.isWhitespace }
        guard !word.isEmpty else { throw LineError("'\(command)' needs \(usage)") }
        guard let row = Int(word) else {
            throw LineError(
                "'\(command)' needs \(usage), <\(placeholder)> a whole number, got \(LineError.quote(String(word)))")
        }
        return (row, text.dropFirst(word.count).drop { $0.isWhitespace })
    }
}
