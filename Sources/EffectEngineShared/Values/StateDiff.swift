/// Field-by-field differences between two values, found with `Mirror`.
///
/// Structs, classes and tuples are compared field by field, enums case by case and then
/// payload by payload, optionals through their wrapped value, arrays index by index,
/// dictionaries key by key, and sets element by element. Values that are `Equatable` and
/// equal are never descended into.
///
/// Package-wide: the test host's failure messages, the line host's `:state` and the
/// changed fields of a trace all read values the same way.
package enum StateDiff {
    /// One place where the values differ, with both sides rendered on one line.
    package struct Difference: Equatable {
        /// Where, from the root: `.user.address.city`, `.items[2]`, `.phase(.failed).reason`.
        package var path: String
        package var expected: String
        package var actual: String
    }

    /// How deep the comparison descends before comparing renderings; guards against cycles.
    package static var depthLimit: Int { ValueText.depthLimit }

    /// The differences between `expected` and `actual`, in field order.
    package static func differences(expected: Any, actual: Any) -> [Difference] {
        var found: [Difference] = []
        collect(expected, actual, path: "", depth: 0, into: &found)
        return found
    }

    /// A readable report of the differences, or `nil` when there are none:
    ///
    /// ```
    ///   .count
    ///     − 1
    ///     + 2
    /// ```
    package static func report(expected: Any, actual: Any) -> String? {
        let found = differences(expected: expected, actual: actual)
        guard !found.isEmpty else { return nil }
        return found.map { difference in
            let path = difference.path.isEmpty ? "(whole value)" : difference.path
            return "  \(path)\n    − \(difference.expected)\n    + \(difference.actual)"
        }.joined(separator: "\n")
    }

    private static func collect(
        _ expected: Any, _ actual: Any, path: String, depth: Int, into found: inout [Difference]
    ) {
        if let equal = areEqual(expected, actual), equal { return }
        func whole() -> Difference {
            Difference(path: path, expected: render(expected), actual: render(actual))
        }
        let expectedMirror = Mirror(reflecting: expected)
        let actualMirror = Mirror(reflecting: actual)
        guard depth < depthLimit,
            ObjectIdentifier(type(of: expected)) == ObjectIdentifier(type(of: actual)),
            expectedMirror.displayStyle == actualMirror.displayStyle
        else { return found.append(whole()) }
        let before = found.count
        let expectedChildren = Array(expectedMirror.children)
        let actualChildren = Array(actualMirror.children)
        switch expectedMirror.displayStyle {
        case .optional:
            guard let wrappedExpected = expectedChildren.first, let wrappedActual = actualChildren.first
            else {
                return found.append(whole())
            }
            collect(wrappedExpected.value, wrappedActual.value, path: path, depth: depth + 1, into: &found)
        case .struct, .class, .tuple:
            guard !expectedChildren.isEmpty, expectedChildren.count == actualChildren.count else { break }
            for (index, (left, right)) in zip(expectedChildren, actualChildren).enumerated() {
                let label = left.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"
                collect(left.value, right.value, path: "\(path).\(label)", depth: depth + 1, into: &found)
            }
        case .enum:
            guard let left = expectedChildren.first, let right = actualChildren.first,
                let name = left.label, name == right.label
            else { break }
            // The payload: one value, or a tuple compared element by element.
            collect(left.value, right.value, path: "\(path)(.\(name))", depth: depth + 1, into: &found)
        case .collection:
            for index in 0..<max(expectedChildren.count, actualChildren.count) {
                let elementPath = "\(path)[\(index)]"
                switch (index < expectedChildren.count, index < actualChildren.count) {
                case (true, true):
                    collect(
                        expectedChildren[index].value, actualChildren[index].value, path: elementPath,
                        depth: depth + 1, into: &found)
                case (true, false):
                    found.append(
                        Difference(
                            path: elementPath, expected: render(expectedChildren[index].value),
                            actual: "(none)"))
                default:
                    found.append(
                        Difference(
                            path: elementPath, expected: "(none)", actual: render(actualChildren[index].value)
                        ))
                }
            }
        case .dictionary:
            let left = entries(expectedChildren)
            let right = entries(actualChildren)
            for key in Set(left.keys).union(right.keys).sorted() {
                let entryPath = "\(path)[\(key)]"
                switch (left[key], right[key]) {
                case (let l?, let r?): collect(l, r, path: entryPath, depth: depth + 1, into: &found)
                case (let l?, nil):
                    found.append(Difference(path: entryPath, expected: render(l), actual: "(none)"))
                case (nil, let r?):
                    found.append(Difference(path: entryPath, expected: "(none)", actual: render(r)))
                case (nil, nil): break
                }
            }
        case .set:
            let left = Set(expectedChildren.map { render($0.value) })
            let right = Set(actualChildren.map { render($0.value) })
            let missing = left.subtracting(right).sorted()
            let extra = right.subtracting(left).sorted()
            if !missing.isEmpty || !extra.isEmpty {
                found.append(
                    Difference(
                        path: path,
                        expected: missing.isEmpty
                            ? "(nothing more)" : "contains " + missing.joined(separator: ", "),
                        actual: extra.isEmpty ? "(nothing more)" : "contains " + extra.joined(separator: ", ")
                    ))
            }
        default:
            break
        }
        // Nothing found below, yet the values differ (equality not visible to the mirror,
        // such as a class's identity): report the whole value.
        if found.count == before { found.append(whole()) }
    }

    /// A dictionary's entries by the rendering of their keys.
    static func entries(_ children: [Mirror.Child]) -> [String: Any] {
        var result: [String: Any] = [:]
        for child in children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            result[render(pair[0].value)] = pair[1].value
        }
        return result
    }

    /// An event as traces and messages show it: ``render(_:depth:)`` with no leading dot
    /// (`select(2)`, not `.select(2)`).
    package static func renderEvent(_ event: Any) -> String {
        let rendering = render(event)
        return rendering.hasPrefix(".") ? String(rendering.dropFirst()) : rendering
    }

    /// One line describing a value: `State(count: 1, name: "a")`, `.loaded([1, 2])`,
    /// `nil`, `["a": 1]`, `Set(["x"])` (``ValueText/Readable``).
    package static func render(_ value: Any, depth: Int = 0) -> String {
        ValueText.text(of: value, in: ValueText.Readable(), depth: depth)
    }

    /// `==` when `lhs` is `Equatable` (and `rhs` of the same type), `nil` otherwise.
    static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
        guard let lhs = lhs as? any Equatable else { return nil }
        return lhs.isEqual(to: rhs)
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
