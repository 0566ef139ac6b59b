/// An option a line program understands, with where it may be used.
struct ProgramOption {
    /// Where an option may be used.
    enum Role: Equatable {
        /// Anywhere: how the host runs (`--settle`) or the program's own options.
        case setting
        /// Only in a run that reads standard input: `--state`, `--record`,
        /// `--write-transcript`.
        case run
        /// Runs the program its own way, reading no input: `--check`, `--replay`,
        /// `--explore`. At most one is given.
        case mode
        /// In a run that reads standard input, or with the mode named: `--report`, which
        /// draws a run or a `--replay`.
        case runOr(mode: String)
        /// Only with `mode`: `--depth` with `--explore`. `kind` names the option in an
        /// error: `an exploration option`.
        case modeOption(of: String, kind: String)
    }

    let option: LineOption
    let role: Role

    var name: String { option.name }

    /// A flag that takes no value.
    static func flag(_ name: String, role: Role = .setting, summary: String) -> ProgramOption {
        ProgramOption(option: .flag(name, summary: summary), role: role)
    }

    /// An option that takes a value.
    static func value(
        _ name: String, placeholder: String, default defaultValue: String? = nil, role: Role = .setting,
        summary: String
    ) -> ProgramOption {
        ProgramOption(
            option: .value(name, placeholder: placeholder, default: defaultValue, summary: summary),
            role: role)
    }

    /// An option that names a file: an empty value is no file.
    var takesFile: Bool { option.placeholder == "file" }
}

/// A group of options in `--help`, under a title.
struct ProgramSection {
    /// The heading, such as `journal (Event is Codable)`.
    let title: String
    let options: [ProgramOption]
}

/// Options a line program offers only when its feature conforms to what they need, and
/// what to say when one is given to a program that does not offer it.
struct UnavailableOptions {
    let names: [String]
    /// Why the program does not offer them, given the program's name: `counter's State
    /// is not Codable`.
    let reason: (String) -> String
}
