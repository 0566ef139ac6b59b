/// The sleepers of a clock whose time moves only when told: the testing module's
/// `TestClock` and the line host's virtual clock.
///
/// Sleepers wake in deadline order, and in the order they went to sleep for one
/// deadline. Cancelling a sleeping task ends its sleep with `CancellationError`, also when
/// the cancellation comes before the sleep registered. A sleep until a deadline already
/// reached returns at once, or, with `holdsDueSleeps`, waits for the next wake-up
/// (``wakeNext(notAfter:)``), as a test clock's `sleep(for: .zero)` does (T5).
///
/// Each sleeper keeps the executor its task prefers (SE-0417), so that a driven host that
/// shares the clock with others counts only its own tasks' sleepers
/// (``count(preferring:)``): a test host's tasks prefer its executor, and so do their
/// child tasks.
package final class ManualSleepers<Instant: InstantProtocol & Sendable>: Sendable {
    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        /// The executor the sleeping task prefers, if any.
        let executor: UnownedTaskExecutor?
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var sleepers: [Sleeper] = []
        /// Sleeps cancelled before they registered.
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    private let state: Locked<State>
    private let holdsDueSleeps: Bool

    package init(now: Instant, holdsDueSleeps: Bool = false) {
        state = Locked(State(now: now))
        self.holdsDueSleeps = holdsDueSleeps
    }

    package var now: Instant { state.withLock { $0.now } }

    /// How many sleeps wait now.
    package var count: Int { state.withLock { $0.sleepers.count } }

    /// How many sleeps wait now in tasks that prefer `executor`: the sleepers of one
    /// driven host's tasks, when several hosts share the clock.
    package func count(preferring executor: UnownedTaskExecutor) -> Int {
        state.withLock { $0.sleepers.count { $0.executor == executor } }
    }

    /// The earliest deadline a sleeper waits for, if any.
    package var nextDeadline: Instant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Moves time to `instant`, unless it is already later; wakes no one.
    package func move(to instant: Instant) {
        state.withLock { $0.now = max($0.now, instant) }
    }

    package func sleep(until deadline: Instant) async throws {
        try Task.checkCancellation()
        let executor = withUnsafeCurrentTask { $0?.unownedTaskExecutor }
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        defer { _ = state.withLock { $0.cancelled.remove(id) } }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.contains(id) { return .failure(CancellationError()) }
                    if deadline <= state.now, !holdsDueSleeps { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, executor: executor, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time to the earliest deadline, if it is not after `limit`, and wakes the
    /// sleepers waiting for it. Returns whether it did.
    package func wakeNext(notAfter limit: Instant) -> Bool {
        let due: [Sleeper] = state.withLock { state in
            guard let next = state.sleepers.map(\.deadline).min(), next <= limit else { return [] }
            state.now = max(state.now, next)
            let due = state.sleepers.filter { $0.deadline == next }
            state.sleepers.removeAll { $0.deadline == next }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
        return !due.isEmpty
    }
}
