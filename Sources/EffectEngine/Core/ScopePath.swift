/// How scopes turn into task names: a scope `rows` prefixes every name with `rows/`, and
/// a name ending in `/` names a scope (an unnamed task under it, or a cancel of all of it).
@usableFromInline
enum ScopePath {
    /// The prefix a scope gives names: `rows/` for `rows` (or `rows/`); `nil` for no
    /// scope or an empty one, which prefixes nothing.
    @usableFromInline
    static func prefix(_ scope: String?) -> String? {
        guard var scope else { return nil }
        while scope.utf8.last == UInt8(ascii: "/") { scope.removeLast() }
        return scope.isEmpty ? nil : scope + "/"
    }

    /// A scope as written in names and diagnostics: `rows/7` for `rows/7/`.
    @usableFromInline
    static func name(_ scope: String) -> String {
        prefix(scope).map { String($0.dropLast()) } ?? ""
    }

    /// An id written as one component of a path (C3): `%` as `%25`, `/` as `%2F`, and
    /// the empty id as `%00`, which no other id is written as. No component then holds a
    /// `/`, so no child's scope lies under another's, whatever the ids hold; an id with
    /// neither character reads as it is.
    @usableFromInline
    static func component(_ id: String) -> String {
        guard !id.isEmpty else { return "%00" }
        guard id.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "%") }) else { return id }
        var written = ""
        written.reserveCapacity(id.utf8.count + 8)
        for character in id.unicodeScalars {
            switch character {
            case "%": written += "%25"
            case "/": written += "%2F"
            default: written.unicodeScalars.append(character)
            }
        }
        return written
    }

    /// A task's name under a prefix: `rows/load` for `load`, and `rows/` for an unnamed
    /// task, which stays unnamed but now lies under the scope.
    static func scoped(_ name: String?, prefix: String) -> String {
        guard let name else { return prefix }
        return prefix + name
    }
}

extension Diagnostic {
    /// The diagnostic as seen from a parent that scoped the child reporting it: a missing
    /// child's scope gains the parent's prefix.
    func scoped(prefix: String) -> Diagnostic {
        guard case .childMissing(let scope, let event) = self else { return self }
        return .childMissing(scope: prefix + scope, event: event)
    }
}
