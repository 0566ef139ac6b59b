/// Runs `operation`, giving up after `seconds` of wall-clock time; returns whether it
/// finished in time. A bound against hangs, never a way to wait for work. The suites use
/// ``TestBounds/hangSeconds``: in a full run the tests beside one keep the main actor and
/// the cooperative pool busy, and a body waited on may be scheduled as late as the run's
/// end; only a hang takes longer.
public func withinBound(seconds: Double, _ operation: @escaping @Sendable () async -> Void) async -> Bool {
    await withTaskGroup(of: Bool?.self) { group in
        group.addTask {
            await operation()
            return true
        }
        group.addTask {
            do {
                try await Task.sleep(for: .seconds(seconds))
                return false
            } catch {
                // Cancelled with the task that waits (a host stopping its body): that is
                // no timeout, and only the operation can decide.
                return nil
            }
        }
        while let result = await group.next() {
            guard let finished = result else { continue }
            group.cancelAll()
            return finished
        }
        return false
    }
}
