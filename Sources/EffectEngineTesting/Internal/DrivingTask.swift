import EffectEngineShared

/// The one task that drives a ``TestHost``: the task of its test's steps.
///
/// A test host runs its loop in its caller's context, with no actor of its own between
/// the test and the loop, so it must never be driven from two tasks at once. The test
/// host is not `Sendable`, so the compiler keeps a test from sharing it; a ``TestClock``
/// is `Sendable`, though, and moving it settles the hosts connected to it from whichever
/// task moves it. So each step of the test host claims the host for its task, and a
/// clock settles a host only for the task that drives it; anything else is refused,
/// named, and leaves the loop untouched, never two threads in it.
///
/// ```swift
/// guard driving.begin(for: .step) else { return site.fail("…") }
/// defer { driving.end() }
/// ```
final class DrivingTask: Sendable {
    private struct State {
        /// The task of the last step, `nil` before the first.
        var owner: Int?
        /// How many steps of ``owner``'s are under way (a clock's settle inside a step).
        var depth = 0
    }

    private let state = Locked(State())

    /// What drives the host.
    enum Driver {
        /// A step of the test host's own (`send`, `receive`, …): it may come from any
        /// task while no step of another is under way, and that task then drives the host.
        case step
        /// A connected ``TestClock`` moving: only in the task that drives the host (any
        /// task before the host's first step).
        case clock
    }

    /// Begins driving the host in the current task.
    ///
    /// - Returns: `false`, beginning nothing, when `driver` may not drive it now.
    func begin(for driver: Driver) -> Bool {
        let current = Self.current
        return state.withLock { state in
            let isFree = driver == .step ? state.depth == 0 : state.owner == nil
            guard isFree || state.owner == current else { return false }
            state.owner = current
            state.depth += 1
            return true
        }
    }

    /// Ends what ``begin(for:)`` began.
    func end() {
        state.withLock { $0.depth -= 1 }
    }

    /// The current task, by identity; `nil` outside any task.
    private static var current: Int? {
        withUnsafeCurrentTask { $0?.hashValue }
    }
}
