/// Wakes a driver (a test host, a line host on virtual time) waiting for something to
/// happen: a job for its ``DrivenExecutor``, an activity of its loop, or the end of a
/// wall-clock bound. Shared with the package's other modules (`package` access).
///
/// A fire with nobody waiting is remembered, so a wake-up between a host's last check and
/// its ``wait(until:)`` is never lost.
package final class WorkSignal: Sendable {
    private struct State {
        var isFired = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Waits whose deadline passed before they began waiting.
        var expired: Set<UInt64> = []
        var nextID: UInt64 = 1
    }

    private let state = Locked(State())

    package init() {}

    /// Wakes every waiter, or remembers the fire for the next wait.
    package func fire() {
        let waiters = state.withLock { state in
            guard !state.waiters.isEmpty else {
                state.isFired = true
                return [CheckedContinuation<Void, Never>]()
            }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// How many waits are pending now.
    package var waitingCount: Int { state.withLock { $0.waiters.count } }

    /// Forgets earlier fires: called before a host looks at the work it has.
    package func reset() {
        state.withLock { $0.isFired = false }
    }

    /// Returns after the next fire (at once if one happened since ``reset()``), or at
    /// `deadline` of the continuous clock, whichever comes first. Any number of waits may
    /// be pending at once; a fire wakes them all.
    package func wait(until deadline: ContinuousClock.Instant) async {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let timer = Task.detached { [self] in
            do {
                try await Task.sleep(until: deadline, clock: .continuous)
                wake(id)
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
                if state.expired.remove(id) != nil { return true }
                state.waiters[id] = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        timer.cancel()
        state.withLock { _ = $0.expired.remove(id) }
    }

    /// Wakes one waiter whose deadline passed, if it still waits.
    private func wake(_ id: UInt64) {
        let waiter = state.withLock { state in
            guard let waiter = state.waiters.removeValue(forKey: id) else {
                state.expired.insert(id)
                return nil as CheckedContinuation<Void, Never>?
            }
            return waiter
        }
        waiter?.resume()
    }
}
