/// An option a line program understands, with where it may be used: what the parser and
/// `--help` read. Each built-in option is declared once, with its type, as a
/// ``FlagOption``, a ``FileOption`` or a ``ValueOption``, and read back through that
/// declaration (`arguments.value(ExplorationOptions.depth)` is an `Int?`), never by its
/// name.
struct ProgramOption: Sendable, Equatable {
    /// Where an option may be used.
    enum Role: Equatable, Sendable {
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

    /// An option that names a file: an empty value is no file.
    var takesFile: Bool { option.placeholder == "file" }
}

/// A flag of a line program, declared once: present or absent.
///
/// ```swift
/// static let liveness = FlagOption("liveness", summary: "check the eventually properties")
/// let checks = arguments.isSet(ExplorationOptions.liveness)
/// ```
struct FlagOption: Sendable, Equatable {
    let option: ProgramOption
    var name: String { option.name }

    init(_ name: String, role: ProgramOption.Role = .setting, summary: String) {
        option = ProgramOption(option: .flag(name, summary: summary), role: role)
    }
}

/// An option of a line program that names a file, declared once; an empty value is
/// refused when parsed.
///
/// ```swift
/// static let record = FileOption("record", role: .run, summary: "record every event to a journal file")
/// if let path = arguments.path(JournalOptions.record) { … }
/// ```
struct FileOption: Sendable, Equatable {
    let option: ProgramOption
    var name: String { option.name }

    init(_ name: String, role: ProgramOption.Role = .setting, summary: String) {
        option = ProgramOption(option: .value(name, placeholder: "file", summary: summary), role: role)
    }
}

/// An option of a line program that takes a value, declared once with how its text is
/// read: a value that does not read is an error naming the option.
///
/// ```swift
/// static let depth = ValueOption.count("depth", summary: "the most events from the start")
/// let depth: Int? = try arguments.value(ExplorationOptions.depth)
/// ```
struct ValueOption<Value>: Sendable {
    let option: ProgramOption
    /// Reads the text given (or the default) for the option of this name.
    let read: @Sendable (_ text: String, _ name: String) throws(LineError) -> Value
    var name: String { option.name }
}

extension ValueOption where Value == Int {
    /// A whole number: `--depth 3`.
    static func count(
        _ name: String, default defaultValue: String? = nil, role: ProgramOption.Role = .setting, summary: String
    ) -> ValueOption {
        ValueOption(
            option: ProgramOption(
                option: .value(name, placeholder: "n", default: defaultValue, summary: summary), role: role),
            read: { text, name throws(LineError) in try LineArguments.wholeNumber(text, for: name) })
    }
}

extension ValueOption where Value == UInt64 {
    /// A whole number from 0, such as a seed: `--seed 42`.
    static func natural(_ name: String, role: ProgramOption.Role = .setting, summary: String) -> ValueOption {
        ValueOption(
            option: ProgramOption(option: .value(name, placeholder: "n", summary: summary), role: role),
            read: { text, name throws(LineError) in
                guard let number = UInt64(text) else {
                    throw LineError("'--\(name)' needs a whole number from 0, got \(LineError.quote(text))")
                }
                return number
            })
    }
}

extension ValueOption where Value == Duration {
    /// A duration: `--wait-limit 10s`, `300ms`.
    static func duration(
        _ name: String, default defaultValue: String? = nil, role: ProgramOption.Role = .setting, summary: String
    ) -> ValueOption {
        ValueOption(
            option: ProgramOption(
                option: .value(name, placeholder: "duration", default: defaultValue, summary: summary), role: role),
            read: { text, name throws(LineError) in try LineArguments.duration(text, for: name) })
    }
}

extension LineArguments {
    /// Whether the flag was given.
    func isSet(_ flag: FlagOption) -> Bool {
        flags.contains(flag.name)
    }

    /// The file the option names, or `nil` when it was not given.
    func path(_ option: FileOption) -> String? {
        values[option.name]
    }

    /// The option's value, read as its declaration says; `nil` when it was not given and
    /// has no default.
    func value<Value>(_ option: ValueOption<Value>) throws(LineError) -> Value? {
        guard let text = values[option.name] else { return nil }
        return try option.read(text, option.name)
    }
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

    /// A program's name as its owner: `counter's`, and `downloads'` for a name ending in s.
    static func possessive(_ name: String) -> String {
        name.hasSuffix("s") ? name + "'" : name + "'s"
    }
}
