// White space handling for lines, on UTF-8 bytes with a Unicode fallback: measured in
// the `lines` benchmark, `Character.isWhitespace` cost a third of a piped line, and
// scalar-indexed slicing most of the rest.

extension UInt8 {
    /// An ASCII white-space byte: space, tab, line feed, vertical tab, form feed, return.
    @inlinable
    var isASCIIWhiteSpace: Bool { self == 0x20 || (0x09...0x0D).contains(self) }
}

extension Unicode.Scalar {
    /// Whether the scalar is white space, deciding ASCII without the Unicode tables.
    @inlinable
    var isWhiteSpace: Bool {
        value < 0x80 ? UInt8(value).isASCIIWhiteSpace : properties.isWhitespace
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space, with no Foundation needed.
    @inlinable
    func trimmingWhiteSpace() -> Substring {
        let text = Substring(self)
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !$0.isASCIIWhiteSpace }) else { return "" }
        let last = bytes.lastIndex(where: { !$0.isASCIIWhiteSpace })!
        // Slicing the UTF-8 view skips the character-boundary checks of `text[...]`;
        // both ends are scalar boundaries, and ASCII ones unless checked below.
        let trimmed = Substring(bytes[first...last])
        // Non-ASCII at either edge may be Unicode white space: decide it by scalars.
        guard bytes[first] >= 0x80 || bytes[last] >= 0x80 else { return trimmed }
        let scalars = trimmed.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.isWhiteSpace }),
            let end = scalars.lastIndex(where: { !$0.isWhiteSpace })
        else { return "" }
        return Substring(scalars[start...end])
    }

    /// The text up to its first white space, and the rest with white space trimmed.
    @inlinable
    func splittingAtWhiteSpace() -> (head: Substring, rest: Substring) {
        let text = Substring(self)
        let bytes = text.utf8
        let space = bytes.firstIndex(where: { $0.isASCIIWhiteSpace || $0 >= 0x80 })
        if let space, bytes[space] < 0x80 {
            return (Substring(bytes[..<space]), Substring(bytes[space...]).trimmingWhiteSpace())
        }
        guard space != nil else { return (text, "") }
        // Non-ASCII before any ASCII white space: it may be Unicode white space.
        let scalars = text.unicodeScalars
        guard let found = scalars.firstIndex(where: \.isWhiteSpace) else { return (text, "") }
        return (Substring(scalars[..<found]), Substring(scalars[found...]).trimmingWhiteSpace())
    }

    /// Whether the text starts with an ASCII character, checked on its first byte.
    @inlinable
    func starts(withASCII character: Unicode.Scalar) -> Bool {
        utf8.first == UInt8(ascii: character)
    }
}
