/// Something a ``TestClock`` lets run to quiet before and after it moves time: the
/// loops of the test hosts connected to the clock.
protocol ClockDriver: AnyObject {
    /// Runs ready task work and the loop until nothing is left to do without time moving,
    /// on the caller's actor, when the caller's task is the one that drives the host;
    /// otherwise fails the test at `site`, the clock's move, and leaves the loop alone.
    func settle(forClockMovedAt site: CallSite) async
}

/// A driver held weakly, so a clock never keeps a finished test host alive.
///
/// `@unchecked Sendable`: a test host, which is not `Sendable`, is held by the clocks
/// connected to it, which are. It is safe because the clock settles its drivers in the
/// caller's context (the module's async functions run on their caller's actor), never on
/// a thread or task of its own, and a test host settles for a clock only in the task that
/// drives it (``DrivingTask``), refusing any other.
struct WeakClockDriver: @unchecked Sendable {
    weak var driver: (any ClockDriver)?
}

/// Finds the ``TestClock`` instances stored in a value, such as a feature's env, by
/// reflection: fields, enum payloads, optionals, collections, to a small depth.
enum ClockDiscovery {
    static func clocks(in value: Any) -> [TestClock] {
        var found: [TestClock] = []
        search(value, depth: 0, into: &found)
        return found
    }

    private static func search(_ value: Any, depth: Int, into found: inout [TestClock]) {
        if let clock = value as? TestClock {
            if !found.contains(where: { $0 === clock }) { found.append(clock) }
            return
        }
        guard depth < 6 else { return }
        for child in Mirror(reflecting: value).children.prefix(64) {
            search(child.value, depth: depth + 1, into: &found)
        }
    }
}
