/// A form's state that lists the fields its bindings may set once, for the line host's
/// `set` command and for coding its bindings (N12).
///
/// A binding names its field by key path, which no file can hold; a state that lists its
/// fields lets a binding be written by the field's name and read back, so an event that
/// carries bindings is `Codable`, and a journal records it.
///
/// ```swift
/// struct State: Equatable, Codable, BindableState {
///     var title = ""
///     var minutes = 5
///     static let bindableFields = BindableFields<State>([.field(\.title), .field(\.minutes)])
/// }
/// enum Event: Equatable, Codable { case binding(BindingEvent<State>) }
/// ```
public protocol BindableState {
    /// The fields a binding may be written for, and a line program may set.
    static var bindableFields: BindableFields<Self> { get }
}
