/// Values as trees a page can show: each value read with `Mirror` exactly as
/// ``StateDiff/render(_:depth:)`` and ``StateLayout/text(_:)`` read it, so that a page
/// lays a state out as the line host's `:state` does, and diffs it field by field.
///
/// A node is a leaf, the finished one-line rendering of a value with nothing inside that
/// a reader opens (a number, a string in quotes, `nil`, an enum case with no payload), or
/// a composite: a ``Shape`` (what kind of value, its type or case name, its labels) and
/// its children in order. Shapes repeat from state to state and are kept once, in
/// ``shapes``, so a node costs its children and one number.
///
/// Sets are kept with their elements sorted, and dictionaries with their entries sorted by
/// key (key, value, key, value…), as `:state` shows them; so are their renderings.
///
/// ```swift
/// var tree = StateTree()
/// let node = tree.node(of: Counter.State(count: 2))
/// #expect(tree.render(node) == StateDiff.render(Counter.State(count: 2)))
/// ```
package struct StateTree {
    /// What a composite value is.
    package enum Kind: String, Sendable {
        /// A struct or a class: a type name and its fields' labels.
        case record = "s"
        /// A tuple: its labels (`.0` for an unlabelled element).
        case tuple = "t"
        /// An enum case with a payload: the case name; labels when the payload is a tuple.
        case enumCase = "e"
        /// An array or another collection.
        case array = "a"
        /// A set, its elements sorted by their renderings.
        case set = "z"
        /// A dictionary: key and value children, alternately, sorted by key.
        case dictionary = "d"
        /// An optional that holds a value: one child.
        case some = "o"
        /// A struct or class with its own `description`: two leaves, the description (shown
        /// on its own line) and the field-by-field rendering (shown inside another value).
        case described = "c"
    }

    /// A composite value's kind, name and labels.
    package struct Shape: Hashable, Sendable {
        package var kind: Kind
        /// The type name of a record, the case name of an enum case, empty otherwise.
        package var name: String
        /// The labels of a record's fields, a tuple's elements or a tuple payload's.
        package var labels: [String]
        /// Whether an enum case's payload is a tuple (its children are its elements).
        package var isTuple: Bool
    }

    /// A value as a tree.
    package indirect enum Node: Hashable, Sendable {
        /// A value's finished rendering.
        case leaf(String)
        /// A composite value: the index of its shape in ``StateTree/shapes``, and its children.
        case composite(Int, [Node])
    }

    /// The shapes met so far, in the order first met.
    package private(set) var shapes: [Shape] = []
    private var shapeIndex: [Shape: Int] = [:]

    /// An empty tree builder.
    package init() {}

    /// The tree of `value`.
    package mutating func node(of value: Any) -> Node {
        read(value, depth: 0, previous: nil).node
    }

    /// The tree of `value`, read again where it differs from `previous` only: a field, an
    /// element or a payload that is `Equatable` and equal to the one at the same place in
    /// `previous` keeps its node, unread. A run of a feature reads each state this way, so
    /// a step costs what it changed, not the whole state.
    ///
    /// ```swift
    /// var reading = tree.reading(of: state, after: nil)
    /// reading = tree.reading(of: nextState, after: reading)
    /// ```
    package mutating func reading(of value: Any, after previous: Reading?) -> Reading {
        if let previous, StateDiff.areEqual(previous.value, value) == true { return previous }
        return read(value, depth: 0, previous: previous)
    }

    /// A value read as a tree, with the values it was read from, for the next reading.
    package final class Reading {
        /// The value's tree.
        package let node: Node
        let value: Any
        /// The readings of the children the tree keeps in order (fields, elements, a
        /// payload); empty for a leaf, a set, a dictionary or a described value.
        let children: [Reading]

        init(_ node: Node, value: Any, children: [Reading] = []) {
            self.node = node
            self.value = value
            self.children = children
        }
    }

    private mutating func read(_ value: Any, depth: Int, previous: Reading?) -> Reading {
        guard depth < StateDiff.depthLimit else { return Reading(.leaf(String(reflecting: value)), value: value) }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first else { return Reading(.leaf("nil"), value: value) }
            return composite(.some, [wrapped.value], value: value, depth: depth + 1, previous: previous)
        case .collection:
            return composite(.array, mirror.children.map(\.value), value: value, depth: depth + 1, previous: previous)
        case .set:
            let elements = mirror.children.map { read($0.value, depth: depth + 1, previous: nil).node }
            let sorted = elements.map { (render($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
            return Reading(.composite(index(of: Self.plain(.set)), sorted), value: value)
        case .dictionary:
            let children = StateDiff.entries(Array(mirror.children)).sorted { $0.key < $1.key }.flatMap {
                [Node.leaf($0.key), read($0.value, depth: depth + 1, previous: nil).node]
            }
            return Reading(.composite(index(of: Self.plain(.dictionary)), children), value: value)
        case .enum:
            guard let payload = mirror.children.first, let name = payload.label else {
                if value is any CustomStringConvertible { return Reading(.leaf(String(describing: value)), value: value) }
                return Reading(.leaf("." + String(describing: value)), value: value)
            }
            let parts = Mirror(reflecting: payload.value)
            guard parts.displayStyle == .tuple, depth + 1 < StateDiff.depthLimit else {
                let shape = Shape(kind: .enumCase, name: name, labels: [], isTuple: false)
                return composite(shape, [payload.value], value: value, depth: depth + 1, previous: previous)
            }
            let children = Array(parts.children)
            let shape = Shape(kind: .enumCase, name: name, labels: children.map { $0.label ?? "" }, isTuple: true)
            return composite(shape, children.map(\.value), value: value, depth: depth + 2, previous: previous)
        case .tuple:
            let children = Array(mirror.children)
            let shape = Shape(kind: .tuple, name: "", labels: children.map { $0.label ?? "" }, isTuple: false)
            return composite(shape, children.map(\.value), value: value, depth: depth + 1, previous: previous)
        case .struct, .class:
            let children = Array(mirror.children)
            if let described = value as? any CustomStringConvertible {
                let rendering = StateDiff.render(value, depth: depth)
                let description = described.description
                guard description != rendering else { return Reading(.leaf(rendering), value: value) }
                let node = Node.composite(index(of: Self.plain(.described)), [.leaf(description), .leaf(rendering)])
                return Reading(node, value: value)
            }
            guard !children.isEmpty else {
                let describes = value is any CustomDebugStringConvertible
                return Reading(.leaf(describes ? String(reflecting: value) : "\(type(of: value))()"), value: value)
            }
            let shape = Shape(
                kind: .record, name: "\(type(of: value))", labels: children.map { $0.label ?? "" }, isTuple: false)
            return composite(shape, children.map(\.value), value: value, depth: depth + 1, previous: previous)
        default:
            return Reading(.leaf(String(reflecting: value)), value: value)
        }
    }

    /// A composite's reading: each child kept from `previous` when equal to the one at
    /// its place there, read otherwise.
    private mutating func composite(
        _ shape: Shape, _ values: [Any], value: Any, depth: Int, previous: Reading?
    ) -> Reading {
        let before = previous?.children ?? []
        var children: [Reading] = []
        children.reserveCapacity(values.count)
        for (offset, child) in values.enumerated() {
            let old = offset < before.count ? before[offset] : nil
            if let old, StateDiff.areEqual(old.value, child) == true {
                children.append(old)
            } else {
                children.append(read(child, depth: depth, previous: old))
            }
        }
        return Reading(.composite(index(of: shape), children.map(\.node)), value: value, children: children)
    }

    private mutating func composite(
        _ kind: Kind, _ values: [Any], value: Any, depth: Int, previous: Reading?
    ) -> Reading {
        composite(Self.plain(kind), values, value: value, depth: depth, previous: previous)
    }

    private static func plain(_ kind: Kind) -> Shape {
        Shape(kind: kind, name: "", labels: [], isTuple: false)
    }

    private mutating func index(of shape: Shape) -> Int {
        if let index = shapeIndex[shape] { return index }
        shapes.append(shape)
        shapeIndex[shape] = shapes.count - 1
        return shapes.count - 1
    }

    /// The one-line rendering of a node: ``StateDiff/render(_:depth:)`` of its value.
    package func render(_ node: Node) -> String {
        guard case .composite(let index, let children) = node else {
            if case .leaf(let text) = node { return text }
            return ""
        }
        let shape = shapes[index]
        let inner = children.map(render)
        switch shape.kind {
        case .some: return inner.first ?? "nil"
        case .array: return "[" + inner.joined(separator: ", ") + "]"
        case .set: return "Set([" + inner.joined(separator: ", ") + "])"
        case .dictionary:
            let pairs = stride(from: 0, to: inner.count - 1, by: 2).map { "\(inner[$0]): \(inner[$0 + 1])" }.sorted()
            return pairs.isEmpty ? "[:]" : "[" + pairs.joined(separator: ", ") + "]"
        case .enumCase:
            guard shape.isTuple else { return ".\(shape.name)(\(inner.first ?? ""))" }
            return ".\(shape.name)" + Self.tuple(labels: shape.labels, inner)
        case .tuple: return Self.tuple(labels: shape.labels, inner)
        case .record:
            return shape.name + "("
                + zip(shape.labels, inner).map { $0.isEmpty ? $1 : "\($0): \($1)" }.joined(separator: ", ") + ")"
        case .described: return inner.last ?? ""
        }
    }

    private static func tuple(labels: [String], _ inner: [String]) -> String {
        "(" + zip(labels, inner).map { $0.isEmpty || $0.hasPrefix(".") ? $1 : "\($0): \($1)" }.joined(separator: ", ")
            + ")"
    }
}

