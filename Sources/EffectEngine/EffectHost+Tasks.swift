// Tasks: starting, replacing, cancelling and ending them, and stopping the host.
//
// The registry decides (who is replaced, who is live); the host then acts: flags the
// token so late events are dropped (R7), cancels the Swift task, closes the task's part
// of its `perform` tree, and reports to the observer.

extension EffectHost {
    @usableFromInline
    func startTask(
        name: String?, priority: TaskPriority?,
        operation: @escaping @Sendable (Input<Event>, Env) async throws -> Void,
        tree: PerformTree?
    ) {
        let token = TaskToken(info: TaskInfo(id: nextTaskID, name: name))
        nextTaskID += 1
        // R5: the task being replaced is cancelled before the new body can start.
        if let name, let replaced = registry.cancel(named: name) {
            retire(replaced, as: .replaced(replaced.token.info, by: token.info))
        }
        let handle = Self.launch(
            token: token, priority: priority, executor: taskExecutor,
            mailbox: mailbox, env: env, operation: operation)
        bodies.insert(handle, for: token.info)
        tree?.partOpened()
        registry.started(.init(token: token, handle: handle, tree: tree))
        observer?.observe(.task(.started(token.info)))
    }

    /// Creates the Swift task outside the main actor's isolation, so the body and the
    /// report of its end run on the task's executor with no hop to the main actor.
    private nonisolated static func launch(
        token: TaskToken, priority: TaskPriority?, executor: (any TaskExecutor)?,
        mailbox: Mailbox<Event>, env: Env,
        operation: @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) -> Task<Void, Never> {
        let input = Input(sink: mailbox, origin: token)
        // Both bodies are closure literals on purpose: measured in the benchmarks, a
        // closure passed as a value or a shared generic helper adds ~1 KiB of async frames
        // to every task, and an executor preference another ~1 KiB, so the plain case
        // asks for none.
        guard let executor else {
            return Task(priority: priority) {
                do {
                    try await operation(input, env)
                    mailbox.taskEnded(token, failure: nil)
                } catch {
                    mailbox.taskEnded(token, failure: error)
                }
            }
        }
        return Task(executorPreference: executor, priority: priority) {
            do {
                try await operation(input, env)
                mailbox.taskEnded(token, failure: nil)
            } catch {
                mailbox.taskEnded(token, failure: error)
            }
        }
    }

    @usableFromInline
    func cancelTask(named name: String) {
        guard let entry = registry.cancel(named: name) else { return }
        retire(entry, as: .cancelled(entry.token.info))
    }

    /// Cancels a task the registry no longer holds as live.
    private func retire(_ entry: TaskRegistry.Entry, as activity: TaskActivity) {
        entry.token.markCancelled()
        entry.handle.cancel()
        observer?.observe(.task(activity))
        entry.tree?.partClosed()
    }

    /// A task's body returned or threw; every event it sent was processed before this.
    func taskEnded(_ token: TaskToken, failure: (any Error)?) {
        bodies.remove(token.info)
        let entry = registry.ended(token)
        if let failure, !(failure is CancellationError) {
            observer?.observe(.task(.failed(token.info, failure)))
            observer?.observe(.diagnostic(.taskFailed(token.info, failure)))
        } else {
            observer?.observe(.task(.ended(token.info)))
        }
        entry?.tree?.partClosed()
    }

    /// Stops the host: cancels every task and returns once every task body has returned
    /// (R9).
    ///
    /// Afterwards the host is inert: ``send(_:)`` and ``input`` drop events and
    /// ``perform(_:)`` returns at once. Every `perform` still waiting returns. Calling
    /// `stop()` again, or concurrently, waits for the same bodies.
    ///
    /// ```swift
    /// host.send(.start)
    /// await host.stop()
    /// #expect(host.runningTaskNames.isEmpty)
    /// ```
    public func stop() async {
        if let stopping { return await stopping.value }
        hasStopped = true
        for case .event(_, origin: _, performer: let performer?) in mailbox.close() { performer.resume() }
        for entry in registry.removeAll() {
            retire(entry, as: .cancelled(entry.token.info))
        }
        let running = bodies.removeAll()
        for task in running { task.body.cancel() }
        // The mailbox is closed, so the bodies' own end reports are refused: report each
        // end here, once the body has returned.
        let stopping = Task {
            for task in running {
                await task.body.value
                observer?.observe(.task(.ended(task.info)))
            }
        }
        self.stopping = stopping
        await stopping.value
    }
}
