extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as an array, in order: the file a state is saved to holds rows
    /// as any array's.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(IdentifiedArray([Todo(id: 1)]))  // [{"id":1,…}]
    /// ```
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        // Element by element, as `Array` encodes itself: the same bytes, and the same
        // digest for a journal, as the array a state held before.
        var container = encoder.unkeyedContainer()
        for element in storage { try container.encode(element) }
    }
}

extension IdentifiedArray: Decodable where Element: Decodable {
    /// Decodes an array of elements; two elements with one id are an error naming the id,
    /// never a row silently dropped.
    ///
    /// ```swift
    /// let todos = try JSONDecoder().decode(IdentifiedArray<Todo>.self, from: data)
    /// ```
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init()
        while !container.isAtEnd {
            let offset = container.currentIndex
            let element = try container.decode(Element.self)
            guard append(element).inserted else {
                // At the element itself: the container has moved past it.
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath + [Offset(offset)],
                        debugDescription:
                            "element \(offset) has the id \(element.id), which element \(index(id: element.id) ?? 0) has"
                    ))
            }
        }
    }
}

/// An element's offset in an array, as a coding key.
private struct Offset: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ offset: Int) { intValue = offset }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
