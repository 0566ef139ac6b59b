import EffectEngineShared

/// One event that sets a field of a form, named by key path, to a value of the field's own
/// type (N12, TCA's `BindingAction`).
///
/// A form's `Event` carries bindings in one case, `case binding(BindingEvent<State>)`,
/// instead of an event per field and an `update` case per event. The field is a key path
/// into the form's state, so a misspelled field, a field the state does not have, or a
/// value of another type does not compile. Any `Equatable` field can be bound: text,
/// numbers, enums, optionals, records.
///
/// ```swift
/// await host.send(.binding(.set(\.title, "Standup"))) { $0.title = "Standup" }
/// await host.send(.binding(.set(\.theme, .tan))) { $0.theme = .tan }
/// ```
///
/// `update` applies it in one line, and may react to one field's binding:
///
/// ```swift
/// case .binding(let binding):
///     binding.apply(to: &state)
///     if binding.is(\.stepCount) { state.sliderValue = min(state.sliderValue, Double(state.stepCount)) }
///     return nil
/// ```
///
/// A binding is `Equatable` and `Hashable` (by its field and value), so a test receives
/// it and the explorer enables it; a failed test and a trace show it as `field = value`
/// (`stepCount = 1`, `title = "Standup"`, `theme = .tan`). A line program sets the fields
/// a form lists in its ``BindableFields`` with `set <field> <value>`.
public struct BindingEvent<State>: Sendable, CustomStringConvertible {
    /// The field the binding sets.
    public let keyPath: PartialKeyPath<State> & Sendable
    /// The value, boxed, for equality and for the texts that show it.
    private let boxed: any Equatable & Sendable
    /// Writes the value into a state.
    private let assign: @Sendable (inout State) -> Void

    /// A binding of the field at `keyPath` to `value`.
    ///
    /// ```swift
    /// Form.Event.binding(.set(\.minutes, 15))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The field, in the form's state.
    ///   - value: Its new value.
    /// - Returns: The binding.
    public static func set<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<State, Value> & Sendable, _ value: Value
    ) -> BindingEvent {
        BindingEvent(keyPath: keyPath, boxed: value) { $0[keyPath: keyPath] = value }
    }

    /// Sets the field to the binding's value.
    ///
    /// ```swift
    /// case .binding(let binding):
    ///     binding.apply(to: &state)
    ///     return nil
    /// ```
    ///
    /// - Parameter state: The form's state.
    public func apply(to state: inout State) {
        assign(&state)
    }

    /// Whether the binding sets the field at `keyPath`: what `update` asks to react to one
    /// field.
    ///
    /// ```swift
    /// if binding.is(\.stepCount) { state.sliderValue = min(state.sliderValue, Double(state.stepCount)) }
    /// ```
    ///
    /// - Parameter keyPath: A field of the form's state.
    /// - Returns: Whether it is the field this binding sets.
    public func `is`<Value>(_ keyPath: KeyPath<State, Value>) -> Bool {
        self.keyPath as AnyKeyPath == keyPath as AnyKeyPath
    }

    /// The value the binding sets the field at `keyPath` to; `nil` when it sets another.
    ///
    /// ```swift
    /// if let count = binding.value(at: \.stepCount), count > 10 { return .reject("at most 10 steps") }
    /// ```
    ///
    /// - Parameter keyPath: A field of the form's state.
    /// - Returns: The value, or `nil`.
    public func value<Value>(at keyPath: KeyPath<State, Value>) -> Value? {
        self.is(keyPath) ? boxed as? Value : nil
    }

    /// Matches a binding of the field at `keyPath`, as a `switch` case writes it.
    ///
    /// ```swift
    /// case .binding(\.stepCount):
    ///     return .send(.stepCountChanged)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: A field of the form's state.
    ///   - binding: The binding.
    /// - Returns: Whether the binding sets that field.
    public static func ~= <Value>(keyPath: KeyPath<State, Value>, binding: BindingEvent) -> Bool {
        binding.is(keyPath)
    }

    /// The field's name, from its key path: `stepCount`, `settings.volume`.
    ///
    /// ```swift
    /// #expect(BindingEvent<Form.State>.set(\.minutes, 15).field == "minutes")
    /// ```
    public var field: String { BindingEvent.name(of: keyPath) }

    /// `title = "Standup"`, `stepCount = 1`, `theme = .tan`: how a trace and a failed test
    /// show it.
    public var description: String {
        "\(field) = \(ValueText.text(of: boxed, in: ValueText.Readable()))"
    }

    /// The name of the field at `keyPath`: its path without the root type, as the key path
    /// describes itself (`\State.settings.volume` is `settings.volume`).
    ///
    /// ```swift
    /// #expect(BindingEvent<Form.State>.name(of: \Form.State.minutes) == "minutes")
    /// ```
    ///
    /// - Parameter keyPath: A field of the form's state.
    /// - Returns: Its name.
    public static func name(of keyPath: AnyKeyPath) -> String {
        let text = String(describing: keyPath).drop { $0 == "\\" }
        let root = String(describing: State.self)
        if text.hasPrefix(root + ".") { return String(text.dropFirst(root.count + 1)) }
        // A root written another way (qualified, generic): its name ends at the first dot
        // outside angle brackets.
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "<": depth += 1
            case ">": depth -= 1
            case "." where depth == 0: return String(text[text.index(after: index)...])
            default: continue
            }
        }
        return String(text)
    }

    private init(
        keyPath: PartialKeyPath<State> & Sendable, boxed: any Equatable & Sendable,
        assign: @escaping @Sendable (inout State) -> Void
    ) {
        self.keyPath = keyPath
        self.boxed = boxed
        self.assign = assign
    }
}

extension BindingEvent: Equatable {
    /// Whether both set the same field to equal values.
    public static func == (lhs: BindingEvent, rhs: BindingEvent) -> Bool {
        lhs.keyPath == rhs.keyPath && lhs.boxed.isEqual(to: rhs.boxed)
    }
}

extension BindingEvent: Hashable {
    /// Hashes the field: two bindings of one field to different values only collide.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyPath)
    }
}

extension BindingEvent: ReadsAsDescription, CarriesBinding, ReflectedBinding {
    package var reflectedValue: Any { boxed }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: any Equatable) -> Bool {
        (other as? Self) == self
    }
}

/// A binding, as the explorer spells it in Swift: `.set(\.field, value)`.
package protocol ReflectedBinding {
    /// The field's name.
    var field: String { get }
    /// The value it sets.
    var reflectedValue: Any { get }
}

/// A value that is a binding, found in an event by ``BindingEvents/carried(by:)``.
package protocol CarriesBinding {}

/// Finding a binding in an event: a refused binding fails an exhaustive test, as a
/// field the form does not list would not compile in TCA.
package enum BindingEvents {
    /// Whether `event` is a binding, or carries one in its cases (`.form(.binding(…))`).
    package static func carried(by event: Any) -> Bool {
        CaseParts.walk(event) { $0 is any CarriesBinding }
    }
}
