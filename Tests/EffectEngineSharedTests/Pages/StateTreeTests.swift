import TestSupport
import Testing

@testable import EffectEngineShared

/// Values of every kind `Mirror` tells apart.
private struct Sample: Hashable {
    enum Phase: Hashable {
        case idle
        case loading(page: Int, query: String)
        case failed(String)
    }

    struct Wrapped: Hashable, CustomStringConvertible {
        var seconds: Int
        var description: String { "\(seconds)s" }
    }

    var title = "a \"quoted\" </script> title"
    var count = 3
    var tags: Set<String> = ["b", "a"]
    var scores: [String: Int] = ["z": 1, "a": 2]
    var rows: [Int] = [1, 2, 3]
    var phase = Phase.loading(page: 2, query: "swift")
    var error: String?
    var delay = Wrapped(seconds: 2)
    var maybeDelay: Wrapped? = Wrapped(seconds: 5)
    var pair = (x: 1, 2)

    static func == (lhs: Sample, rhs: Sample) -> Bool {
        lhs.title == rhs.title && lhs.count == rhs.count && lhs.tags == rhs.tags && lhs.scores == rhs.scores
            && lhs.rows == rhs.rows && lhs.phase == rhs.phase && lhs.error == rhs.error && lhs.delay == rhs.delay
            && lhs.maybeDelay == rhs.maybeDelay && lhs.pair == rhs.pair
    }

    func hash(into hasher: inout Hasher) { hasher.combine(title) }
}

/// A long list, laid out one element a line.
private struct Long {
    struct Row: Equatable { var id: Int; var name: String; var done: Bool }
    var rows = (1...4).map { Row(id: $0, name: "row number \($0) with a long name", done: $0 % 2 == 0) }
    var phase = Sample.Phase.loading(page: 12, query: "a query long enough to be laid out below its label")
}

@Suite struct StateTreeTests {
    @Test func aTreeRendersAsStateDiffRendersItsValue() {
        var tree = StateTree()
        for value in [Sample(), Sample(error: "x", maybeDelay: nil)] as [Any] + [Long(), 1, "text", [1, 2], Optional<Int>.none as Any] {
            let node = tree.node(of: value)
            #expect(tree.render(node) == StateDiff.render(value))
        }
    }

    @Test func aTreeLaysOutAsStateLayoutLaysOutItsValue() {
        var tree = StateTree()
        for value in [Sample(), Long(), Sample(phase: .idle, error: "boom"), Screen.login(Long()), Screen.game(3)]
            as [Any]
        {
            let node = tree.node(of: value)
            #expect(Layout(tree: tree).text(node) == StateLayout.text(value))
        }
    }

    @Test func changesTurnEachTreeIntoTheNext() {
        var tree = StateTree()
        var random = SplitMix64(seed: 7)
        var state = Long()
        var previous = tree.node(of: state)
        var reading = tree.reading(of: state, after: nil)
        for _ in 0..<300 {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: state.rows.insert(.init(id: Int.random(in: 0..<99, using: &random), name: "new", done: false), at: Int.random(in: 0...state.rows.count, using: &random))
            case 1 where !state.rows.isEmpty: state.rows.remove(at: Int.random(in: 0..<state.rows.count, using: &random))
            case 2 where !state.rows.isEmpty: state.rows[Int.random(in: 0..<state.rows.count, using: &random)].done.toggle()
            case 3: state.phase = Bool.random(using: &random) ? .idle : .failed("no \(Int.random(in: 0..<3, using: &random))")
            default: state.rows.shuffle(using: &random)
            }
            let node = tree.node(of: state)
            let changes = tree.changes(from: previous, to: node)
            #expect(changes.reduce(previous, Self.apply) == node)
            #expect((node == previous) == changes.isEmpty)
            // Read again from the reading before: the same tree, and changes that make it.
            let next = tree.reading(of: state, after: reading)
            #expect(next.node == node)
            #expect(tree.changes(from: reading, to: next).reduce(reading.node, Self.apply) == node)
            previous = node
            reading = next
        }
    }

    @Test func oneFieldChangedIsOneChangeAtItsPath() {
        var tree = StateTree()
        var state = Long()
        let before = tree.node(of: state)
        state.rows[2].done.toggle()
        #expect(tree.changes(from: before, to: tree.node(of: state)) == [.set(path: [0, 2, 2], node: .leaf("true"))])
        let middle = tree.node(of: state)
        state.rows.remove(at: 1)
        guard case .splice(let path, 1, 1, let inserted) = tree.changes(from: middle, to: tree.node(of: state)).first else {
            Issue.record("a removed row is a splice")
            return
        }
        #expect(path == [0] && inserted.isEmpty)
    }

    @Test func aReadingKeepsWhatDidNotChangeUnread() {
        var tree = StateTree()
        var state = Long()
        let before = tree.reading(of: state, after: nil)
        state.rows[1].done.toggle()
        let after = tree.reading(of: state, after: before)
        // The phase field and the other rows are the readings before, the same objects.
        #expect(after.children[1] === before.children[1])
        #expect(after.children[0].children[0] === before.children[0].children[0])
        #expect(after.children[0].children[1] !== before.children[0].children[1])
        #expect(tree.changes(from: before, to: after) == [.set(path: [0, 1, 2], node: .leaf(String(state.rows[1].done)))])
        // Long is not Equatable, so it is read again; its fields, which are, are not.
        #expect(tree.reading(of: state, after: after).children.map(ObjectIdentifier.init) == after.children.map(ObjectIdentifier.init))
    }

    /// A change applied, as the pages' `applyChange` does.
    static func apply(_ root: StateTree.Node, _ change: StateTree.Change) -> StateTree.Node {
        func rebuild(_ node: StateTree.Node, _ path: ArraySlice<Int>) -> StateTree.Node {
            guard let first = path.first else {
                switch change {
                case .set(_, let new): return new
                case .splice(_, let start, let removed, let inserted):
                    guard case .composite(let shape, var children) = node else { return node }
                    children.replaceSubrange(start..<(start + removed), with: inserted)
                    return .composite(shape, children)
                }
            }
            guard case .composite(let shape, var children) = node else { return node }
            children[first] = rebuild(children[first], path.dropFirst())
            return .composite(shape, children)
        }
        switch change {
        case .set(let path, _), .splice(let path, _, _, _): return rebuild(root, path[...])
        }
    }
}

/// A root state that is one of several screens.
private enum Screen {
    case login(Long)
    case game(Int)
}

/// `StateLayout.text` over a tree, as the pages' `layoutNode` does it: proof that a tree
/// keeps all that the layout reads.
private struct Layout {
    let tree: StateTree

    func text(_ node: StateTree.Node) -> String {
        let fields = members(node)
        guard !fields.isEmpty else { return inline(node) }
        return fields.flatMap { lines($0.0, $0.1, 0) }.joined(separator: "\n")
    }

    private func shape(_ node: StateTree.Node) -> (StateTree.Shape, [StateTree.Node])? {
        guard case .composite(let index, let children) = node else { return nil }
        return (tree.shapes[index], children)
    }

    private func inline(_ node: StateTree.Node) -> String {
        if let (shape, children) = shape(node), shape.kind == .described, case .leaf(let text) = children[0] { return text }
        return tree.render(node)
    }

    private func header(_ node: StateTree.Node) -> String {
        guard let (shape, children) = shape(node) else { return "" }
        switch shape.kind {
        case .some: return header(children[0])
        case .enumCase: return ".\(shape.name)"
        default: return ""
        }
    }

    private func members(_ node: StateTree.Node) -> [(String, StateTree.Node)] {
        guard let (shape, children) = shape(node) else { return [] }
        func label(_ index: Int) -> String {
            let label = shape.labels[index]
            return label.isEmpty || label.hasPrefix(".") ? "\(index)" : label
        }
        switch shape.kind {
        case .some: return members(children[0])
        case .record:
            return children.indices.map { index in
                let label = shape.labels[index]
                return (label.hasPrefix("_") ? String(label.dropFirst()) : label.isEmpty ? "\(index)" : label, children[index])
            }
        case .tuple: return children.indices.map { (label($0), children[$0]) }
        case .array, .set: return children.map { ("-", $0) }
        case .dictionary: return stride(from: 0, to: children.count - 1, by: 2).map { (tree.render(children[$0]), children[$0 + 1]) }
        case .enumCase: return shape.isTuple ? children.indices.map { (label($0), children[$0]) } : [(shape.name, children[0])]
        case .described: return []
        }
    }

    private func lines(_ label: String, _ node: StateTree.Node, _ depth: Int) -> [String] {
        let oneLine = inline(node)
        let nested = members(node)
        let lead = label == "-" ? "- " : "\(label): "
        guard !nested.isEmpty, oneLine.count > StateLayout.inlineWidth, depth < StateDiff.depthLimit else {
            return [lead + oneLine]
        }
        let body = nested.flatMap { lines($0.0, $0.1, depth + 1) }
        let caseName = nested.count == 1 && header(node) == ".\(nested[0].0)" ? "" : header(node)
        if label == "-" && caseName.isEmpty {
            return body.enumerated().map { index, line in (index == 0 ? "- " : "  ") + line }
        }
        let title = label == "-" ? "- \(caseName)" : "\(label):" + (caseName.isEmpty ? "" : " \(caseName)")
        return [title] + body.map { "  " + $0 }
    }
}
