/// Hashes an `Encodable` value as it encodes, with no text in between: the fast path of
/// ``StateDigest``.
///
/// Every primitive is hashed with a tag for its type. A keyed container (a struct's
/// fields, a dictionary with string keys) sums the hashes of its entries, so the order in
/// which they are encoded does not matter; an unkeyed container hashes its elements in
/// order. Sets and dictionaries, whose order of iteration changes from process to process,
/// are hashed as unordered sums of their elements (``UnorderedDigestible``).
enum DigestEncoding {
    /// The digest of `value`, or `nil` when its `encode(to:)` throws.
    static func digest<Value: Encodable>(_ value: Value) -> UInt64? {
        if let unordered = value as? any UnorderedDigestible { return unordered.unorderedDigest() }
        let node = DigestNode()
        do {
            try value.encode(to: DigestEncoder(node: node))
        } catch {
            return nil
        }
        return node.finish()
    }

    /// Spreads the bits of a hash, so that sums of hashes do not cancel out (SplitMix64's
    /// finaliser).
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// FNV-1a, 64 bits.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
    }

    mutating func add(_ word: UInt64) {
        var word = word
        for _ in 0..<8 {
            add(byte: UInt8(truncatingIfNeeded: word))
            word >>= 8
        }
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            add(UInt64(bytes.count))
            for byte in bytes { add(byte: byte) }
        }
    }
}

/// What one value encoded: a single value, a keyed container or an unkeyed one. Nested
/// containers are kept as nodes and hashed when their parent is finished.
final class DigestNode {
    private enum Part {
        case hash(UInt64)
        case node(DigestNode)
    }

    private var isKeyed = false
    /// A keyed container's entries whose hashes are known, summed.
    private var keyedSum: UInt64 = 0
    private var keyedNodes: [(key: String, node: DigestNode)] = []
    /// A single value's or an unkeyed container's parts, in order.
    private var parts: [Part] = []

    func keyed() { isKeyed = true }

    func add(_ hash: UInt64) { parts.append(.hash(hash)) }

    func add(_ node: DigestNode) { parts.append(.node(node)) }

    func add(_ hash: UInt64, forKey key: String) {
        keyedSum &+= Self.entry(key, hash)
    }

    func add(_ node: DigestNode, forKey key: String) {
        keyedNodes.append((key, node))
    }

    func finish() -> UInt64 {
        var hash = FNV1a()
        if isKeyed {
            var sum = keyedSum
            for (key, node) in keyedNodes { sum &+= Self.entry(key, node.finish()) }
            hash.add(byte: 0x4b)
            hash.add(sum)
        }
        hash.add(UInt64(parts.count))
        for part in parts {
            switch part {
            case .hash(let value): hash.add(value)
            case .node(let node): hash.add(node.finish())
            }
        }
        return hash.value
    }

    private static func entry(_ key: String, _ hash: UInt64) -> UInt64 {
        var entry = FNV1a()
        entry.add(key)
        entry.add(hash)
        return DigestEncoding.mix(entry.value)
    }
}

/// A primitive's hash: a tag for its type, then its bits.
enum PrimitiveDigest {
    static func of(tag: UInt8, _ bits: UInt64) -> UInt64 {
        var hash = FNV1a()
        hash.add(byte: tag)
        hash.add(bits)
        return hash.value
    }

    static func of(_ text: String) -> UInt64 {
        var hash = FNV1a()
        hash.add(byte: 0x53)
        hash.add(text)
        return hash.value
    }

    static let none = of(tag: 0x30, 0)
    static func of(_ value: Bool) -> UInt64 { of(tag: 0x42, value ? 1 : 0) }
    static func of(_ value: Double) -> UInt64 { of(tag: 0x44, value.bitPattern) }
    static func of(_ value: Float) -> UInt64 { of(tag: 0x46, UInt64(value.bitPattern)) }
    static func integer<Integer: BinaryInteger>(_ value: Integer) -> UInt64 {
        value.signum() < 0 ? of(tag: 0x2d, UInt64(truncatingIfNeeded: Int64(value))) : of(tag: 0x49, UInt64(value))
    }

    /// A nested value: the unordered or encoded digest, or a marker when it cannot encode.
    static func nested<Value: Encodable>(_ value: Value) -> UInt64 {
        // The common leaves, by a comparison of types: no cast, no node.
        if Value.self == String.self { return of(unsafeBitCast(value, to: String.self)) }
        if Value.self == Int.self { return integer(unsafeBitCast(value, to: Int.self)) }
        if Value.self == Bool.self { return of(unsafeBitCast(value, to: Bool.self)) }
        if Value.self == Double.self { return of(unsafeBitCast(value, to: Double.self)) }
        return DigestEncoding.digest(value) ?? of(tag: 0x21, 0)
    }
}

/// Sets and dictionaries: hashed as sums of their elements' hashes, in no order.
protocol UnorderedDigestible {
    func unorderedDigest() -> UInt64
}

extension Set: UnorderedDigestible where Element: Encodable {
    func unorderedDigest() -> UInt64 {
        var sum: UInt64 = 0
        for element in self { sum &+= DigestEncoding.mix(PrimitiveDigest.nested(element)) }
        return PrimitiveDigest.of(tag: 0x7b, sum &+ UInt64(count))
    }
}

extension Dictionary: UnorderedDigestible where Key: Encodable, Value: Encodable {
    func unorderedDigest() -> UInt64 {
        var sum: UInt64 = 0
        for (key, value) in self {
            var entry = FNV1a()
            entry.add(PrimitiveDigest.nested(key))
            entry.add(PrimitiveDigest.nested(value))
            sum &+= DigestEncoding.mix(entry.value)
        }
        return PrimitiveDigest.of(tag: 0x7d, sum &+ UInt64(count))
    }
}
