import EffectEngine

// N9: a form's bindable fields as one line command, `set <field> <value>`.

extension LineCommand {
    /// The command that sets a form's fields: `set title Standup`, `set minutes 15`. The
    /// field must be one of `fields`, and the value one it can read; otherwise the line is
    /// refused, naming the fields, and nothing is sent.
    ///
    /// ```swift
    /// static let commands = LineCommands<Form.State, Form.Event>([
    ///     LineCommand.set(Form.fields) { .binding($0) },
    ///     LineCommand("add", summary: "add a note", event: .addNote),
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - fields: The fields a binding may set.
    ///   - embed: Turns a binding into the feature's event.
    /// - Returns: The `set` command.
    public static func set(
        _ fields: BindableFields<State>, embed: @escaping @Sendable (BindingEvent<State>) -> Event
    ) -> LineCommand {
        let names = fields.names.joined(separator: ", ")
        return LineCommand("set", usage: "set <field> <value>", summary: "set a field: \(names)") {
            argument, state throws(LineError) in
            let name = argument.prefix { !$0.isWhitespace }
            let value = String(argument.dropFirst(name.count).drop { $0.isWhitespace })
            guard !name.isEmpty, !value.isEmpty else { throw LineError(usage: "'set' needs <field> <value>") }
            guard fields.names.contains(String(name)) else {
                throw LineError(usage: "no field \(LineError.quote(name)) to set: \(names)")
            }
            var probe = state
            let binding = BindingEvent<State>(field: String(name), value: value)
            let refusal: Effect<Event, Void>? = fields.apply(binding, to: &probe)
            guard refusal == nil else { throw LineError("'\(name)' cannot be \(LineError.quote(value))") }
            return embed(binding)
        }
    }
}
