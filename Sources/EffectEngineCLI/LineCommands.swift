/// A feature's line protocol: the commands a ``LineHost`` understands, turning a line
/// typed at a state into an `Event` and listing themselves for `:help`.
///
/// ```swift
/// let commands = LineCommands<Search.State, Search.Event>([
///     LineCommand.text("query", placeholder: "text", summary: "search the word list") { .query($0) },
/// ])
/// let event = try commands.parse("query swi", state: Search.State())   // .query("swi")
/// ```
///
/// An event enum with `String` raw values that is `CaseIterable` needs no table at all:
/// `LineCommands<Counter.State, Counter.Event>.cases()`.
public struct LineCommands<State, Event: Sendable>: Sendable {
    /// The commands, in `:help` order.
    @usableFromInline let commands: [LineCommand<State, Event>]
    /// Where each name's command is in ``commands``: the first of that name.
    @usableFromInline let positions: [String: Int]
    /// For commands that depend on the screen shown: the commands that apply at a state,
    /// in place of ``commands`` (N7).
    @usableFromInline let choose: (@Sendable (State) -> LineCommands)?

    /// Creates a protocol from a list of commands.
    ///
    /// ```swift
    /// let commands = LineCommands<Movies.State, Movies.Event>([
    ///     LineCommand("refresh", summary: "load a page of movies", event: .refresh),
    ///     LineCommand.value("select", placeholder: "n", summary: "select movie n") { (n: Int) in .select(n) },
    /// ])
    /// ```
    ///
    /// - Parameter commands: The commands; when two share a name, the first wins.
    public init(_ commands: [LineCommand<State, Event>]) {
        self.commands = commands
        positions = Dictionary(
            commands.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        choose = nil
    }

    /// Commands that depend on the state: `choose` picks, for the state a line is typed
    /// at, the commands of the screen on top (N7). An app of many screens answers with
    /// the commands of the alert shown, of the screen on top of its stack, or of its root.
    ///
    /// ```swift
    /// static let commands = LineCommands<State, Event> { state in
    ///     if let id = state.path.ids.last { return Detail.commands.scoped(...) }
    ///     return List.commands.scoped(state: { $0.list }, event: Event.list)
    /// }
    /// ```
    ///
    /// `:help` lists the commands chosen for the state it is typed at.
    ///
    /// - Parameter choose: The commands that apply at a state.
    public init(_ choose: @escaping @Sendable (State) -> LineCommands) {
        commands = []
        positions = [:]
        self.choose = choose
    }

    /// The commands that apply at `state`: these, or those chosen for it.
    ///
    /// ```swift
    /// #expect(App.commands.at(state).names.contains("edit"))
    /// ```
    ///
    /// - Parameter state: The state a line is typed at.
    /// - Returns: Commands that do not depend on the state.
    public func at(_ state: State) -> LineCommands {
        guard let choose else { return self }
        return choose(state).at(state)
    }

    /// The names of the commands, in `:help` order: those that apply at any state, or
    /// none for commands chosen by state (see ``at(_:)``).
    public var names: [String] { commands.map(\.name) }

    /// Turns a line typed at `state` into an event.
    ///
    /// The line is trimmed, split at its first run of white space into a command name
    /// and an argument, and handed with the state to the command of that name.
    ///
    /// ```swift
    /// #expect(try commands.parse("select 2", state: state) == .select(2))
    /// #expect(throws: LineError("unknown command 'frobnicate'")) {
    ///     try commands.parse("frobnicate", state: state)
    /// }
    /// #expect(throws: LineError("unknown command 'selcet' (did you mean 'select'?)")) {
    ///     try commands.parse("selcet 2", state: state)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - line: One line of input.
    ///   - state: The state the line is typed at: what the user sees.
    /// - Returns: The event the line stands for.
    /// - Throws: A ``LineError`` naming what was wrong; for a name no command has, the
    ///   commands one edit away from it (a letter added, dropped, changed, or two
    ///   swapped), as "did you mean".
    @inlinable
    public func parse(_ line: String, state: State) throws(LineError) -> Event {
        if let choose { return try choose(state).parse(line, state: state) }
        let (name, argument) = Self.split(line)
        guard let position = positions[name] else { throw unknown(name) }
        return try commands[position].parse(argument, state)
    }

    /// The error for a name no command has, naming the commands one edit away:
    /// `unknown command 'qeury' (did you mean 'query'?)`.
    @usableFromInline
    func unknown(_ name: String) -> LineError {
        let suggestion = Spelling.suggestion(for: name, in: commands.map(\.name))
        return LineError(usage: "unknown command \(LineError.quote(name))" + suggestion)
    }

    /// One line per command for `:help`: its usage, padded, then its summary.
    var helpLines: [String] {
        let width = commands.map(\.usage.count).max() ?? 0
        return commands.map { command in
            let usage = "  " + command.usage
            guard !command.summary.isEmpty else { return usage }
            return usage + String(repeating: " ", count: width - command.usage.count + 3) + command.summary
        }
    }

    @usableFromInline
    static func split(_ line: String) -> (name: String, argument: String) {
        let (name, argument) = line.trimmingWhiteSpace().splittingAtWhiteSpace()
        return (String(name), String(argument))
    }
}

extension LineCommands where Event: RawRepresentable & CaseIterable, Event.RawValue == String {
    /// A protocol where each case of the event is a command spelled as its raw value.
    ///
    /// ```swift
    /// enum Event: String, CaseIterable, Sendable { case start, stop, reset }
    /// let commands = LineCommands<Int, Event>.cases()
    /// #expect(try commands.parse("stop", state: 0) == .stop)
    /// ```
    ///
    /// - Parameter summary: What each case does, for `:help`.
    /// - Returns: One command per case, in declaration order.
    public static func cases(summary: (Event) -> String = { _ in "" }) -> LineCommands {
        LineCommands(Event.allCases.map { LineCommand($0.rawValue, summary: summary($0), event: $0) })
    }
}
