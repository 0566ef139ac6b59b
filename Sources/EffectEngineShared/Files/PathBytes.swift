/// A path as the bytes the system knows it by, carried in a `String` (L12).
///
/// A name need not be UTF-8: `caf\xE9.json`, written in Latin-1, is one byte `0xE9` where
/// UTF-8 would have two. `CommandLine.arguments`, and any `String(decoding:as:)`, replace
/// such a byte with U+FFFD, so `caf\xE9` and `caf\xE8` would become one name. Here each
/// byte that is not part of valid UTF-8 is kept as one scalar of its own, U+10FF00 plus
/// the byte (the end of the last private-use plane), and turned back into that byte when
/// the path is handed to the system. A valid scalar in that range, which no name holds in
/// practice, is kept as its four bytes the same way, so every byte string comes back
/// exactly as it was.
///
/// ```swift
/// let path = PathBytes.string(from: [0x63, 0x61, 0x66, 0xE9])   // "caf" + U+10FFE9
/// PathBytes.bytes(of: path)                                        // [0x63, 0x61, 0x66, 0xE9]
/// PathBytes.displayed(path)                                        // "caf\\xE9"
/// ```
package enum PathBytes {
    /// The first scalar that stands for a byte: bytes 0x80 to 0xFF are U+10FF80 to U+10FFFF.
    private static let base: UInt32 = 0x10_FF00
    private static let escapes: ClosedRange<UInt32> = 0x10_FF80...0x10_FFFF

    /// The path whose bytes are `bytes`: valid UTF-8 read as it is, every other byte kept
    /// as the scalar that stands for it.
    package static func string(from bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = validLength(bytes, at: index)
            guard length > 0 else {
                scalars.append(escape(bytes[index]))
                index += 1
                continue
            }
            let scalar = String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first!
            if escapes.contains(scalar.value) {
                for byte in bytes[index..<index + length] { scalars.append(escape(byte)) }
            } else {
                scalars.append(scalar)
            }
            index += length
        }
        return String(scalars)
    }

    /// The bytes the system knows `path` by.
    package static func bytes(of path: String) -> [UInt8] {
        guard hasEscapes(path) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        for scalar in path.unicodeScalars {
            if escapes.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - base))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with `path` as the C string the system takes: its own bytes.
    package static func withCString<Result>(
        _ path: String, _ body: (UnsafePointer<CChar>) -> Result
    ) -> Result {
        guard hasEscapes(path) else { return path.withCString(body) }
        let terminated = bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        return terminated.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// The path as a person reads it: each byte that is not UTF-8 written `\xE9`.
    package static func displayed(_ path: String) -> String {
        guard hasEscapes(path) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            if escapes.contains(scalar.value) {
                let hex = String(scalar.value - base, radix: 16, uppercase: true)
                text += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// Whether `path` holds a scalar standing for a byte.
    package static func hasEscapes(_ path: String) -> Bool {
        path.unicodeScalars.contains { $0.value >= escapes.lowerBound }
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(base + UInt32(byte))!
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0 when the byte there starts none.
    private static func validLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        let second: ClosedRange<UInt8>
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2; second = 0x80...0xBF
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; second = 0x80...0xBF
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4; second = 0x80...0xBF
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return 0
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) {
            return 0
        }
        return length
    }
}
