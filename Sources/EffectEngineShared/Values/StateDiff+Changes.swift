extension StateDiff {
    /// The fields that differ between two states, `path: before → after`. A field with
    /// more than two differences inside it (a list that grew, say) is shown whole.
    package static func changes(from before: Any, to after: Any) -> [String] {
        let differences = StateDiff.differences(expected: before, actual: after)
        guard !differences.isEmpty else { return [] }
        func root(_ path: String) -> String {
            String(path.drop { $0 == "." }.prefix { $0 != "." && $0 != "[" && $0 != "(" })
        }
        var counts: [String: Int] = [:]
        for difference in differences { counts[root(difference.path), default: 0] += 1 }
        let fieldsBefore = Dictionary(
            Mirror(reflecting: before).children.compactMap { child in child.label.map { ($0, child.value) } },
            uniquingKeysWith: { first, _ in first })
        let fieldsAfter = Dictionary(
            Mirror(reflecting: after).children.compactMap { child in child.label.map { ($0, child.value) } },
            uniquingKeysWith: { first, _ in first })
        var shown: [String] = []
        var wholeFieldsShown: Set<String> = []
        for difference in differences {
            let field = root(difference.path)
            if counts[field, default: 0] > 2, let old = fieldsBefore[field], let new = fieldsAfter[field] {
                guard wholeFieldsShown.insert(field).inserted else { continue }
                shown.append(
                    "\(field): \(shortened(render(old))) → \(shortened(render(new)))")
                continue
            }
            let path = difference.path.hasPrefix(".") ? String(difference.path.dropFirst()) : difference.path
            shown.append(
                "\(path.isEmpty ? "state" : path): \(shortened(difference.expected)) → \(shortened(difference.actual))"
            )
        }
        return shown
    }

    /// A value's rendering cut to a length that keeps a trace line readable.
    private static func shortened(_ rendering: String) -> String {
        rendering.count <= 40 ? rendering : rendering.prefix(39) + "…"
    }
}
