/// A unified diff of two lists of lines, as `diff -u` prints it: `---`/`+++` headers,
/// then hunks of changed lines with up to three lines of context.
///
/// Lines are shown with their control characters escaped (``ControlText``): a binary
/// file checked as a transcript prints `\u{1B}`, never raw bytes. The lines the two share
/// at the start and the end are set aside before the longest common subsequence is
/// sought, and a middle too big to compare line by line (past ``tableLimit`` pairs) is
/// shown as removed, then added: still a diff that `patch` reads, at a bounded cost.
enum UnifiedDiff {
    /// The most pairs of lines compared for the longest common subsequence.
    static var tableLimit: Int { 4_000_000 }

    static func text(expected: [String], actual: [String], expectedName: String, actualName: String) -> String {
        enum Operation { case same, removed, added }
        var operations: [(Operation, String, Int, Int)] = []  // operation, line, old index, new index
        // The shared start and end, kept as context.
        var head = 0
        while head < expected.count, head < actual.count, expected[head] == actual[head] { head += 1 }
        var tail = 0
        while tail < expected.count - head, tail < actual.count - head,
            expected[expected.count - 1 - tail] == actual[actual.count - 1 - tail]
        {
            tail += 1
        }
        for index in 0..<head { operations.append((.same, expected[index], index, index)) }
        let oldMiddle = Array(expected[head..<(expected.count - tail)])
        let newMiddle = Array(actual[head..<(actual.count - tail)])
        let n = oldMiddle.count
        let m = newMiddle.count
        if n * m <= tableLimit {
            // Longest common subsequence, from the ends, so the walk below goes forwards.
            var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i][j] =
                        oldMiddle[i] == newMiddle[j]
                        ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < n || j < m {
                if i < n, j < m, oldMiddle[i] == newMiddle[j] {
                    operations.append((.same, oldMiddle[i], head + i, head + j))
                    i += 1
                    j += 1
                } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                    operations.append((.removed, oldMiddle[i], head + i, head + j))
                    i += 1
                } else {
                    operations.append((.added, newMiddle[j], head + i, head + j))
                    j += 1
                }
            }
        } else {
            for (i, line) in oldMiddle.enumerated() { operations.append((.removed, line, head + i, head)) }
            for (j, line) in newMiddle.enumerated() { operations.append((.added, line, head + n, head + j)) }
        }
        for index in 0..<tail {
            let line = expected[expected.count - tail + index]
            operations.append((.same, line, head + n + index, head + m + index))
        }
        let context = 3
        let changed = operations.indices.filter { operations[$0].0 != .same }
        guard !changed.isEmpty else { return "" }
        var text = "--- \(ControlText.escapedLine(expectedName))\n"
        text += "+++ \(ControlText.escapedLine(actualName))\n"
        var start = 0
        while start < changed.count {
            var end = start
            while end + 1 < changed.count, changed[end + 1] - changed[end] <= 2 * context { end += 1 }
            let first = max(0, changed[start] - context)
            let last = min(operations.count - 1, changed[end] + context)
            let hunk = operations[first...last]
            let oldCount = hunk.filter { $0.0 != .added }.count
            let newCount = hunk.filter { $0.0 != .removed }.count
            let oldStart = hunk.first.map { $0.2 + (oldCount > 0 ? 1 : 0) } ?? 0
            let newStart = hunk.first.map { $0.3 + (newCount > 0 ? 1 : 0) } ?? 0
            text += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for (operation, line, _, _) in hunk {
                let shown = ControlText.escapedLine(line)
                switch operation {
                case .same: text += " \(shown)\n"
                case .removed: text += "-\(shown)\n"
                case .added: text += "+\(shown)\n"
                }
            }
            start = end + 1
        }
        return text
    }
}
