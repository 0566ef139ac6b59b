// `--help`: the options that apply to this feature, by section, then its commands.

extension LineProgram {
    /// The text `--help` prints: usage, the options that apply, the feature's commands and
    /// the meta-commands.
    var usage: String {
        var text = "\(Feature.name) — \(Feature.summary)\n\n"
        text += "usage: \(Feature.name) [<options>]\n\n"
        text += "Reads commands from standard input, one per line, and prints the state when it changes.\n"
        text += Self.optionsText(sections)
        text += "\nEnd of input stops the program and cancels the tasks still running: add --settle,\n"
        text += "or end the script with :wait, to let them finish first.\n"
        text += "\n" + LineHelp.text(commands: Feature.commands, at: Feature.initialState)
        return text
    }

    /// The options of `sections`, each under its section's title, their summaries lined up.
    static func optionsText(_ sections: [ProgramSection]) -> String {
        var text = ""
        let rows = sections.flatMap(\.options).map(Self.flag)
        let width = rows.map(\.0.count).max() ?? 0
        for section in sections {
            text += "\n\(section.title):\n"
            for option in section.options {
                let summary =
                    option.option.defaultValue.map { "\(option.option.summary) (default \($0))" }
                    ?? option.option.summary
                text += "  " + Self.padded(Self.flag(option).0, to: width) + summary + "\n"
            }
        }
        return text
    }

    /// An option as `--help` writes it: `--state <file>`.
    private static func flag(_ option: ProgramOption) -> (String, String) {
        (
            option.option.placeholder.map { "--\(option.name) <\($0)>" } ?? "--\(option.name)",
            option.option.summary
        )
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: width - text.count + 3)
    }
}
