// The inverse of parsing, for a transcript written from events: a line the commands
// turn into a given event at a given state.
//
// A command is a parsing closure, so it cannot be run backwards. Instead, lines are
// guessed from the event itself and kept only when the commands parse them back to it:
// a line returned is one the program is sure to read as the event, and an event no guess
// reaches has no line at all, rather than a wrong one.

extension LineCommands where Event: Equatable {
    /// The most row numbers tried for a command that names a row: `select 1` to
    /// `select 64`.
    static var rowsTried: Int { 64 }

    /// A line that the commands, at `state`, turn into `event`; `nil` when none of the
    /// lines tried does.
    ///
    /// The lines tried are each command's name alone, then followed by a word of the
    /// event (a number, string or other plain value found in it by reflection, as
    /// `.select(2)` gives `2` and `.query("swi")` gives `swi`), by a row number from 1 to
    /// ``rowsTried``, by a row number and a word (`title 1 Milk`), or by all the words.
    ///
    /// ```swift
    /// #expect(Movies.commands.line(for: .select(2), at: Movies.State()) == "select 2")
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to spell.
    ///   - state: The state the line is typed at, which row numbers count in.
    /// - Returns: The line, as a user would type it.
    func line(for event: Event, at state: State) -> String? {
        if choose != nil { return at(state).line(for: event, at: state) }
        let words = Self.words(in: event)
        let rows = (1...Self.rowsTried).map(String.init)
        var arguments = [""] + words + rows
        arguments += rows.flatMap { row in words.map { row + " " + $0 } }
        if words.count > 1 { arguments.append(words.joined(separator: " ")) }
        for (position, command) in commands.enumerated() where positions[command.name] == position {
            for argument in arguments {
                let line = argument.isEmpty ? command.name : command.name + " " + argument
                if (try? parse(line, state: state)) == event { return line }
            }
        }
        return nil
    }

    /// The plain values in an event, by reflection, as a user would type them: numbers,
    /// strings without white space at their ends, cases such as `active`, and anything
    /// else whose description is one line; each once, in order.
    private static func words(in event: Event) -> [String] {
        var words: [String] = []
        func collect(_ value: Any, depth: Int) {
            let mirror = Mirror(reflecting: value)
            if mirror.children.isEmpty || depth > 3 {
                let word = String(describing: value)
                let plain = !word.isEmpty && !word.contains("\n") && word.trimmingWhiteSpace() == word
                if plain && !words.contains(word) { words.append(word) }
                return
            }
            for child in mirror.children { collect(child.value, depth: depth + 1) }
        }
        for child in Mirror(reflecting: event).children { collect(child.value, depth: 0) }
        return words
    }
}
