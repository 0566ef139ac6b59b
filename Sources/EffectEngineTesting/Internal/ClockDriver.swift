/// Something a ``TestClock`` lets run to quiet before and after it moves time: the
/// loops of the test hosts connected to the clock.
protocol ClockDriver: AnyObject {
    /// Runs ready task work and the loop until nothing is left to do without time moving,
    /// on the caller's actor, when the caller's task is the one that drives the host;
    /// otherwise fails the test at `site`, the clock's move, and leaves the loop alone.
    func settle(forClockMovedAt site: CallSite) async
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
