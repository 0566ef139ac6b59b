import EffectEngine
import EffectEngineCLI
import EffectEngineShared

/// A ``LineOutput`` that keeps what it is given, per stream, in memory.
final class CapturedOutput: Sendable {
    private let text = Locked<[LineOutput.Stream: String]>([:])
    /// Standard output is closed after this many writes, like `| head -n`.
    private let closesAfter: Int?
    private let writes = Locked(0)

    init(closesStandardOutputAfter writes: Int? = nil) {
        self.closesAfter = writes
    }

    var output: LineOutput {
        LineOutput { [self] text, stream in
            if stream == .standardOutput, let closesAfter {
                let count = writes.withLock { count in
                    count += 1
                    return count
                }
                if count > closesAfter { return false }
            }
            self.text.withLock { $0[stream, default: ""] += text }
            return true
        }
    }

    var standardOutput: String { text.withLock { $0[.standardOutput, default: ""] } }
    var standardError: String { text.withLock { $0[.standardError, default: ""] } }
    var standardOutputLines: [String] { standardOutput.split(separator: "\n").map(String.init) }
    var standardErrorLines: [String] { standardError.split(separator: "\n").map(String.init) }
}
