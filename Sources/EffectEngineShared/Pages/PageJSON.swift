/// JSON text written straight into a byte buffer, safe to embed in an HTML `<script>`
/// element: `<`, `>` and `&` are written as `\u003c`, `\u003e` and `\u0026` inside strings
/// (the only place they can occur), so no `</script>` or `<!--` can end the element early.
///
/// ```swift
/// var json = PageJSON()
/// json.array { json in
///     json.string("</script>")
///     json.separator()
///     json.number(3)
/// }
/// #expect(json.text == #"["\u003c/script\u003e",3]"#)
/// ```
package struct PageJSON {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty buffer.
    package init() {}

    /// The text written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes raw JSON punctuation or a literal (`true`, `null`).
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes what another buffer holds.
    package mutating func append(_ other: PageJSON) {
        bytes += other.bytes
    }

    /// Writes a comma.
    package mutating func separator() {
        bytes.append(UInt8(ascii: ","))
    }

    /// Writes an integer.
    package mutating func number<Number: BinaryInteger>(_ value: Number) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes `[`, what `body` writes, then `]`.
    package mutating func array(_ body: (inout PageJSON) -> Void) {
        bytes.append(UInt8(ascii: "["))
        body(&self)
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes an array of `elements`, each written by `write`, commas between them.
    ///
    /// ```swift
    /// json.array(layers) { json, layer in json.numbers(layer) }
    /// ```
    package mutating func array<Elements: Sequence>(
        _ elements: Elements, _ write: (inout PageJSON, Elements.Element) -> Void
    ) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for element in elements {
            if !first { separator() }
            first = false
            write(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes the integers as an array.
    package mutating func numbers<Number: BinaryInteger>(_ values: some Sequence<Number>) {
        array(values) { json, value in json.number(value) }
    }

    /// Writes the strings as an array.
    package mutating func strings(_ values: some Sequence<String>) {
        array(values) { json, value in json.string(value) }
    }

    /// Writes `"key":`.
    package mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes a string, escaped.
    package mutating func string(_ value: String) {
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
            bytes.append(UInt8(ascii: "["))
            number(shape)
            for child in children {
                separator()
                self.node(child)
            }
            bytes.append(UInt8(ascii: "]"))
        }
    }

    /// Writes a tree's shapes: `[kind, name, [labels], isTuple]` each.
    package mutating func shapes(_ shapes: [StateTree.Shape]) {
        array(shapes) { json, shape in
            json.array { json in
                json.string(shape.kind.rawValue)
                json.separator()
                json.string(shape.name)
                json.separator()
                json.strings(shape.labels)
                json.separator()
                json.number(shape.isTuple ? 1 : 0)
            }
        }
    }
}
