/// Text a line program shows, made safe for a terminal: a control character in a state (a
/// query a user or a server typed, a binary file read as a transcript) is shown as
/// `\u{1B}`, never sent to the terminal, so no state can clear the screen, move the
/// cursor or retitle the window.
///
/// ```swift
/// ControlText.escaped("query \u{1B}[2J")   // query \u{1B}[2J, as ten plain characters
/// ControlText.escaped("a\n\tb")            // a\n\tb: newlines and tabs stay
/// ```
///
/// What is escaped: the C0 controls but newline and tab, DEL, and the C1 controls
/// (U+0080–U+009F: 8-bit terminals read U+009B as the start of a sequence). Text with none
/// of them, nearly all text, is returned as it is after one pass over its bytes.
enum ControlText {
    /// `text` with its control characters escaped, newlines and tabs kept.
    static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var shown = ""
        shown.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) {
                shown += escape(scalar)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// One line with every control character escaped, newlines and tabs too: an input
    /// line of a transcript.
    static func escapedLine(_ line: some StringProtocol) -> String {
        var shown = ""
        for scalar in line.unicodeScalars {
            if isEscaped(scalar) || scalar == "\n" || scalar == "\t" {
                shown += escape(scalar)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// The inverse of ``escapedLine(_:)``: each `\u{…}` that stands for a control
    /// character becomes that character; any other text, `\u{41}` included, is kept as
    /// written.
    static func unescapedLine(_ line: String) -> String {
        guard line.contains("\\u{") else { return line }
        var result = ""
        var rest = Substring(line)
        while let start = rest.range(of: "\\u{") {
            result += rest[..<start.lowerBound]
            let digits = rest[start.upperBound...].prefix { $0.isHexDigit }
            let close = digits.endIndex
            if !digits.isEmpty, digits.count <= 6, close < rest.endIndex, rest[close] == "}",
                let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value),
                isEscaped(scalar) || scalar == "\n" || scalar == "\t"
            {
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: close)...]
            } else {
                result += rest[start]
                rest = rest[start.upperBound...]
            }
        }
        return result + rest
    }

    /// Whether any byte of `text` starts a character to escape.
    private static func needsEscaping(_ text: String) -> Bool {
        var afterC2 = false
        for byte in text.utf8 {
            if byte < 0x20 && byte != 0x0A && byte != 0x09 { return true }
            if byte == 0x7F { return true }
            // U+0080–U+009F are C2 80 to C2 9F in UTF-8.
            if afterC2 && byte >= 0x80 && byte <= 0x9F { return true }
            afterC2 = byte == 0xC2
        }
        return false
    }

    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x0A && value != 0x09) || (value >= 0x7F && value <= 0x9F)
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
