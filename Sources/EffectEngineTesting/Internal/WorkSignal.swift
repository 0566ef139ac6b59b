import EffectEngine

/// Wakes a test host waiting for something to happen: a job for its executor, an
/// activity of its loop, or the end of a wall-clock bound.
///
/// A fire with nobody waiting is remembered, so a wake-up between a host's last check and
/// its ``wait(until:)`` is never lost.
final class WorkSignal: Sendable {
    private struct State {
        var isFired = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())

    init() {}

    /// Wakes the waiter, or remembers the fire for the next wait.
    func fire() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.isFired = true
                return nil as CheckedContinuation<Void, Never>?
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Forgets earlier fires: called before a host looks at the work it has.
    func reset() {
        state.withLock { $0.isFired = false }
    }

    /// Returns after the next fire (at once if one happened since ``reset()``), or at
    /// `deadline` of the continuous clock, whichever comes first.
    func wait(until deadline: ContinuousClock.Instant) async {
        let timer = Task.detached { [self] in
            do {
                try await Task.sleep(until: deadline, clock: .continuous)
                fire()
            } catch {
                // Cancelled: the wait ended before the deadline.
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.isFired {
                    state.isFired = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        timer.cancel()
    }
}
