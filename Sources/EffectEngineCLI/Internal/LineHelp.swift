/// The text of `:help`, shared by the meta-command and `--help`.
enum LineHelp {
    static let metaCommands: [(String, String)] = [
        (":help", "list these commands"),
        (":state", "print the whole state, one field a line"),
        (":tasks", "list the running tasks, named and unnamed"),
        (":wait", "wait until no task runs"),
        (":quit", "stop the running tasks and exit"),
    ]

    /// The commands that apply at `state`, then the meta-commands. Commands chosen by
    /// the screen shown (N7) are said to be those of the screen on top.
    static func text<State, Event>(commands: LineCommands<State, Event>, at state: State) -> String {
        var text = commands.choose == nil ? "commands:\n" : "commands of the screen on top:\n"
        for line in commands.at(state).helpLines { text += line + "\n" }
        text += "\nmeta-commands:\n"
        for (name, summary) in metaCommands {
            text += "  \(name)\(String(repeating: " ", count: 9 - name.count))\(summary)\n"
        }
        return text
    }
}
