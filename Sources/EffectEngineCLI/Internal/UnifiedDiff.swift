/// A unified diff of two lists of lines, as `diff -u` prints it: `---`/`+++` headers,
/// then hunks of changed lines with up to three lines of context.
enum UnifiedDiff {
    static func text(expected: [String], actual: [String], expectedName: String, actualName: String) -> String {
        enum Operation { case same, removed, added }
        // Longest common subsequence, from the ends, so the walk below goes forwards.
        let n = expected.count
        let m = actual.count
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] =
                    expected[i] == actual[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var operations: [(Operation, String, Int, Int)] = []  // operation, line, old index, new index
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                operations.append((.same, expected[i], i, j))
                i += 1
                j += 1
            } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                operations.append((.removed, expected[i], i, j))
                i += 1
            } else {
                operations.append((.added, actual[j], i, j))
                j += 1
            }
        }
        let context = 3
        let changed = operations.indices.filter { operations[$0].0 != .same }
        guard !changed.isEmpty else { return "" }
        var text = "--- \(expectedName)\n+++ \(actualName)\n"
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
                switch operation {
                case .same: text += " \(line)\n"
                case .removed: text += "-\(line)\n"
                case .added: text += "+\(line)\n"
                }
            }
            start = end + 1
        }
        return text
    }
}
