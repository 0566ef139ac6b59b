/// A host's loop on an actor whose turns its owner runs: a `TestHost`'s, on a driven actor
/// (`package` access, for the testing module).
///
/// The loop is the machinery every host runs, with no second copy, and this view of it
/// is not `Sendable`: the test host holds it as state of the test's task, which is the
/// one context that drives the actor, so the compiler keeps the loop on that task. The
/// loop's own turns (drains, timers) come back through its handle into turns of the
/// driven actor, which the same task runs, on its own thread, between its steps: never at
/// the same time as a step. A debug build checks it (two threads inside one loop trap).
///
/// ```swift
/// let loop = DrivenLoop(initialState: 0, env: (), options: HostOptions(), actor: actor, update: update)
/// loop.send(.increment)
/// print(loop.state)
/// ```
package struct DrivenLoop<State, Event: Sendable, Env: Sendable> {
    private let loop: HostLoop<State, Event, Env>
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
        loop = HostLoop(initialState: initialState, env: env, options: options, actor: actor, update: update)
    }

    /// The current state.
    package var state: State { loop.currentState }

    /// The handle that enqueues events from anywhere (R12).
    package var input: Input<Event> { loop.input }

    /// Processes an event and its synchronous chain before returning (R11), as
    /// ``EffectHost/send(_:)`` does.
    package func send(_ event: Event) {
        loop.send(event)
    }

    /// Whether messages wait to be handled (events, ends of bodies): in the mailbox, or
    /// taken from it by a drain turn that reached its budget. A drain turn scheduled and
    /// not yet arrived is not input: it arrives on the loop's actor, where a later run of
    /// its turns handles it, and finds nothing or what ``processPendingInput()`` would.
    package var hasPendingInput: Bool { loop.hasWaitingMessages }

    /// Processes what waits in the mailbox now, as a drain turn would.
    package func processPendingInput() {
        loop.drainMailbox(early: true)
    }

    /// The tasks running now, in start order.
    package var runningTasks: [TaskInfo] { loop.runningTasks }

    /// The names of the named tasks running now, sorted.
    package var runningTaskNames: [String] { loop.runningTaskNames }

    /// The number of tasks running now.
    package var runningTaskCount: Int { loop.runningTaskCount }

    /// Whether a stop has begun.
    package var isStopped: Bool { loop.isStopped }

    /// Cancels the live tasks among `ids`, as `.cancel` would (T8).
    package func cancelTasks(ids: Set<UInt64>) {
        loop.cancelTasks(ids: ids)
    }

    /// Adds an observer, told on the loop's actor (R15).
    package func observe(_ observer: HostObserver<State, Event>) {
        _ = loop.addObserver(observer)
    }

    /// Stops the loop (R9), as every host does (``HostLoop/stop(deadline:)``), in a task of
    /// its own on the loop's actor, so that its owner can run the loop's turns while the
    /// stop waits, and calls `ended` with the bodies left behind.
    ///
    /// - Parameters:
    ///   - deadline: The latest return; `nil` waits for every body.
    ///   - ended: Called with the bodies that had not returned, in start order.
    package func beginStop(deadline: ContinuousClock.Instant?, ended: @escaping @Sendable ([TaskInfo]) -> Void) {
        let (handle, actor) = (loop.handle, actor)
        Task { ended(await Self.stop(handle, deadline: deadline, on: actor)) }
    }

    private static func stop(
        _ handle: LoopHandle<State, Event, Env>, deadline: ContinuousClock.Instant?, on actor: isolated any Actor
    ) async -> [TaskInfo] {
        await handle.loop(on: actor)?.stop(deadline: deadline) ?? []
    }
}
