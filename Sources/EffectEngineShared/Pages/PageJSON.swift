/// JSON text written straight into a byte buffer, safe to embed in an HTML `<script>`
/// element: `<`, `>` and `&` are written as `\u003c`, `\u003e` and `\u0026` inside strings
/// (the only place they can occur), so no `</script>` or `<!--` can end the element early.
///
/// The writer places the commas: each value written inside an array or an object is
/// preceded by one unless it is the first there, and a key's value by none, so the pages
/// write their sequences as the values they hold, never a separator by hand.
///
/// ```swift
/// var json = PageJSON()
/// json.object { json in
///     json.key("names")
///     json.strings(["</script>", "b"])
///     json.key("count")
///     json.number(3)
/// }
/// #expect(json.text == #"{"names":["\u003c/script\u003e","b"],"count":3}"#)
/// ```
package struct PageJSON {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []
    /// For each array or object open, innermost last: whether it holds a value yet, so
    /// the next one is preceded by a comma.
    private var filled: [Bool] = []
    /// A key was just written: its value takes no comma.
    private var afterKey = false

    /// An empty buffer.
    package init() {}

    /// The text written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A value begins: a comma first, unless it is the first of its array or object or
    /// the value of a key.
    private mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = filled.indices.last else { return }
        if filled[last] { bytes.append(UInt8(ascii: ",")) } else { filled[last] = true }
    }

    private mutating func open(_ bracket: UInt8) {
        beginValue()
        bytes.append(bracket)
        filled.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        filled.removeLast()
        bytes.append(bracket)
    }

    /// Opens an array whose values are written across a loop, up to ``endArray()``:
    ///
    /// ```swift
    /// json.beginArray()
    /// for node in nodes { json.number(node.depth) }
    /// json.endArray()
    /// ```
    package mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// Closes the array ``beginArray()`` opened.
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes `[`, the values `body` writes, then `]`.
    package mutating func array(_ body: (inout PageJSON) -> Void) {
        beginArray()
        body(&self)
        endArray()
    }

    /// Writes an array of `elements`, each written by `write` as one value.
    ///
    /// ```swift
    /// json.array(layers) { json, layer in json.numbers(layer) }
    /// ```
    package mutating func array<Elements: Sequence>(
        _ elements: Elements, _ write: (inout PageJSON, Elements.Element) -> Void
    ) {
        beginArray()
        for element in elements { write(&self, element) }
        endArray()
    }

    /// Writes `{`, the keys and values `body` writes, then `}`.
    package mutating func object(_ body: (inout PageJSON) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// Writes `"key":`; the next value written is its value.
    package mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Writes the JSON another buffer holds, as one value.
    package mutating func append(_ other: PageJSON) {
        beginValue()
        bytes += other.bytes
    }

    /// Writes an integer.
    package mutating func number<Number: BinaryInteger>(_ value: Number) {
        beginValue()
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes `null`.
    package mutating func null() {
        beginValue()
        bytes.append(contentsOf: "null".utf8)
    }

    /// Writes the integers as an array.
    package mutating func numbers<Number: BinaryInteger>(_ values: some Sequence<Number>) {
        array(values) { json, value in json.number(value) }
    }

    /// Writes the strings as an array.
    package mutating func strings(_ values: some Sequence<String>) {
        array(values) { json, value in json.string(value) }
    }

    /// Writes a string, escaped.
    package mutating func string(_ value: String) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): escape(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): escape(UInt8(ascii: "\\"))
            case UInt8(ascii: "\n"): escape(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): escape(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): escape(UInt8(ascii: "t"))
            case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                escape(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ letter: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(letter)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Writes a state tree node: a leaf as its string, a composite as
    /// `[shape, child, child…]`.
    package mutating func node(_ node: StateTree.Node) {
        switch node {
        case .leaf(let text): string(text)
        case .composite(let shape, let children):
            array { json in
                json.number(shape)
                for child in children { json.node(child) }
            }
        }
    }

    /// Writes a tree's shapes: `[kind, name, [labels], isTuple]` each.
    package mutating func shapes(_ shapes: [StateTree.Shape]) {
        array(shapes) { json, shape in
            json.array { json in
                json.string(shape.kind.rawValue)
                json.string(shape.name)
                json.strings(shape.labels)
                json.number(shape.isTuple ? 1 : 0)
            }
        }
    }
}
