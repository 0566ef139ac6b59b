/// Why text typed for a field of a form's ``BindableFields`` makes no binding.
///
/// ```swift
/// #expect(throws: BindingTextError.unreadable("minutes", text: "soon")) {
///     try Form.fields.binding(named: "minutes", text: "soon")
/// }
/// ```
public enum BindingTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No field of that name is listed; the names that are.
    case noField(String, fields: [String])
    /// The field cannot read the text as a value.
    case unreadable(String, text: String)

    /// `no field 'secret' to set: title, minutes`, `'minutes' cannot be "soon"`.
    public var description: String {
        switch self {
        case .noField(let name, let fields):
            "no field '\(name)' to set: \(fields.joined(separator: ", "))"
        case .unreadable(let name, let text):
            "'\(name)' cannot be \(text.debugDescription)"
        }
    }
}
