import EffectEngineShared

/// One command of a feature's line protocol: its name, how its argument becomes an
/// `Event` in the current state, and its line in `:help`.
///
/// A line is split at the first run of white space into the command name and its
/// argument (the rest of the line, trimmed). The parser sees the state the line is typed
/// at, so a row number can name the row shown, however rows are keyed (L7). Four shapes
/// cover most features:
///
/// ```swift
/// let commands = LineCommands<Todos.State, Todos.Event>([
///     LineCommand("add", summary: "add a todo", event: .add),
///     LineCommand.value("wait", placeholder: "seconds", summary: "wait a while") { (seconds: Int) in .wait(seconds) },
///     LineCommand.text("note", placeholder: "text", summary: "attach a note") { .note($0) },
///     LineCommand.row("toggle", of: "todo", in: \.shownTodos, summary: "check or uncheck todo n") { todo in
///         .toggle(id: todo.id)
///     },
/// ])
/// ```
public struct LineCommand<State, Event: Sendable>: Sendable {
    /// The word that starts the line, such as `select`.
    let name: String
    /// How the command is written in `:help`, such as `select <n>`.
    let usage: String
    /// What the command does, shown in `:help`.
    let summary: String
    @usableFromInline let parse: @Sendable (String, State) throws(LineError) -> Event

    /// Creates a command from a parsing function of its argument and the current state.
    ///
    /// ```swift
    /// LineCommand("go", usage: "go <north|south>", summary: "move") { argument, state throws(LineError) in
    ///     switch argument {
    ///     case "north": .move(1)
    ///     case "south" where state.row > 0: .move(-1)
    ///     case "south": throw LineError("already at the bottom")
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
    ///     (empty when there is none), and the state the line is typed at; or throws a
    ///     ``LineError`` saying what is wrong.
    public init(
        _ name: String, usage: String, summary: String,
        parse: @escaping @Sendable (_ argument: String, _ state: State) throws(LineError) -> Event
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
        self.init(name, usage: name, summary: summary) { argument, _ throws(LineError) in
            guard argument.isEmpty else {
                throw LineError(usage: "'\(name)' takes no argument, got \(LineError.quote(argument))")
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
        LineCommand(name, usage: "\(name) <\(placeholder)>", summary: summary) { argument, _ in
            event(argument)
        }
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
        LineCommand(name, usage: "\(name) <\(placeholder)>", summary: summary) {
            argument, _ throws(LineError) in
            event(try Self.argument(argument, of: name, placeholder: placeholder))
        }
    }

    /// A command whose argument is a row number, from 1, of the rows the state shows: the
    /// event is made from the row itself, so `toggle 2` names the second row shown,
    /// whatever its id (L7).
    ///
    /// ```swift
    /// LineCommand.row("toggle", of: "todo", in: \.shownTodos, summary: "check or uncheck todo n") { todo in
    ///     .toggle(id: todo.id)
    /// }
    /// ```
    ///
    /// `toggle 3` with two rows shown is rejected with `no todo 3: pick 1 to 2`, and with
    /// none shown with `no todo 3: none shown`; `toggle x` with
    /// `'toggle' needs <n> (a whole number), got 'x'`.
    ///
    /// - Parameters:
    ///   - name: The word that starts the line.
    ///   - placeholder: The row number's name in `:help`, shown as `<placeholder>`.
    ///   - noun: What a row is, for errors: `todo` in `no todo 3: pick 1 to 2`.
    ///   - rows: The rows the state shows, in the order they are numbered.
    ///   - summary: What the command does.
    ///   - event: Makes the event from the row named.
    /// - Returns: The command.
    public static func row<Row>(
        _ name: String, placeholder: String = "n", of noun: String,
        in rows: @escaping @Sendable (State) -> [Row], summary: String = "",
        event: @escaping @Sendable (Row) -> Event
    ) -> LineCommand {
        LineCommand(name, usage: "\(name) <\(placeholder)>", summary: summary) {
            argument, state throws(LineError) in
            let number: Int = try Self.argument(argument, of: name, placeholder: placeholder)
            return event(try Self.row(number, of: noun, in: rows(state)))
        }
    }

    /// A command whose argument is a row number, as `row(_:placeholder:of:in:summary:event:)`
    /// makes, whose event also depends on the state the line is typed at: a push under
    /// the stack's next id, say.
    ///
    /// ```swift
    /// LineCommand.row("open", of: "sync-up", in: \.syncUps) { syncUp, state in
    ///     .path(.push(id: state.path.nextID, state: .detail(syncUp.id)))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The word that starts the line.
    ///   - placeholder: The row number's name in `:help`.
    ///   - noun: What a row is, for errors.
    ///   - rows: The rows the state shows, in the order they are numbered.
    ///   - summary: What the command does.
    ///   - event: Makes the event from the row named and the state.
    /// - Returns: The command.
    public static func row<Row>(
        _ name: String, placeholder: String = "n", of noun: String,
        in rows: @escaping @Sendable (State) -> [Row], summary: String = "",
        event: @escaping @Sendable (Row, State) -> Event
    ) -> LineCommand {
        LineCommand(name, usage: "\(name) <\(placeholder)>", summary: summary) {
            argument, state throws(LineError) in
            let number: Int = try Self.argument(argument, of: name, placeholder: placeholder)
            return event(try Self.row(number, of: noun, in: rows(state)), state)
        }
    }

    /// The argument read as a `Value`, or the error `value` and `row` reject it with.
    static func argument<Value: LosslessStringConvertible>(
        _ argument: String, of name: String, placeholder: String
    ) throws(LineError) -> Value {
        guard !argument.isEmpty else { throw LineError(usage: "'\(name)' needs <\(placeholder)>") }
        guard let value = Value(argument) else {
            throw LineError(
                usage:
                "'\(name)' needs <\(placeholder)> (\(Self.article(for: Value.self))), got \(LineError.quote(argument))"
            )
        }
        return value
    }

    /// The row numbered `number`, from 1, or the error naming the rows there are: for a
    /// parser that reads a row number among other arguments.
    ///
    /// ```swift
    /// let todo = try LineCommand<State, Event>.row(2, of: "todo", in: state.shownTodos)
    /// // with one row shown: error "no todo 2: pick 1 to 1"
    /// ```
    ///
    /// - Parameters:
    ///   - number: The row as typed, numbered from 1.
    ///   - noun: What a row is, for the error: `todo`.
    ///   - rows: The rows as shown.
    /// - Returns: The row.
    /// - Throws: ``LineError`` naming the rows there are, when there is no such row.
    public static func row<Row>(_ number: Int, of noun: String, in rows: [Row]) throws(LineError) -> Row {
        // Compared without `number - 1`, which overflows for the smallest Int.
        guard number >= 1, number <= rows.count else {
            throw LineError(
                usage: rows.isEmpty
                    ? "no \(noun) \(number): none shown" : "no \(noun) \(number): pick 1 to \(rows.count)")
        }
        return rows[number - 1]
    }

    private static func article(for type: Any.Type) -> String {
        switch type {
        case is any BinaryInteger.Type: "a whole number"
        case is any BinaryFloatingPoint.Type: "a number"
        default: TypeName.withArticle(type)
        }
    }
}
