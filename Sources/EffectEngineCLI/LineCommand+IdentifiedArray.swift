import EffectEngine

// The row commands over identified rows (N13): the rows a state shows as an
// `IdentifiedArray`, numbered from 1 in their order, as the array forms number them.
extension LineCommand {
    /// A command whose argument is a row number of identified rows the state shows: the
    /// array form of `row` for an `IdentifiedArray`.
    ///
    /// ```swift
    /// LineCommand.row("play", of: "memo", in: \.voiceMemos, summary: "play memo n") { memo in
    ///     .voiceMemos(memo.id, .playButtonTapped)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The word that starts the line.
    ///   - placeholder: The row number's name in `:help`, shown as `<placeholder>`.
    ///   - noun: What a row is, for errors: `todo` in `no todo 3: pick 1 to 2`.
    ///   - rows: The rows the state shows, in the order they are numbered.
    ///   - summary: What the command does.
    ///   - event: Makes the event from the row named.
    /// - Returns: The command.
    public static func row<Row: Identifiable & SendableMetatype>(
        _ name: String, placeholder: String = "n", of noun: String,
        in rows: @escaping @Sendable (State) -> IdentifiedArray<Row>, summary: String = "",
        event: @escaping @Sendable (Row) -> Event
    ) -> LineCommand {
        row(name, placeholder: placeholder, of: noun, in: { rows($0).elements }, summary: summary, event: event)
    }

    /// A command whose argument is a row number of identified rows the state shows, whose
    /// event also depends on the state: the array form of `row` for an
    /// `IdentifiedArray`.
    ///
    /// ```swift
    /// LineCommand.row("delete", of: "memo", in: \.voiceMemos) { memo, state in
    ///     .onDelete([state.voiceMemos.index(id: memo.id) ?? 0])
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
    public static func row<Row: Identifiable & SendableMetatype>(
        _ name: String, placeholder: String = "n", of noun: String,
        in rows: @escaping @Sendable (State) -> IdentifiedArray<Row>, summary: String = "",
        event: @escaping @Sendable (Row, State) -> Event
    ) -> LineCommand {
        row(name, placeholder: placeholder, of: noun, in: { rows($0).elements }, summary: summary, event: event)
    }

    /// The identified row numbered `number`, from 1, or the error naming the rows there are.
    ///
    /// ```swift
    /// let memo = try LineCommand<State, Event>.row(2, of: "memo", in: state.voiceMemos)
    /// ```
    ///
    /// - Parameters:
    ///   - number: The row as typed, numbered from 1.
    ///   - noun: What a row is, for the error.
    ///   - rows: The rows as shown.
    /// - Returns: The row.
    /// - Throws: ``LineError`` naming the rows there are, when there is no such row.
    public static func row<Row: Identifiable>(
        _ number: Int, of noun: String, in rows: IdentifiedArray<Row>
    ) throws(LineError) -> Row {
        try row(number, of: noun, in: rows.elements)
    }
}
