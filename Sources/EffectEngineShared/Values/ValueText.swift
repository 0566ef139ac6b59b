/// One walk over a value's reflection, written in a ``ValueStyle``: the one-line reading
/// that diffs, traces and `:state` show (``ValueText/Readable``: `State(count: 1)`,
/// `Set(["x"])`), or Swift source that a written test pastes (the explorer's style:
/// `.init(count: 1)`, `["x"]`).
///
/// Both styles walk alike: optionals through their value (`nil` for none), collections
/// element by element, sets and dictionaries sorted so the text is the same on every run,
/// an enum case as `.case(payload)`, a tuple as `(label: value, …)`, and, deeper than
/// ``depthLimit``, a value as it describes itself. The style decides the rest: the values
/// it spells itself, how a set reads, a case with no payload, and a struct or class.
///
/// ```swift
/// #expect(ValueText.text(of: Optional(Set(["b", "a"])), in: ValueText.Readable()) == #"Set(["a", "b"])"#)
/// ```
package enum ValueText {
    /// How deep a value is walked before it is described instead; guards against cycles.
    package static let depthLimit = 24

    /// The text of `value` in `style`.
    package static func text(of value: Any, in style: some ValueStyle, depth: Int = 0) -> String {
        if let text = style.spelled(value) { return text }
        let mirror = Mirror(reflecting: value)
        let children = Array(mirror.children)
        guard depth < depthLimit else { return String(reflecting: value) }
        let inner = { (child: Any) in text(of: child, in: style, depth: depth + 1) }
        switch mirror.displayStyle {
        case .optional:
            return children.first.map { inner($0.value) } ?? "nil"
        case .collection:
            return "[" + children.map { inner($0.value) }.joined(separator: ", ") + "]"
        case .set:
            return style.set(children.map { inner($0.value) }.sorted())
        case .dictionary:
            let pairs = children.compactMap { child -> String? in
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { return nil }
                return inner(pair[0].value) + ": " + inner(pair[1].value)
            }
            return pairs.isEmpty ? "[:]" : "[" + pairs.sorted().joined(separator: ", ") + "]"
        case .enum:
            guard let payload = children.first, let name = payload.label else { return style.bareCase(value) }
            let isTuple = Mirror(reflecting: payload.value).displayStyle == .tuple
            return ".\(name)" + (isTuple ? inner(payload.value) : "(\(inner(payload.value)))")
        case .tuple:
            return "(" + fields(children, inner) + ")"
        case .struct, .class:
            return style.record(value, fields: fields(children, inner), count: children.count)
        default:
            return String(reflecting: value)
        }
    }

    /// `label: text` for each child, or the text alone for an unlabelled one.
    private static func fields(_ children: [Mirror.Child], _ inner: (Any) -> String) -> String {
        children.map { child in
            let text = inner(child.value)
            guard let label = child.label, !label.hasPrefix(".") else { return text }
            return "\(label): \(text)"
        }.joined(separator: ", ")
    }

    /// The one-line reading of diffs, traces and the line host: `State(count: 1, name: "a")`,
    /// `.loaded([1, 2])`, `nil`, `["a": 1]`, `Set(["x"])`; a type that describes itself and
    /// has no fields (a `UUID`, a `Duration`) as it describes itself.
    package struct Readable: ValueStyle {
        package init() {}

        package func spelled(_ value: Any) -> String? { (value as? any ReadsAsDescription)?.description }

        package func set(_ elements: [String]) -> String {
            "Set([" + elements.joined(separator: ", ") + "])"
        }

        package func bareCase(_ value: Any) -> String {
            value is any CustomStringConvertible ? String(describing: value) : "." + String(describing: value)
        }

        package func record(_ value: Any, fields: String, count: Int) -> String {
            guard count == 0 else { return "\(type(of: value))(\(fields))" }
            let describes = value is any CustomStringConvertible || value is any CustomDebugStringConvertible
            return describes ? String(reflecting: value) : "\(type(of: value))()"
        }
    }
}

/// What a ``ValueText`` walk leaves to its style.
package protocol ValueStyle {
    /// The text of a value the style spells itself, before any walk (a Swift literal for
    /// a string, say); `nil` to walk it.
    func spelled(_ value: Any) -> String?
    /// A set, from its elements' texts, already sorted.
    func set(_ elements: [String]) -> String
    /// An enum case with no payload.
    func bareCase(_ value: Any) -> String
    /// A struct or a class, from its fields' texts (`label: text, …`) and how many there are.
    func record(_ value: Any, fields: String, count: Int) -> String
}
