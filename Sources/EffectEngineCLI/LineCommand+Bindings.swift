import EffectEngine

// N12: a form's bindable fields as one line command, `set <field> <value>`.

extension LineCommand {
    /// The command that sets a form's fields: `set title Standup`, `set minutes 15`,
    /// `set theme tan`. The field must be one of `fields`, and the value one it can read;
    /// otherwise the line is refused, naming the fields, and nothing is sent. What is sent
    /// is the typed binding `update` applies, `.set(\.minutes, 15)`.
    ///
    /// ```swift
    /// static let commands = LineCommands<Form.State, Form.Event>([
    ///     LineCommand.set(Form.fields) { .binding($0) },
    ///     LineCommand("add", summary: "add a note", event: .addNote),
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - fields: The fields a person may set.
    ///   - embed: Turns a binding into the feature's event.
    /// - Returns: The `set` command.
    public static func set(
        _ fields: BindableFields<State>, embed: @escaping @Sendable (BindingEvent<State>) -> Event
    ) -> LineCommand {
        let names = fields.names.joined(separator: ", ")
        return LineCommand("set", usage: "set <field> <value>", summary: "set a field: \(names)") {
            argument, _ throws(LineError) in
            let name = argument.prefix { !$0.isWhitespace }
            let value = String(argument.dropFirst(name.count).drop { $0.isWhitespace })
            guard !name.isEmpty, !value.isEmpty else { throw LineError(usage: "'set' needs <field> <value>") }
            do throws(BindingTextError) {
                return embed(try fields.binding(named: String(name), text: value))
            } catch {
                switch error {
                case .noField: throw LineError(usage: "no field \(LineError.quote(name)) to set: \(names)")
                case .unreadable: throw LineError("'\(name)' cannot be \(LineError.quote(value))")
                }
            }
        }
    }
}

extension LineCommand where State: BindableState {
    /// The command that sets the fields the form's state lists as its
    /// `BindableState.bindableFields`: `set title Standup`.
    ///
    /// ```swift
    /// static let commands = LineCommands<Form.State, Form.Event>([LineCommand.set { .binding($0) }])
    /// ```
    ///
    /// - Parameter embed: Turns a binding into the feature's event.
    /// - Returns: The `set` command.
    public static func set(embed: @escaping @Sendable (BindingEvent<State>) -> Event) -> LineCommand {
        set(State.bindableFields, embed: embed)
    }
}
