/// Runs `operation`, giving up after `seconds` of wall-clock time; returns whether it
/// finished in time. A bound against hangs, never a way to wait for work.
func withinBound(seconds: Double, _ operation: @escaping @Sendable () async -> Void) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            await operation()
            return true
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
    }
}
