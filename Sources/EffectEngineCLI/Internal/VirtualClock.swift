import EffectEngine

/// The clock of a line host run with `--virtual-time`: its time stands still until the
/// host, waiting on a settled line or `:wait` with every running task asleep on it, jumps
/// it to the next deadline.
///
/// Sleepers wake in deadline order, and in the order they went to sleep for one deadline.
/// Cancelling a sleeping task ends its sleep with `CancellationError`.
final class VirtualClock: Clock, Sendable {
    /// A point in virtual time: the duration since the clock was made.
    struct Instant: InstantProtocol, Hashable, Sendable {
        let offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        /// Sleeps cancelled before they registered.
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    var now: Instant { state.withLock { $0.now } }

    var minimumResolution: Duration { .zero }

    /// How many sleeps wait on the clock now.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline a sleeper waits for, if any.
    var nextDeadline: Instant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        defer { _ = state.withLock { $0.cancelled.remove(id) } }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.contains(id) { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
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
    func advanceToNextDeadline(notAfter limit: Instant) -> Bool {
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

extension VirtualClock: Equatable {
    /// Settings compare by what they ask for: any two virtual clocks are alike, so
    /// `LineSettings(virtualTime: true) == LineSettings(virtualTime: true)`.
    static func == (lhs: VirtualClock, rhs: VirtualClock) -> Bool { true }
}
