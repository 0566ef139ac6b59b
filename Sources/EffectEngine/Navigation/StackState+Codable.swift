extension StackState: Codable where Element: Codable {
    private enum CodingKeys: String, CodingKey {
        case ids, elements, nextID
    }

    /// Decodes a stack written by ``encode(to:)``, refusing one whose ids are not those a
    /// stack could have handed out: as many ids as elements, no id twice, each below
    /// `nextID`.
    ///
    /// - Parameter decoder: A decoder holding `ids`, `elements` and `nextID`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let ids = try container.decode([StackElementID].self, forKey: .ids)
        let elements = try container.decode([Element].self, forKey: .elements)
        let next = try container.decode(StackElementID.self, forKey: .nextID)
        if let reason = Self.refusal(ids: ids, elements: elements.count, nextID: next) {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: reason))
        }
        self.elements = elements
        self.elementIDs = ids
        self.handedOut = next.rawValue
    }

    /// Encodes the ids, the elements and the next id, so a decoded stack never hands out
    /// an id again.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(elementIDs, forKey: .ids)
        try container.encode(elements, forKey: .elements)
        try container.encode(nextID, forKey: .nextID)
    }
}
