/// The text of `:help`, shared by the meta-command and `--help`.
enum LineHelp {
    static let metaCommands: [(String, String)] = [
        (":help", "list these commands"),
        (":state", "print the whole state, one field a line"),
        (":tasks", "list the running tasks, named and unnamed"),
        (":wait", "wait until no task runs"),
        (":quit", "stop the running tasks and exit"),
    ]

    /// The meta-commands of one session of a sessions program, each typed after the
    /// session's name (S1).
    static let sessionMetaCommands: [(String, String)] = [
        (":help", "list these commands"),
        (":state", "print the session's whole state, one field a line"),
        (":tasks", "list the session's running tasks"),
        (":wait", "wait until no task of the session runs"),
        (":end", "end the session: stop its tasks; its name starts a new one"),
    ]

    /// The commands that apply at `state`, then the meta-commands. Commands chosen by
    /// the screen shown (N7) are said to be those of the screen on top.
    static func text<State, Event>(
        commands: LineCommands<State, Event>, at state: State,
        metaCommands: [(String, String)] = metaCommands, metaTitle: String = "meta-commands"
    ) -> String {
        var text = commands.choose == nil ? "commands:\n" : "commands of the screen on top:\n"
        for line in commands.at(state).helpLines { text += line + "\n" }
        text += "\n\(metaTitle):\n"
        for (name, summary) in metaCommands {
            text += "  \(name)\(String(repeating: " ", count: 9 - name.count))\(summary)\n"
        }
        return text
    }
}
