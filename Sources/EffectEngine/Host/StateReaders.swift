import EffectEngineShared

/// The readers of a host's ``StateStream``s waiting for the next settled chain.
///
/// Kept apart from the host, and locked, so that a waiting reader holds this list and not
/// the host: a host released while readers wait is freed, and its `deinit` wakes them.
final class StateReaders: Sendable {
    private struct State {
        var waiting: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Readers cancelled before they began to wait.
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 1
        /// How many times ``wakeAll()`` was called: a reader that looked at the host
        /// before a wake-up and waits after it returns at once, so no wake-up is lost.
        var epoch: UInt64 = 0
    }

    private let state = Locked(State())

    /// How many readers wait now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// The number of wake-ups so far; read on the main actor when a reader looks.
    var epoch: UInt64 { state.withLock { $0.epoch } }

    /// Waits until a ``wakeAll()`` after `epoch` (at once if one happened already), or
    /// until the waiting task is cancelled.
    func wait(after epoch: UInt64) async {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.cancelled.remove(id) != nil || state.epoch != epoch { return true }
                    state.waiting[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                guard let waiter = state.waiting.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil as CheckedContinuation<Void, Never>?
                }
                return waiter
            }
            waiter?.resume()
        }
    }

    /// Wakes every waiting reader.
    func wakeAll() {
        let waiters = state.withLock { state in
            state.epoch &+= 1
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for waiter in waiters { waiter.resume() }
    }
}
