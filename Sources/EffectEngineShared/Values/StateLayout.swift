/// A value laid out for reading, one field a line and nested values indented: what the
/// line host's `:state` prints.
///
/// ```
/// query: "swi"
/// results:
///   - "swift"
///   - Movie(id: 2, title: "Heat")
/// selection: nil
/// ```
///
/// A nested value whose one-line rendering (``StateDiff/render(_:depth:)``) fits in
/// ``inlineWidth`` characters stays on its field's line; a longer one is laid out below it.
/// Type names are never module-qualified.
package enum StateLayout {
    /// The longest one-line rendering kept on its field's line.
    package static let inlineWidth = 60

    /// The lines of `value`, without a final newline.
    package static func text(_ value: Any) -> String {
        let fields = members(of: value)
        guard !fields.isEmpty else { return inline(value) }
        return fields.flatMap { lines(label: $0.0, value: $0.1, depth: 0) }.joined(separator: "\n")
    }

    /// A member's lines: `label: value` when it fits, else `label:` and its own members
    /// indented below. Elements of collections are labelled `-`, as in YAML.
    private static func lines(label: String, value: Any, depth: Int) -> [String] {
        let oneLine = inline(value)
        let nested = members(of: value)
        let lead = label == "-" ? "- " : "\(label): "
        guard !nested.isEmpty, oneLine.count > inlineWidth, depth < StateDiff.depthLimit else {
            return [lead + oneLine]
        }
        let body = nested.flatMap { lines(label: $0.0, value: $0.1, depth: depth + 1) }
        // An enum case's lone payload is labelled with the case's name: said once.
        let caseName = nested.count == 1 && header(of: value) == ".\(nested[0].0)" ? "" : header(of: value)
        if label == "-" && caseName.isEmpty {
            return body.enumerated().map { index, line in (index == 0 ? "- " : "  ") + line }
        }
        let title = label == "-" ? "- \(caseName)" : "\(label):" + (caseName.isEmpty ? "" : " \(caseName)")
        return [title] + body.map { "  " + $0 }
    }

    /// One line for a value: its own `description` when it has one (a `Duration`, a
    /// `URL`, a type of yours), else the field-by-field rendering.
    private static func inline(_ value: Any) -> String {
        switch Mirror(reflecting: value).displayStyle {
        case .struct, .class:
            if let described = value as? any CustomStringConvertible { return described.description }
        default:
            break
        }
        return StateDiff.render(value)
    }

    /// What a laid-out value shows after its label: an enum's case name, a class or
    /// struct nothing.
    private static func header(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { header(of: $0.value) } ?? ""
        case .enum:
            return mirror.children.first?.label.map { ".\($0)" } ?? ""
        default:
            return ""
        }
    }

    /// The labelled parts of a composite value: fields, elements as `-`, entries by key,
    /// an enum's payload (a lone payload labelled with the case's name, so that `:state`
    /// says which case a root enum is in); empty for a value shown on one line.
    private static func members(of value: Any) -> [(String, Any)] {
        let mirror = Mirror(reflecting: value)
        let children = Array(mirror.children)
        switch mirror.displayStyle {
        case .optional:
            return children.first.map { members(of: $0.value) } ?? []
        case .struct, .class:
            if value is any CustomStringConvertible { return [] }
            return children.enumerated().map { index, child in
                (child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? "\(index)", child.value)
            }
        case .tuple:
            return children.enumerated().map { index, child in
                (child.label.flatMap { $0.hasPrefix(".") ? nil : $0 } ?? "\(index)", child.value)
            }
        case .collection:
            return children.map { ("-", $0.value) }
        case .set:
            return children.map { ("-", $0.value) }.sorted { StateDiff.render($0.1) < StateDiff.render($1.1) }
        case .dictionary:
            return children.compactMap { child in
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { return nil }
                return (StateDiff.render(pair[0].value), pair[1].value)
            }.sorted { $0.0 < $1.0 }
        case .enum:
            guard let payload = children.first else { return [] }
            let parts = Mirror(reflecting: payload.value)
            guard parts.displayStyle == .tuple else { return [(payload.label ?? "0", payload.value)] }
            return parts.children.enumerated().map { index, child in
                (child.label.flatMap { $0.hasPrefix(".") ? nil : $0 } ?? "\(index)", child.value)
            }
        default:
            return []
        }
    }
}
