import EffectEngineShared
import Testing

/// One walk over a value, two styles: the readable one of diffs and traces, and Swift
/// source (here a style of the test's own, spelling like the explorer's).
@Suite("ValueText: one walk over a value, written in a style")
struct ValueTextTests {
    struct Row: Equatable {
        var id: Int
        var tags: Set<String>
        var phase: Phase
        var note: String?
    }

    enum Phase: Equatable {
        case idle
        case failed(reason: String, code: Int)
        case loading(Int)
    }

    struct Empty {}

    /// Swift source, as the explorer spells values (its Foundation values aside).
    struct Source: ValueStyle {
        func spelled(_ value: Any) -> String? {
            switch value {
            case let text as String: text.debugDescription
            case let number as Int: "\(number)"
            default: nil
            }
        }
        func set(_ elements: [String]) -> String { "[" + elements.joined(separator: ", ") + "]" }
        func bareCase(_ value: Any) -> String { "." + String(describing: value) }
        func record(_ value: Any, fields: String, count: Int) -> String { ".init(" + fields + ")" }
    }

    static let row = Row(id: 7, tags: ["b", "a"], phase: .failed(reason: "offline", code: 3), note: nil)

    @Test("The readable style: type names, Set([…]), and the walk's shared parts")
    func readable() {
        #expect(
            ValueText.text(of: Self.row, in: ValueText.Readable())
                == #"Row(id: 7, tags: Set(["a", "b"]), phase: .failed(reason: "offline", code: 3), note: nil)"#)
        #expect(ValueText.text(of: Phase.idle, in: ValueText.Readable()) == ".idle")
        #expect(ValueText.text(of: Empty(), in: ValueText.Readable()) == "Empty()")
        #expect(ValueText.text(of: ["b": 2, "a": 1], in: ValueText.Readable()) == #"["a": 1, "b": 2]"#)
    }

    @Test("The same walk in a source style: .init(…), array literals for sets")
    func source() {
        #expect(
            ValueText.text(of: Self.row, in: Source())
                == #".init(id: 7, tags: ["a", "b"], phase: .failed(reason: "offline", code: 3), note: nil)"#)
        #expect(ValueText.text(of: [Phase.loading(2), .idle], in: Source()) == "[.loading(2), .idle]")
        #expect(ValueText.text(of: Empty(), in: Source()) == ".init()")
        #expect(ValueText.text(of: (1, label: "x"), in: Source()) == #"(1, label: "x")"#)
    }

    @Test("Past the depth limit a value is described, not walked")
    func depthLimit() {
        final class Node {
            var next: Node?
        }
        let node = Node()
        node.next = node
        let text = ValueText.text(of: node, in: ValueText.Readable())
        let walked = text.split(separator: "Node(", omittingEmptySubsequences: false).count - 1
        // Each node is two levels of the walk: the node, and the optional holding the next.
        #expect(walked == ValueText.depthLimit / 2)
        #expect(text.hasSuffix("))"))
    }
}
