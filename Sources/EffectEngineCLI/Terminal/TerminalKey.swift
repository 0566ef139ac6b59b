/// A key a person pressed at the terminal, as the line editor reads it.
enum TerminalKey: Equatable, Sendable {
    /// Text typed or pasted, with no control character in it.
    case text(String)
    /// Return or Enter.
    case enter
    /// Backspace, or Control-H: the character before the cursor.
    case backspace
    /// Delete: the character under the cursor.
    case delete
    /// ← or Control-B.
    case left
    /// → or Control-F.
    case right
    /// Home or Control-A.
    case home
    /// End or Control-E.
    case end
    /// ↑ or Control-P: the previous line of history.
    case up
    /// ↓ or Control-N: the next line of history.
    case down
    /// Control-D: end of input on an empty line, else Delete.
    case endOfInput
    /// Control-C.
    case interrupt
    /// Control-U: everything before the cursor.
    case deleteToStart
    /// Control-K: everything from the cursor on.
    case deleteToEnd
    /// Control-W: the word before the cursor.
    case deleteWord
    /// Control-L: the line drawn again.
    case redraw
}

/// Turns the bytes a terminal sends into keys: UTF-8 text, control characters, and the
/// escape sequences of the arrows, Home, End and Delete (CSI `ESC [` and SS3 `ESC O`
/// forms, as xterm, the Linux console, tmux and screen send them). A sequence or a
/// character split across two reads is kept until its end arrives; an unknown sequence
/// is dropped whole, never typed.
///
/// ```swift
/// var decoder = TerminalKeyDecoder()
/// decoder.keys(in: Array("ab\u{1B}[D\r".utf8))   // [.text("ab"), .left, .enter]
/// ```
struct TerminalKeyDecoder {
    private var pending: [UInt8] = []
    /// The byte before, when it was a carriage return: a `\n` right after it is the same
    /// Enter (a pasted Windows line end).
    private var afterReturn = false

    /// The keys `bytes` complete.
    mutating func keys(in bytes: some Sequence<UInt8>) -> [TerminalKey] {
        pending += bytes
        var keys: [TerminalKey] = []
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll()
        }
        while index < pending.count {
            let byte = pending[index]
            let wasAfterReturn = afterReturn
            afterReturn = false
            if byte >= 0x20 && byte != 0x7F {
                // A character: wait for all its bytes.
                let length = Self.sequenceLength(of: byte)
                guard index + length <= pending.count else { break }
                text += pending[index..<(index + length)]
                index += length
                continue
            }
            flushText()
            if byte == 0x1B {
                guard let (key, length) = Self.escapeSequence(at: index, in: pending) else { break }
                if let key { keys.append(key) }
                index += length
                continue
            }
            index += 1
            switch byte {
            case 0x0D:
                afterReturn = true
                keys.append(.enter)
            case 0x0A: if !wasAfterReturn { keys.append(.enter) }
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x01: keys.append(.home)
            case 0x05: keys.append(.end)
            case 0x02: keys.append(.left)
            case 0x06: keys.append(.right)
            case 0x10: keys.append(.up)
            case 0x0E: keys.append(.down)
            case 0x04: keys.append(.endOfInput)
            case 0x03: keys.append(.interrupt)
            case 0x15: keys.append(.deleteToStart)
            case 0x0B: keys.append(.deleteToEnd)
            case 0x17: keys.append(.deleteWord)
            case 0x0C: keys.append(.redraw)
            default: break  // Another control character types nothing.
            }
        }
        flushText()
        pending.removeFirst(index)
        return keys
    }

    /// The bytes of the UTF-8 sequence a byte starts; 1 for a byte that starts none
    /// (decoded as U+FFFD).
    private static func sequenceLength(of byte: UInt8) -> Int {
        switch byte {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }

    /// The key of the escape sequence at `start` and its length: a `nil` key for one
    /// the editor does not know; `nil` when the sequence has not all arrived.
    private static func escapeSequence(at start: Int, in bytes: [UInt8]) -> (TerminalKey?, Int)? {
        guard start + 1 < bytes.count else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            // CSI: parameters, then a final byte from @ to ~.
            var end = start + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return nil }
            let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
            let key: TerminalKey? =
                switch (bytes[end], parameters) {
                case (UInt8(ascii: "A"), _): .up
                case (UInt8(ascii: "B"), _): .down
                case (UInt8(ascii: "C"), _): .right
                case (UInt8(ascii: "D"), _): .left
                case (UInt8(ascii: "H"), _): .home
                case (UInt8(ascii: "F"), _): .end
                case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
                case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
                case (UInt8(ascii: "~"), "3"): .delete
                default: nil
                }
            return (key, end - start + 1)
        case UInt8(ascii: "O"):
            // SS3: one byte.
            guard start + 2 < bytes.count else { return nil }
            let key: TerminalKey? =
                switch bytes[start + 2] {
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                case UInt8(ascii: "C"): .right
                case UInt8(ascii: "D"): .left
                case UInt8(ascii: "H"): .home
                case UInt8(ascii: "F"): .end
                default: nil
                }
            return (key, 3)
        default:
            // Alt and a key, or a lone Escape followed by one: neither types anything.
            return (nil, 2)
        }
    }
}
