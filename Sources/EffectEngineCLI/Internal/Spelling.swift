/// "Did you mean": the known words one edit away from a word typed — one character
/// added, dropped or changed, or two neighbours swapped (`qeury` for `query`).
enum Spelling {
    /// The words of `known` one edit away from `typed`, in their order; none for a word
    /// typed right, or too far from all of them.
    ///
    /// ```swift
    /// Spelling.oneEditAway(from: "qeury", in: ["query", "forecast"])   // ["query"]
    /// ```
    static func oneEditAway(from typed: String, in known: some Sequence<String>) -> [String] {
        let word = Array(typed.unicodeScalars)
        var found: [String] = []
        for candidate in known where !found.contains(candidate) {
            if isOneEditApart(word, Array(candidate.unicodeScalars)) { found.append(candidate) }
        }
        return found
    }

    /// The end of an error for a word typed wrong: ` (did you mean 'query'?)`, or empty
    /// when no word is one edit away.
    static func suggestion(for typed: String, in known: some Sequence<String>) -> String {
        let words = oneEditAway(from: typed, in: known).map { "'\($0)'" }
        guard let last = words.last else { return "" }
        let listed = words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
        return " (did you mean \(listed)?)"
    }

    /// Whether one insertion, deletion, substitution or swap of neighbours turns `a` into
    /// `b` (and they differ).
    static func isOneEditApart(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        guard a != b, abs(a.count - b.count) <= 1 else { return false }
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        if a.count == b.count {
            // One changed: the rest agrees. Two neighbours swapped: they cross, and the
            // rest agrees.
            if a[(start + 1)...] == b[(start + 1)...] { return true }
            return start + 1 < a.count && a[start] == b[start + 1] && a[start + 1] == b[start]
                && a[(start + 2)...] == b[(start + 2)...]
        }
        // One added to the shorter: the rest of the longer, past it, agrees.
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        return short[start...] == long[(start + 1)...]
    }
}
