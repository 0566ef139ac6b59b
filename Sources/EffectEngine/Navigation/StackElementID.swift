/// The identity of one screen of a ``StackState``: handed out by the stack when the screen
/// is pushed, and never handed out again (N1).
///
/// Ids count up from 0 in the order screens are pushed: popping the screen with id 3 and
/// pushing another gives it 4, not 3, so a late event for the popped screen can never
/// reach the one that took its place. A literal names an id in tests and paths:
///
/// ```swift
/// var path = StackState<Screen>()
/// path.append(.detail(id: 7))        // id 0
/// path.append(.record)               // id 1
/// path.pop(from: 1)
/// path.append(.record)               // id 2
/// #expect(path.ids == [0, 2])
/// ```
///
/// A task of the screen with id 2 of a stack scoped `path` runs under `path/2` (C3).
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral {
    /// The id's number: the count of ids its stack had handed out before it.
    public let rawValue: Int

    /// An id from its number.
    ///
    /// ```swift
    /// #expect(StackElementID(rawValue: 3) == 3)
    /// ```
    ///
    /// - Parameter rawValue: The id's number.
    @inlinable
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// An id written as a literal: `path.pop(from: 3)`.
    ///
    /// - Parameter value: The id's number.
    @inlinable
    public init(integerLiteral value: Int) { self.rawValue = value }

    /// Orders ids as they were handed out.
    ///
    /// ```swift
    /// #expect(StackElementID(rawValue: 1) < 2)
    /// ```
    @inlinable
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension StackElementID: CustomStringConvertible {
    /// The id's number, as it appears in task names and scopes: `3`.
    public var description: String { String(rawValue) }
}

extension StackElementID: Codable {
    /// Decodes an id written as its number.
    ///
    /// - Parameter decoder: A decoder holding one integer.
    public init(from decoder: any Decoder) throws {
        let number = try decoder.singleValueContainer().decode(Int.self)
        guard number >= 0 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a stack element id is not negative: \(number)"))
        }
        self.rawValue = number
    }

    /// Encodes the id as its number.
    ///
    /// - Parameter encoder: The encoder to write the number to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension StackElementID: CustomReflectable {
    /// No fields: an id reads as its number in diffs, traces and diagnostics,
    /// `path(.popFrom(id: 3))`.
    public var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .struct) }
}
