import EffectEngineShared

/// The lines a sessions program has read and not yet handled, bounded (S3): the reader
/// takes a credit for each line it hands a session, and waits when none is left; a
/// session gives its credits back as it handles its lines.
///
/// One reader takes credits; any number of sessions give them back.
final class LineCredits: Sendable {
    private struct Count {
        var available: Int
        /// The reader, waiting for credits to come back.
        var reader: CheckedContinuation<Void, Never>?
        /// The reader, waiting for every line to be handled.
        var drained: CheckedContinuation<Void, Never>?
    }

    /// How many lines may wait to be handled at once.
    let limit: Int
    private let count: Locked<Count>

    init(limit: Int) {
        self.limit = limit
        count = Locked(Count(available: limit))
    }

    /// Takes a credit for one line, waiting while none is left until half of them are
    /// back.
    nonisolated(nonsending) func take() async {
        let hasCredit = count.withLock { count in
            guard count.available > 0 else { return false }
            count.available -= 1
            return true
        }
        guard !hasCredit else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = count.withLock { count in
                guard count.available == 0 else { return true }
                count.reader = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        count.withLock { $0.available -= 1 }
    }

    /// Gives back the credits of `lines` lines handled.
    func giveBack(_ lines: Int) {
        let resumed = count.withLock { count -> [CheckedContinuation<Void, Never>] in
            count.available += lines
            var resumed: [CheckedContinuation<Void, Never>] = []
            if count.available >= limit / 2 + 1, let reader = count.reader {
                count.reader = nil
                resumed.append(reader)
            }
            if count.available == limit, let drained = count.drained {
                count.drained = nil
                resumed.append(drained)
            }
            return resumed
        }
        // Resumed once the lock is let go: nothing that can re-enter runs under it.
        for continuation in resumed { continuation.resume() }
    }

    /// Waits until every line taken has been handled.
    func waitUntilDrained() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = count.withLock { count in
                guard count.available < limit else { return true }
                count.drained = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
