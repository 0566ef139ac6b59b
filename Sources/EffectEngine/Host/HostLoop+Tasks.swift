// Tasks: starting, replacing, cancelling and ending them.
//
// The core decides (who is replaced, who is live, which trees settle); the host then
// acts: flags the token so late events are dropped (R7), cancels the Swift task, and
// reports to the observers.

extension HostLoop {
    /// Starts the task of a `.task` effect; `delay` is how long a paced body first waits
    /// for its time, reported as ``TaskActivity/scheduled(_:startsIn:)`` instead of
    /// ``TaskActivity/started(_:)``.
    @usableFromInline
    func startTask(
        name: String?, priority: TaskPriority?, paced: Bool = false, delay: Duration? = nil,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void, tree: TreeID?
    ) {
        let (token, replaced) = core.taskIssued(named: name, in: tree, paced: paced, at: .now)
        // R5: the task being replaced is cancelled before the new body can start.
        if let replaced { cancel(replaced, as: .replaced(replaced.token.info, by: token.info)) }
        if options.taskIsolation == .mainActor {
            guard handle.isMainActor else {
                return startOnHostActor(token, priority: priority, delay: delay, operation: operation)
            }
            return startOnMainActor(token, priority: priority, delay: delay, operation: operation)
        }
        let handle = Self.launch(
            token: token, priority: priority, executor: options.taskExecutor,
            mailbox: mailbox, sink: sink, env: env, operation: operation)
        core.taskStarted(token, handle: handle)
        if isObserved { notifyTask(Self.launched(token, delay: delay)) }
    }

    /// How a task just registered is reported: started, or scheduled to start after its
    /// pacing's delay.
    static func launched(_ token: TaskToken, delay: Duration?) -> TaskActivity {
        guard let delay else { return .started(token.info) }
        return .scheduled(token.info, startsIn: delay)
    }

    /// Starts a body on the main actor, at once (``TaskIsolation/mainActor`` on a loop on
    /// the main actor).
    ///
    /// The body runs inside this call until it first suspends, and may send, call
    /// `stop()` or even return before `Task.immediate` does: so the task is registered
    /// first, and a body cancelled meanwhile (by a `stop()` it called) is cancelled again
    /// through its handle. Its events wait in the mailbox behind the chain in progress
    /// (R2), and its end behind them (R10); the host drains them itself once the work in
    /// progress ends (``owesDrain``), so they cost no main-actor turn of their own, and
    /// a `perform` whose bodies finish without suspending returns without suspending.
    private func startOnMainActor(
        _ token: TaskToken, priority: TaskPriority?, delay: Duration?,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) {
        core.taskStarted(token, handle: nil)
        if isObserved { notifyTask(Self.launched(token, delay: delay)) }
        if !owesDrain {
            mailbox.holdDrain()
            owesDrain = true
        }
        let input = Input(sink: sink, origin: token)
        let (mailbox, env, handle) = (mailbox, env, handle)
        let outer = core.launchBegan(token)
        let body: Task<Void, Never>
        // Closure literals, not one closure value passed to both, for the reason `launch`
        // gives: a closure value costs the task ~1 KiB of frames.
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            body = Task.immediate(priority: priority) { @MainActor in
                let failure: (any Error)?
                do {
                    token.bodyBegan()
                    try await operation(input, env)
                    failure = nil
                } catch {
                    failure = error
                }
                // As `LoopHandle.bodyEnded` does, written out: a call there costs a body on
                // the main actor about a hundred instructions (callgrind, perform.main).
                guard mailbox.bodyEndedOnActor(token, failure: failure) else { return }
                handle.loop(on: MainActor.shared)?.drainWhenIdle()
            }
        } else {
            // Before `Task.immediate`, the body starts in the main actor's next turn.
            body = Task(priority: priority) { @MainActor in
                let failure: (any Error)?
                do {
                    token.bodyBegan()
                    try await operation(input, env)
                    failure = nil
                } catch {
                    failure = error
                }
                // As `LoopHandle.bodyEnded` does, written out: a call there costs a body on
                // the main actor about a hundred instructions (callgrind, perform.main).
                guard mailbox.bodyEndedOnActor(token, failure: failure) else { return }
                handle.loop(on: MainActor.shared)?.drainWhenIdle()
            }
        }
        core.taskLaunched(token, handle: body, outer: outer)
        if token.isCancelled { body.cancel() }
    }

    /// Creates the Swift task outside the main actor's isolation, so the body and the
    /// report of its end run on the task's executor with no hop to the main actor.
    private static func launch(
        token: TaskToken, priority: TaskPriority?, executor: (any TaskExecutor)?,
        mailbox: Mailbox<Event>, sink: any EventSink<Event>, env: Env,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) -> Task<Void, Never> {
        let input = Input(sink: sink, origin: token)
        // Both bodies are closure literals on purpose: measured in the benchmarks, a
        // closure passed as a value or a shared generic helper adds ~1 KiB of async frames
        // to every task, and an executor preference another ~1 KiB, so the plain case
        // asks for none.
        guard let executor else {
            // Counted while it waits to begin: the shared executor's backlog is bounded (S3).
            BodyBacklog.issued()
            return Task(priority: priority) {
                BodyBacklog.began()
                do {
                    token.bodyBegan()
                    try await operation(input, env)
                    mailbox.taskEnded(token, failure: nil)
                } catch {
                    mailbox.taskEnded(token, failure: error)
                }
            }
        }
        return Task(executorPreference: executor, priority: priority) {
            do {
                token.bodyBegan()
                try await operation(input, env)
                mailbox.taskEnded(token, failure: nil)
            } catch {
                mailbox.taskEnded(token, failure: error)
            }
        }
    }

    /// `.cancel(name)` (R6), or `.cancel(scope:)` for a name ending in `/`: every task
    /// under the scope, in start order (C1).
    @usableFromInline
    func cancelTasks(named name: String) {
        for entry in core.cancelRequested(name, at: .now) {
            cancel(entry, as: .cancelled(entry.token.info))
        }
    }

    /// Cancels the live tasks among `ids`, as `.cancel` would: for the testing module's
    /// handle on the tasks one event started (T8).
    package func cancelTasks(ids: Set<UInt64>) {
        for entry in core.cancelRequested(ids: ids, at: .now) {
            cancel(entry, as: .cancelled(entry.token.info))
        }
        resumeWakeups()
    }

    /// Cancels a task the core has retired: flags its token so its late events are
    /// dropped before they are queued (R7), cancels its Swift task, and reports it.
    func cancel(_ entry: TaskRegistry.Entry, as activity: TaskActivity) {
        entry.token.markCancelled()
        entry.handle?.cancel()
        if isObserved { notifyTask(activity) }
        watchCancelledBodies()
    }

    /// A task's body returned or threw; every event it sent was processed before this.
    func taskEnded(_ token: TaskToken, failure: (any Error)?) {
        let ending = core.taskEnded(token, failure: failure)
        guard isObserved else { return }
        let dropped = token.takeDropped()
        if dropped > 0 { notify(.droppedEvents(dropped, from: token.info)) }
        switch ending {
        case .failed(let error):
            notifyTask(.failed(token.info, error))
            notify(.diagnostic(.taskFailed(token.info, error)))
        case .ended:
            notifyTask(.ended(token.info))
        }
    }

    /// Starts, unless running, the timer that reports cancelled bodies still running a
    /// grace period after their cancellation, once each (R9). It runs while some
    /// cancelled body has not returned, and holds the host weakly.
    func watchCancelledBodies() {
        guard !isWatchingCancelledBodies else { return }
        isWatchingCancelledBodies = true
        handle.repeatEvery(options.gracePeriod) { $0.reportOverdueBodies() }
    }

    /// Reports the bodies overdue now; returns whether to keep watching.
    private func reportOverdueBodies() -> Bool {
        // Ends of cancelled bodies may wait in the mailbox for the next drain.
        if !core.isBusy, hasWaitingMessages { drainMailbox(early: true) }
        for task in core.graceElapsed(now: .now, grace: options.gracePeriod) {
            notify(.diagnostic(.taskIgnoresCancellation(task, gracePeriod: options.gracePeriod)))
        }
        guard core.hasCancelledBodies else {
            isWatchingCancelledBodies = false
            return false
        }
        return true
    }
}
