/// One command of a feature's line protocol: its name, how its argument becomes an
/// `Event`, and its line in `:help`.
///
/// A line is split at the first run of white space into the command name and its
/// argument (the rest of the line, trimmed). Three shapes cover most features:
///
/// ```swift
/// let commands = LineCommands<Movies.Event>([
///     LineCommand("refresh", summary: "load a page of movies", event: .refresh),
///     LineCommand.value("select", placeholder: "n", summary: "select movie n") { (n: Int) in .select(n) },
///     LineCommand.text("note", placeholder: "text", summary: "attach a note") { .note($0) },
/// ])
/// ```
public struct LineCommand<Event: Sendable>: Sendable {
    /// The word that starts the line, such as `select`.
    public let name: String
    /// How the command is written in `:help`, such as `select <n>`.
    public let usage: String
    /// What the command does, shown in `:help`.
    public let summary: String
    @usableFromInline let parse: @Sendable (String) throws(LineError) -> Event

    /// Creates a command from a parsing function of its argument.
    ///
    /// ```swift
    /// LineCommand("go", usage: "go <north|south>", summary: "move") { argument throws(LineError) in
    ///     switch argument {
    ///     case "north": .move(1)
    ///     case "south": .move(-1)
    ///     default: throw LineError("'go' needs north or south, got \(LineError.quote(argument))")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The word that starts the line.
    ///   - usage: How the command is written in `:help`.
    ///   - summary: What the command does.
    ///   - parse: Makes the event from the argument, the trimmed rest of the line
    ///     (empty when there is none), or throws a ``LineError``.
    public init(
        _ name: String, usage: String, summary: String,
        parse: @escaping @Sendable (String) throws(LineError) -> Event
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.parse = parse
    }

    /// A command without an argument that always sends the same event.
    ///
    /// ```swift
    /// LineCommand("refresh", summary: "load a page of movies", event: .refresh)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The word that is the whole line.
    ///   - summary: What the command does.
    ///   - event: The event the line becomes.
    public init(_ name: String, summary: String = "", event: Event) {
        self.init(name, usage: name, summary: summary) { argument throws(LineError) in
            guard argument.isEmpty else {
                throw LineError("'\(name)' takes no argument, got \(LineError.quote(argument))")
            }
            return event
        }
    }

    /// A command whose argument is the rest of the line, as typed (trimmed; may be empty).
    ///
    /// ```swift
    /// LineCommand.text("query", placeholder: "text", summary: "search for text") { .query($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The word that starts the line.
    ///   - placeholder: The argument's name in `:help`, shown as `<placeholder>`.
    ///   - summary: What the command does.
    ///   - event: Makes the event from the text.
    /// - Returns: The command.
    public static func text(
        _ name: String, placeholder: String = "text", summary: String = "",
        event: @escaping @Sendable (String) -> Event
    ) -> LineCommand {
        LineCommand(name, usage: "\(name) <\(placeholder)>", summary: summary) { argument in event(argument) }
    }

    /// A command with one argument of a type that parses itself from text, such as
    /// `Int` or `Double`.
    ///
    /// ```swift
    /// LineCommand.value("select", placeholder: "n", summary: "select movie n") { (n: Int) in .select(n) }
    /// ```
    ///
    /// `select` alone is rejected with `'select' needs <n>`; `select two` with
    /// `'select' needs <n> (a whole number), got 'two'`.
    ///
    /// - Parameters:
    ///   - name: The word that starts the line.
    ///   - placeholder: The argument's name in `:help`, shown as `<placeholder>`.
    ///   - summary: What the command does.
    ///   - event: Makes the event from the parsed value.
    /// - Returns: The command.
    public static func value<Value: LosslessStringConvertible & SendableMetatype>(
        _ name: String, placeholder: String = "value", summary: String = "",
        event: @escaping @Sendable (Value) -> Event
    ) -> LineCommand {
        LineCommand(name, usage: "\(name) <\(placeholder)>", summary: summary) { argument throws(LineError) in
            guard !argument.isEmpty else { throw LineError("'\(name)' needs <\(placeholder)>") }
            guard let value = Value(argument) else {
                throw LineError(
                    "'\(name)' needs <\(placeholder)> (\(Self.article(for: Value.self))), got \(LineError.quote(argument))"
                )
            }
            return event(value)
        }
    }

    private static func article(for type: Any.Type) -> String {
        switch type {
        case is any BinaryInteger.Type: "a whole number"
        case is any BinaryFloatingPoint.Type: "a number"
        default: "a \(type)"
        }
    }
}
