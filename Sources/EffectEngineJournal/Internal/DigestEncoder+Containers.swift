/// The `Encoder` of ``DigestEncoding``: it feeds a ``DigestNode`` and never fails.
struct DigestEncoder: Encoder {
    let node: DigestNode
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        node.keyed()
        return KeyedEncodingContainer(KeyedDigest<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedDigest(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleDigest(node: node, codingPath: codingPath)
    }
}

struct KeyedDigest<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: DigestNode
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) { node.add(PrimitiveDigest.none, forKey: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) { node.add(PrimitiveDigest.of(value), forKey: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) { node.add(PrimitiveDigest.of(value), forKey: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) { node.add(PrimitiveDigest.of(value), forKey: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) { node.add(PrimitiveDigest.of(value), forKey: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) { node.add(PrimitiveDigest.integer(value), forKey: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) { node.add(PrimitiveDigest.integer(value), forKey: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) { node.add(PrimitiveDigest.integer(value), forKey: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) { node.add(PrimitiveDigest.integer(value), forKey: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) { node.add(PrimitiveDigest.integer(value), forKey: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) { node.add(PrimitiveDigest.integer(value), forKey: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) { node.add(PrimitiveDigest.integer(value), forKey: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) { node.add(PrimitiveDigest.integer(value), forKey: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) { node.add(PrimitiveDigest.integer(value), forKey: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) { node.add(PrimitiveDigest.integer(value), forKey: key.stringValue) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) {
        node.add(PrimitiveDigest.nested(value), forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy _: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = DigestNode()
        node.add(child, forKey: key.stringValue)
        child.keyed()
        return KeyedEncodingContainer(KeyedDigest<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = DigestNode()
        node.add(child, forKey: key.stringValue)
        return UnkeyedDigest(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let child = DigestNode()
        node.add(child, forKey: "super")
        return DigestEncoder(node: child, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = DigestNode()
        node.add(child, forKey: key.stringValue)
        return DigestEncoder(node: child, codingPath: codingPath + [key])
    }
}

struct UnkeyedDigest: UnkeyedEncodingContainer {
    let node: DigestNode
    var codingPath: [any CodingKey]
    private(set) var count = 0

    init(node: DigestNode, codingPath: [any CodingKey]) {
        self.node = node
        self.codingPath = codingPath
    }

    private mutating func add(_ hash: UInt64) {
        node.add(hash)
        count += 1
    }

    mutating func encodeNil() { add(PrimitiveDigest.none) }
    mutating func encode(_ value: Bool) { add(PrimitiveDigest.of(value)) }
    mutating func encode(_ value: String) { add(PrimitiveDigest.of(value)) }
    mutating func encode(_ value: Double) { add(PrimitiveDigest.of(value)) }
    mutating func encode(_ value: Float) { add(PrimitiveDigest.of(value)) }
    mutating func encode(_ value: Int) { add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: Int8) { add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: Int16) { add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: Int32) { add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: Int64) { add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: UInt) { add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: UInt8) { add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: UInt16) { add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: UInt32) { add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: UInt64) { add(PrimitiveDigest.integer(value)) }
    mutating func encode<Value: Encodable>(_ value: Value) { add(PrimitiveDigest.nested(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = DigestNode()
        node.add(child)
        count += 1
        child.keyed()
        return KeyedEncodingContainer(KeyedDigest<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = DigestNode()
        node.add(child)
        count += 1
        return UnkeyedDigest(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        let child = DigestNode()
        node.add(child)
        count += 1
        return DigestEncoder(node: child, codingPath: codingPath)
    }
}

struct SingleDigest: SingleValueEncodingContainer {
    let node: DigestNode
    var codingPath: [any CodingKey]

    mutating func encodeNil() { node.add(PrimitiveDigest.none) }
    mutating func encode(_ value: Bool) { node.add(PrimitiveDigest.of(value)) }
    mutating func encode(_ value: String) { node.add(PrimitiveDigest.of(value)) }
    mutating func encode(_ value: Double) { node.add(PrimitiveDigest.of(value)) }
    mutating func encode(_ value: Float) { node.add(PrimitiveDigest.of(value)) }
    mutating func encode(_ value: Int) { node.add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: Int8) { node.add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: Int16) { node.add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: Int32) { node.add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: Int64) { node.add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: UInt) { node.add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: UInt8) { node.add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: UInt16) { node.add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: UInt32) { node.add(PrimitiveDigest.integer(value)) }
    mutating func encode(_ value: UInt64) { node.add(PrimitiveDigest.integer(value)) }
    mutating func encode<Value: Encodable>(_ value: Value) { node.add(PrimitiveDigest.nested(value)) }
}
