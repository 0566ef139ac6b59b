/// The fields of a form that a line program offers to set, each by its key path, and how
/// text typed for it becomes a value (N12).
///
/// A ``BindingEvent`` sets any `Equatable` field of a form's state from code. A program
/// driven by text needs more: which fields a person may set, by what name, and how the
/// text they type reads as a value. A form lists those fields once; a line program offers
/// them as a `set` command (`set title Standup`, `set theme tan`), and a binding typed
/// for a field not listed, or with text the field cannot read, is refused before it is
/// sent.
///
/// ```swift
/// enum Form {
///     enum Theme: String, Equatable, Sendable { case sky, tan }
///     struct State: Equatable { var title = ""; var minutes = 5; var theme = Theme.sky }
///     enum Event: Equatable, Sendable { case binding(BindingEvent<State>) }
///
///     static let fields = BindableFields<State>([.field(\.title), .field(\.minutes), .field(\.theme)])
///
///     static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
///         switch event {
///         case .binding(let binding):
///             binding.apply(to: &state)
///             return nil
///         }
///     }
/// }
/// ```
public struct BindableFields<State>: Sendable {
    /// One field a line program may set.
    public struct Field: Sendable {
        /// The field's name, as a `set` command spells it: its key path without the root
        /// (`title`, `settings.volume`), unless named otherwise.
        public let name: String
        /// Where the field lives in the state.
        public let keyPath: PartialKeyPath<State> & Sendable
        /// The binding that sets the field to the value `text` reads as; `nil` for text
        /// that names no value.
        let binding: @Sendable (_ text: String) -> BindingEvent<State>?
        /// The field's value now, as text.
        let read: @Sendable (State) -> String
        /// The binding of the field to the value `decoder` holds; `nil` when the field's
        /// values are not `Decodable`.
        let decode: @Sendable (_ decoder: any Decoder) throws -> BindingEvent<State>?

        /// A field whose values are written as their `description` and read back with
        /// `init?(_ description:)`: `String`, `Int`, `Double`, `Bool` and the like.
        ///
        /// ```swift
        /// .field(\.minutes)
        /// ```
        ///
        /// - Parameters:
        ///   - keyPath: Where the field lives in the state.
        ///   - name: The name a `set` command uses; the key path's by default.
        /// - Returns: The field.
        public static func field<Value: LosslessStringConvertible & Equatable & Sendable>(
            _ keyPath: WritableKeyPath<State, Value> & Sendable, name: String? = nil
        ) -> Field {
            field(keyPath, name: name, read: { Value($0) }, write: { $0.description })
        }

        /// A field of an enum or another `RawRepresentable` value, written as its raw value
        /// and read back with `init?(rawValue:)`: `set theme tan`.
        ///
        /// ```swift
        /// .field(\.theme)
        /// ```
        ///
        /// - Parameters:
        ///   - keyPath: Where the field lives in the state.
        ///   - name: The name a `set` command uses; the key path's by default.
        /// - Returns: The field.
        public static func field<Value: RawRepresentable & Equatable & Sendable>(
            _ keyPath: WritableKeyPath<State, Value> & Sendable, name: String? = nil
        ) -> Field where Value.RawValue: LosslessStringConvertible {
            field(
                keyPath, name: name, read: { Value.RawValue($0).flatMap(Value.init(rawValue:)) },
                write: { $0.rawValue.description })
        }

        /// A field of any `Equatable` value, read from text and written back by the
        /// functions given: a date, a record, an optional.
        ///
        /// ```swift
        /// .field(\.deadline, read: { Int($0).map(Day.init(number:)) }, write: { "\($0.number)" })
        /// ```
        ///
        /// - Parameters:
        ///   - keyPath: Where the field lives in the state.
        ///   - name: The name a `set` command uses; the key path's by default.
        ///   - read: A value from text, `nil` for text that names none.
        ///   - write: A value as text.
        /// - Returns: The field.
        public static func field<Value: Equatable & Sendable>(
            _ keyPath: WritableKeyPath<State, Value> & Sendable, name: String? = nil,
            read: @escaping @Sendable (String) -> Value?, write: @escaping @Sendable (Value) -> String
        ) -> Field {
            Field(
                name: name ?? BindingEvent<State>.name(of: keyPath), keyPath: keyPath,
                binding: { text in read(text).map { .set(keyPath, $0) } },
                read: { write($0[keyPath: keyPath]) },
                decode: { decoder in
                    guard let type = Value.self as? any Decodable.Type,
                        let value = try type.init(from: decoder) as? Value
                    else { return nil }
                    return .set(keyPath, value)
                })
        }
    }

    /// The fields, in the order listed.
    public let fields: [Field]

    /// The fields a line program may set.
    ///
    /// ```swift
    /// static let fields = BindableFields<State>([.field(\.title), .field(\.minutes)])
    /// ```
    ///
    /// - Parameter fields: The fields; when two share a name, the first is used.
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    /// The names of the fields, in order.
    public var names: [String] { fields.map(\.name) }

    /// The binding that sets the field named `name` to the value `text` reads as.
    ///
    /// ```swift
    /// let binding = try Form.fields.binding(named: "minutes", text: "15")  // .set(\.minutes, 15)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The field's name.
    ///   - text: Its value, as text.
    /// - Returns: The binding.
    /// - Throws: ``BindingTextError`` for a field not listed, or text the field cannot read.
    public func binding(named name: String, text: String) throws(BindingTextError) -> BindingEvent<State> {
        guard let field = fields.first(where: { $0.name == name }) else {
            throw .noField(name, fields: names)
        }
        guard let binding = field.binding(text) else { throw .unreadable(name, text: text) }
        return binding
    }

    /// Sets the field `binding` names, if it is listed; refuses it otherwise, changing
    /// nothing.
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
    @available(
        *, deprecated, message: "apply a binding with binding.apply(to:): its key path names a field of the state")
    public func apply<Event, Env>(_ binding: BindingEvent<State>, to state: inout State) -> Effect<Event, Env>? {
        guard fields.contains(where: { $0.keyPath == binding.keyPath }) else {
            return .reject(BindingTextError.noField(binding.field, fields: names).description)
        }
        binding.apply(to: &state)
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
