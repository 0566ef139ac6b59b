/// The fields of a form that a ``BindingEvent`` may set, each by name, and how its text
/// becomes a value (N9, TCA's `BindingReducer` over the form's bindable state).
///
/// A form lists its fields once; its `update` applies a binding in one line, and a line
/// program offers the fields as a `set` command (`set title Standup`).
///
/// ```swift
/// enum Form {
///     struct State: Equatable { var title = ""; var minutes = 5; var notes: [String] = [] }
///     enum Event: Equatable, Sendable { case binding(BindingEvent<State>), addNote }
///
///     static let fields = BindableFields<State>([
///         .field("title", \.title),
///         .field("minutes", \.minutes),
///     ])
///
///     static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
///         switch event {
///         case .binding(let binding):
///             return fields.apply(binding, to: &state)
///         case .addNote:
///             state.notes.append("")
///             return nil
///         }
///     }
/// }
/// ```
///
/// A binding for a field not listed (`notes` above), or with a value the field cannot
/// read (`minutes` set to `soon`), changes nothing and is refused with ``Effect/reject(_:)``:
/// a line program prints the reason, a test may assert it.
public struct BindableFields<State>: Sendable {
    /// One field a binding may set.
    public struct Field: Sendable {
        /// The field's name, as a binding and a `set` command spell it.
        public let name: String
        /// Sets the field from text; `false`, changing nothing, for text it cannot read.
        let assign: @Sendable (inout State, String) -> Bool
        /// The field's value now, as text.
        let read: @Sendable (State) -> String

        /// A field whose values are written as their `description` and read back with
        /// `init?(_ description:)`: `String`, `Int`, `Double`, `Bool` and the like.
        ///
        /// ```swift
        /// .field("minutes", \.minutes)
        /// ```
        ///
        /// - Parameters:
        ///   - name: The field's name.
        ///   - keyPath: Where the field lives in the state.
        /// - Returns: The field.
        public static func field<Value: LosslessStringConvertible & Sendable>(
            _ name: String, _ keyPath: WritableKeyPath<State, Value> & Sendable
        ) -> Field {
            field(name, keyPath, read: { Value($0) }, write: { $0.description })
        }

        /// A field whose values are read from text and written back by the functions
        /// given: an enum of choices, say.
        ///
        /// ```swift
        /// .field("theme", \.theme, read: Theme.init(rawValue:), write: \.rawValue)
        /// ```
        ///
        /// - Parameters:
        ///   - name: The field's name.
        ///   - keyPath: Where the field lives in the state.
        ///   - read: A value from text, `nil` for text that names none.
        ///   - write: A value as text.
        /// - Returns: The field.
        public static func field<Value>(
            _ name: String, _ keyPath: WritableKeyPath<State, Value> & Sendable,
            read: @escaping @Sendable (String) -> Value?, write: @escaping @Sendable (Value) -> String
        ) -> Field {
            Field(
                name: name,
                assign: { state, text in
                    guard let value = read(text) else { return false }
                    state[keyPath: keyPath] = value
                    return true
                },
                read: { write($0[keyPath: keyPath]) })
        }
    }

    /// The fields, in the order listed.
    public let fields: [Field]

    /// The fields a binding may set.
    ///
    /// ```swift
    /// static let fields = BindableFields<State>([.field("title", \.title)])
    /// ```
    ///
    /// - Parameter fields: The fields; when two share a name, the first is used.
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    /// The names of the fields, in order.
    public var names: [String] { fields.map(\.name) }

    /// Sets the field `binding` names to its value, or refuses it, changing nothing: a
    /// field not listed, or a value the field cannot read.
    ///
    /// ```swift
    /// case .binding(let binding):
    ///     return Form.fields.apply(binding, to: &state)
    /// ```
    ///
    /// - Parameters:
    ///   - binding: The binding.
    ///   - state: The form's state.
    /// - Returns: `nil`, or the ``Effect/reject(_:)`` that says why it was refused.
    public func apply<Event, Env>(_ binding: BindingEvent<State>, to state: inout State) -> Effect<Event, Env>? {
        guard let field = fields.first(where: { $0.name == binding.field }) else {
            return .reject("no field '\(binding.field)' to set: \(names.joined(separator: ", "))")
        }
        guard field.assign(&state, binding.value) else {
            return .reject("'\(binding.field)' cannot be \(binding.value.debugDescription)")
        }
        return nil
    }

    /// The value of the field named `name` in `state`, as text; `nil` for a field not
    /// listed.
    ///
    /// ```swift
    /// #expect(Form.fields.value(of: "minutes", in: Form.State()) == "5")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The field's name.
    ///   - state: The form's state.
    /// - Returns: The field's value, as text.
    public func value(of name: String, in state: State) -> String? {
        fields.first { $0.name == name }?.read(state)
    }
}
