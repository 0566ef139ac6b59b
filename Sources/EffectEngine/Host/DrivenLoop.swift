/// An ``EffectHost``'s loop on an actor whose turns its owner runs: a `TestHost`'s, on a
/// driven actor (`package` access, for the testing module).
///
/// The loop is the machinery every host runs, with no second copy. Its owner calls these
/// members from the one context that drives the actor (the test's task), between the
/// actor's turns or inside them, never at the same time as a turn on another thread: that
/// is the actor's exclusion, kept by the driver instead of by an `await`. So this type
/// is a thin view, and what it reads or changes is the loop's own state.
///
/// ```swift
/// let loop = DrivenLoop(initialState: 0, env: (), options: HostOptions(), actor: actor, update: update)
/// loop.send(.increment)
/// print(loop.state)
/// ```
package struct DrivenLoop<State, Event: Sendable, Env: Sendable>: Sendable {
    private let host: EffectHost<State, Event, Env>
    /// The actor the loop's own turns are scheduled on.
    package let actor: any Actor

    /// Creates the loop of a host on `actor`.
    package init(
        initialState: State,
        env: Env,
        options: HostOptions,
        actor: any Actor,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) {
        self.actor = actor
        host = EffectHost(initialState: initialState, env: env, options: options, hostActor: actor, update: update)
    }

    /// The current state.
    package var state: State { host.currentState }

    /// The handle that enqueues events from anywhere (R12).
    package var input: Input<Event> { host.input }

    /// Processes an event and its synchronous chain before returning (R11), as
    /// ``EffectHost/send(_:)`` does.
    package func send(_ event: Event) {
        host.arrive(event, cause: .external, tree: nil)
    }

    /// Whether messages wait to be handled (events, ends of bodies): in the mailbox, or
    /// taken from it by a drain turn that reached its budget. A drain turn scheduled and
    /// not yet arrived is not input: it arrives on the loop's actor, where a later run of
    /// its turns handles it, and finds nothing or what ``processPendingInput()`` would.
    package var hasPendingInput: Bool { host.hasWaitingMessages }

    /// Processes what waits in the mailbox now, as a drain turn would.
    package func processPendingInput() {
        host.drainMailbox(early: true)
    }

    /// The tasks running now, in start order.
    package var runningTasks: [TaskInfo] { host.core.runningTasks }

    /// The names of the named tasks running now, sorted.
    package var runningTaskNames: [String] { host.core.runningTaskNames }

    /// The number of tasks running now.
    package var runningTaskCount: Int { host.core.runningTaskCount }

    /// Whether a stop has begun.
    package var isStopped: Bool { host.core.isStopped }

    /// Cancels the live tasks among `ids`, as `.cancel` would (T8).
    package func cancelTasks(ids: Set<UInt64>) {
        host.cancelTasks(ids: ids)
    }

    /// Adds an observer, told on the loop's actor (R15).
    package func observe(_ observer: HostObserver<State, Event>) {
        _ = host.addObserver(observer)
    }

    /// Stops the loop as ``stop(deadline:on:)`` does, in a task of its own, so that its
    /// owner can run the loop's turns while the stop waits, and calls `ended` with the
    /// bodies left behind.
    package func beginStop(deadline: ContinuousClock.Instant?, ended: @escaping @Sendable ([TaskInfo]) -> Void) {
        Task { [self] in ended(await stop(deadline: deadline, on: actor)) }
    }

    /// Stops the loop (R9) from a turn of its actor: cancels every task and returns once
    /// every body has returned, or at `deadline` with those still running.
    ///
    /// - Parameters:
    ///   - deadline: The latest return; `nil` waits for every body.
    ///   - actor: The loop's actor, ``actor``: the stop runs in its turns.
    /// - Returns: The bodies that had not returned, in start order.
    package func stop(deadline: ContinuousClock.Instant?, on actor: isolated any Actor) async -> [TaskInfo] {
        let host = self.host
        let caller = host.stopBegan()
        let leftBehind = await withCheckedContinuation { continuation in
            guard let expiring = host.stopWaitBegan(continuation, exempt: caller, deadline: deadline) else { return }
            // Isolated to `actor`, whose isolated parameter it captures: the call below
            // compiles with no `await` only there, and the time-out is handled in a turn of it.
            Task { [weak host] in
                try? await Task.sleep(until: expiring.deadline, clock: .continuous)
                Self.stopWaitTimedOut(host, expiring.waiter, on: actor)
            }
        }
        host.stopEnded(leftBehind: leftBehind)
        return leftBehind
    }

    /// The time-out of a stop's wait, handled in a turn of the loop's actor.
    private static func stopWaitTimedOut(
        _ host: EffectHost<State, Event, Env>?, _ waiter: WaiterID, on actor: isolated any Actor
    ) {
        host?.core.stopWaitTimedOut(waiter)
        host?.resumeWakeups()
    }
}
