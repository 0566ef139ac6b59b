// Paced tasks: debounced and throttled issues of a named task, timed on the host's clock.
//
// A paced task is a plain named task once it is decided when its body starts: the
// registry, replacement (R5), cancellation (R6), stale events (R7) and `perform` trees
// (R10) treat it as any other. What pacing adds is the decision — start now, start later
// (the body first sleeps on the host's clock until its time), or, for a throttled issue
// within an open window, not at all — taken by the core from its throttle windows.

extension HostLoop {
    /// Starts, schedules or drops the task of a `.paced` effect.
    @usableFromInline
    func startPacedTask(
        name: String, pacing: TaskPacing, priority: TaskPriority?,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void, tree: TreeID?
    ) {
        let now = hostClock.now()
        // Dropped within an open window: nothing starts, nothing is replaced.
        guard let start = core.pacedTaskIssued(named: name, pacing: pacing, now: now) else { return }
        guard start > now else {
            return startTask(name: name, priority: priority, paced: true, operation: operation, tree: tree)
        }
        let sleepUntil = hostClock.sleepUntil
        startTask(
            name: name, priority: priority, paced: true, delay: start - now,
            operation: { input, env in
                try await sleepUntil(start)
                try await operation(input, env)
            }, tree: tree)
    }
}
