import EffectEngine
import EffectEngineCLI
import EffectEngineShared

/// A ``LineOutput`` that keeps what goes to standard error, and counts what goes to
/// standard output.
final class RecordedOutput: Sendable {
    private struct Record {
        var errors: [String] = []
        var outputCount = 0
    }

    private let record = Locked(Record())

    var output: LineOutput {
        LineOutput { [record] text, stream in
            record.withLock { record in
                if stream == .standardError { record.errors.append(text) } else { record.outputCount += 1 }
            }
            return true
        }
    }

    /// The writes to standard error from the `index`th on, in order.
    func errors(from index: Int) -> [String] {
        record.withLock { Array($0.errors[min(index, $0.errors.count)...]) }
    }
    /// How many writes went to standard error so far.
    var errorCount: Int { record.withLock { $0.errors.count } }
    /// How many writes went to standard output so far.
    var outputCount: Int { record.withLock { $0.outputCount } }
}
