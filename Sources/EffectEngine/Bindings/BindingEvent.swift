import EffectEngineShared

/// One event that sets a field of a form: the field's name and the value typed, as text
/// (N9, TCA's `BindingAction`).
///
/// A form's `Event` carries bindings in one case, `case binding(BindingEvent<State>)`,
/// instead of an event per field and an `update` case per event. The fields a binding may
/// set are the form's ``BindableFields``, which apply it; a binding for any other field is
/// refused. A binding is a value, `Hashable` and `Codable`, so a journal records it and the
/// explorer enables it.
///
/// ```swift
/// await host.send(.binding(.set("title", "Standup"))) { $0.title = "Standup" }
/// await host.send(.binding(.set("minutes", 15))) { $0.minutes = 15 }
/// ```
public struct BindingEvent<State>: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The name of the field to set, as ``BindableFields`` names it.
    public let field: String
    /// The value, as text: what a line host's `set` command typed, or a value's
    /// `description`.
    public let value: String

    /// A binding of `field` to a value written as text.
    ///
    /// ```swift
    /// let binding = BindingEvent<Form.State>(field: "title", value: "Standup")
    /// ```
    ///
    /// - Parameters:
    ///   - field: The field's name.
    ///   - value: The value, as text.
    public init(field: String, value: String) {
        self.field = field
        self.value = value
    }

    /// A binding of `field` to `value`.
    ///
    /// ```swift
    /// Form.Event.binding(.set("minutes", 15))
    /// ```
    ///
    /// - Parameters:
    ///   - field: The field's name.
    ///   - value: The value.
    /// - Returns: The binding.
    public static func set(_ field: String, _ value: some CustomStringConvertible) -> BindingEvent {
        BindingEvent(field: field, value: value.description)
    }

    /// `title = "Standup"`, `stepCount = 1`: how a trace and a failed test show it, a
    /// number or a truth value unquoted.
    public var description: String {
        let bare = Double(value) != nil || value == "true" || value == "false"
        return "\(field) = \(bare ? value : value.debugDescription)"
    }
}

extension BindingEvent: ReadsAsDescription, CarriesBinding {}

/// A value that is a binding, found in an event by ``BindingEvents/carried(by:)``.
package protocol CarriesBinding {}

/// Finding a binding in an event: a refused binding fails an exhaustive test, as a
/// misspelled field would not compile in TCA.
package enum BindingEvents {
    /// Whether `event` is a binding, or carries one in its cases (`.form(.binding(…))`).
    package static func carried(by event: Any) -> Bool {
        CaseParts.walk(event) { $0 is any CarriesBinding }
    }
}
