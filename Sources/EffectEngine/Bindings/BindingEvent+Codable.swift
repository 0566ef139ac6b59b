extension BindingEvent: Encodable where State: BindableState {
    private enum CodingKeys: String, CodingKey { case field, value }

    /// Writes the field's name and the value, by the value's own coding:
    /// `{"field": "minutes", "value": 15}`. A field not listed in the state's
    /// ``BindableState/bindableFields``, or a value that is not `Encodable`, is an error.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(BindingEvent<Form.State>.set(\.minutes, 15))
    /// ```
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        let field = State.bindableFields.fields.first { $0.keyPath == keyPath }
        guard let field, let value = reflectedValue as? any Encodable else {
            let why = field == nil ? "is not one of the state's bindable fields" : "has a value that is not Encodable"
            throw EncodingError.invalidValue(
                reflectedValue, .init(codingPath: encoder.codingPath, debugDescription: "'\(self.field)' \(why)"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(field.name, forKey: .field)
        try container.encode(value, forKey: .value)
    }
}

extension BindingEvent: Decodable where State: BindableState {
    /// Reads a binding written by ``encode(to:)``; a field the state does not list, or a
    /// value of another type, is an error naming it.
    ///
    /// ```swift
    /// let binding = try JSONDecoder().decode(BindingEvent<Form.State>.self, from: data)
    /// ```
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .field)
        let fields = State.bindableFields
        guard let field = fields.fields.first(where: { $0.name == name }) else {
            let why = BindingTextError.noField(name, fields: fields.names).description
            throw DecodingError.dataCorruptedError(forKey: .field, in: container, debugDescription: why)
        }
        guard let binding = try field.decode(container.superDecoder(forKey: .value)) else {
            throw DecodingError.dataCorruptedError(
                forKey: .value, in: container, debugDescription: "'\(name)' has a value that is not Decodable")
        }
        self = binding
    }
}
