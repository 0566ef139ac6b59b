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
/// guard driving.begin() else { return site.fail("…") }
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

    /// Begins a step of the test host in the current task, which then drives it.
    ///
    /// - Returns: `false`, beginning nothing, while a step of another task is under way.
    func begin() -> Bool {
        let current = Self.current
        return state.withLock { state in
            guard state.depth == 0 || state.owner == current else { return false }
            state.owner = current
            state.depth += 1
            return true
        }
    }

    /// Begins a settle made by a connected ``TestClock`` moving: only for the task that
    /// drives the host (or any task, before the host's first step).
    ///
    /// - Returns: `false`, beginning nothing, when another task drives the host.
    func beginForClock() -> Bool {
        let current = Self.current
        return state.withLock { state in
            guard state.owner == nil || state.owner == current else { return false }
            state.owner = current
            state.depth += 1
            return true
        }
    }

    /// Ends a step begun with ``begin()`` or ``beginForClock()``.
    func end() {
        state.withLock { $0.depth -= 1 }
    }

    /// The current task, by identity; `nil` outside any task.
    private static var current: Int? {
        withUnsafeCurrentTask { $0?.hashValue }
    }
}
