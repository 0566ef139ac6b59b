/// Runs a feature's loop on an actor of its own, or on a serial executor its user owns,
/// instead of the main actor: a host per session of a server, a test beside other tests,
/// each processing events at the same time as the others.
///
/// It keeps every rule an ``EffectHost`` keeps (<doc:TheRules>), with "the main actor"
/// read as "the host's actor", and has the same surface, isolated to the host: `send(_:)`
/// processes an event and its synchronous chain before it returns, on the host's actor;
/// from elsewhere it is awaited, as any actor's method. The loop is the one every host
/// runs, held as this actor's state.
///
/// ```swift
/// let host = ActorHost(initialState: Counter.State(), update: Counter.update)
/// await host.send(.increment)
/// await host.perform(.start)
/// print(await host.state.count)
/// await host.stop()
/// ```
///
/// An actor of the user's that is to drive the host synchronously shares its executor:
///
/// ```swift
/// actor Session {
///     let host = ActorHost(initialState: Counter.State(), update: Counter.update)
///     nonisolated var unownedExecutor: UnownedSerialExecutor { host.unownedExecutor }
///
///     func handle(_ event: Counter.Event) -> Int {
///         host.assumeIsolated { host in
///             host.send(event)
///             return host.state.count
///         }
///     }
/// }
/// ```
///
/// Observers are called on the host's actor, as every host's are: any ``HostObserver``,
/// or a function passed to `observe(_:)`; a main-actor function does not compile here.
/// ``TaskIsolation/mainActor`` runs task bodies on the host's actor, each starting in a
/// turn of that actor after the `send` that issued it.
public final actor ActorHost<State, Event: Sendable, Env: Sendable> {
    /// The loop, confined to this actor by its isolation (H6); its own turns (drains,
    /// timers, bodies on the host's actor) run on ``executorActor``, which shares this
    /// actor's executor.
    @usableFromInline let loop: HostLoop<State, Event, Env>
    /// The actor whose executor this host runs on: one made for it, or one running the
    /// user's serial executor.
    private let executorActor: any Actor

    /// The executor the host runs on: an actor of the user's may return it as its own
    /// `unownedExecutor`, and then drive the host synchronously (`assumeIsolated`).
    ///
    /// ```swift
    /// nonisolated var unownedExecutor: UnownedSerialExecutor { host.unownedExecutor }
    /// ```
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor }
    /// ``executorActor``'s executor, read once: the runtime asks for it at every hop onto
    /// the host.
    private nonisolated let executor: UnownedSerialExecutor

    /// Creates a host and its loop on an actor of its own, or on `executor`.
    ///
    /// ```swift
    /// let host = ActorHost(initialState: Search.State(), env: Search.Env.live, update: Search.update)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before the first event.
    ///   - env: The dependencies handed to tasks and actions (R8).
    ///   - options: Limits, where task bodies run (``TaskIsolation/mainActor`` is the
    ///     host's actor here), and the grace period of cancelled bodies.
    ///   - executor: A serial executor of the user's to run on; `nil` makes one.
    ///   - update: The transition function: the only place state changes (R1).
    public init(
        initialState: State,
        env: Env,
        options: HostOptions = HostOptions(),
        executor: (any SerialExecutor)? = nil,
        update: sending @escaping (inout State, Event) -> Effect<Event, Env>?
    ) {
        let executorActor: any Actor = executor.map { ExecutorActor($0) } ?? HostActor()
        self.executorActor = executorActor
        self.executor = executorActor.unownedExecutor
        self.loop = HostLoop(
            initialState: initialState, env: env, options: options, actor: executorActor, update: update)
        self.input = loop.input
    }

    /// Creates a host for a feature with no dependencies.
    ///
    /// ```swift
    /// let host = ActorHost(initialState: Counter.State(), update: Counter.update)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before the first event.
    ///   - options: Limits, where task bodies run, and the grace period.
    ///   - executor: A serial executor of the user's to run on; `nil` makes one.
    ///   - update: The transition function: the only place state changes (R1).
    public init(
        initialState: State,
        options: HostOptions = HostOptions(),
        executor: (any SerialExecutor)? = nil,
        update: sending @escaping (inout State, Event) -> Effect<Event, Env>?
    ) where Env == Void {
        self.init(initialState: initialState, env: (), options: options, executor: executor, update: update)
    }

    /// The current state. Only `update` changes it (R1).
    ///
    /// ```swift
    /// await host.send(.increment)
    /// print(await host.state.count)
    /// ```
    @inlinable public var state: State { loop.currentState }

    /// The handle that enqueues events from anywhere (R12). Its `send`, made on the main
    /// actor, which is not this host's, enqueues as `input(event)` does.
    ///
    /// ```swift
    /// let input = host.input
    /// Task.detached { input(.refresh) }
    /// ```
    public nonisolated let input: Input<Event>

    /// Processes an event and its synchronous chain before returning (R11), on the host's
    /// actor; events already waiting in the mailbox go first (R2).
    ///
    /// ```swift
    /// await host.send(.increment)
    /// ```
    ///
    /// - Parameter event: The event to process.
    @inlinable
    public func send(_ event: Event) {
        loop.send(event)
    }

    /// Processes an event and its synchronous chain on the host's actor, as the isolated
    /// `send(_:)` does, then waits while the process's task bodies not yet begun
    /// are more than ``BodyBacklog/limit`` (S3): what an `await host.send(event)` from
    /// outside the host's actor calls, so a loop feeding hosts as fast as it can keeps the
    /// bodies its events start bounded.
    ///
    /// ```swift
    /// for event in events { await host.send(event) }
    /// ```
    ///
    /// - Parameter event: The event to process.
    public nonisolated func send(_ event: Event) async {
        await process(event)
        await BodyBacklog.waitForRoom()
    }

    /// The isolated `send`, by a name the `async` overload cannot be chosen for.
    private func process(_ event: Event) {
        loop.send(event)
    }

    /// Processes an event and waits until its whole causal tree has settled (R10); see
    /// ``EffectHost/perform(_:)``.
    ///
    /// ```swift
    /// await host.perform(.refresh)
    /// ```
    ///
    /// - Parameter event: The event to process.
    public func perform(_ event: Event) async {
        await loop.perform(event)
    }

    /// Processes an event and waits until its causal tree has settled or `timeout`
    /// passes; see ``EffectHost/perform(_:timeout:)``.
    ///
    /// ```swift
    /// let settled = await host.perform(.start, timeout: .seconds(5))
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to process.
    ///   - timeout: The longest wait, in wall-clock time.
    /// - Returns: `true` when the tree settled, `false` when the timeout passed first or
    ///   the host stopped.
    @discardableResult
    public func perform(_ event: Event, timeout: Duration) async -> Bool {
        await loop.perform(event, timeout: timeout)
    }

    /// Stops the host: cancels every task and returns once every task body has returned
    /// (R9); see ``EffectHost/stop()``. From inside one of the host's own bodies, it does
    /// not wait for that body.
    ///
    /// ```swift
    /// await host.stop()
    /// ```
    public func stop() async {
        _ = await loop.stop(deadline: nil)
    }

    /// Stops the host as ``stop()`` does, returning after `timeout` at the latest with the
    /// bodies still running.
    ///
    /// ```swift
    /// let leftBehind = await host.stop(timeout: .seconds(5))
    /// ```
    ///
    /// - Parameter timeout: The longest wait for the bodies, in wall-clock time.
    /// - Returns: The bodies that had not returned, in start order.
    @discardableResult
    public func stop(timeout: Duration) async -> [TaskInfo] {
        await loop.stop(deadline: ContinuousClock.now.advanced(by: timeout))
    }

    /// Waits until no task runs, or until `timeout` passes (R17).
    ///
    /// ```swift
    /// let idle = await host.waitUntilIdle(timeout: .seconds(5))
    /// ```
    ///
    /// - Parameter timeout: The longest wait; `nil` waits as long as tasks run.
    /// - Returns: `true` when no task runs, `false` when the timeout passed first.
    @discardableResult
    public func waitUntilIdle(timeout: Duration? = nil) async -> Bool {
        await loop.waitUntilIdle(timeout: timeout)
    }

    /// Hands the host's state to `handler` when the host is released, on whichever thread
    /// releases it: how a saver keeps the last change of a host that went away without a
    /// stop, at no cost per event.
    ///
    /// ```swift
    /// host.onRelease { state in box.keep(state) }
    /// ```
    ///
    /// - Parameter handler: Called once, with the state; it must not keep the host.
    package func onRelease(_ handler: @escaping (State) -> Void) {
        loop.onRelease(handler)
    }

    /// The tasks running now, named and unnamed, in start order.
    ///
    /// ```swift
    /// #expect(await host.runningTasks.isEmpty)
    /// ```
    public var runningTasks: [TaskInfo] { loop.runningTasks }

    /// The names of the named tasks running now, sorted.
    ///
    /// ```swift
    /// #expect(await host.runningTaskNames == ["ticker"])
    /// ```
    public var runningTaskNames: [String] { loop.runningTaskNames }

    /// Whether ``stop()`` has been called.
    ///
    /// ```swift
    /// #expect(await host.isStopped)
    /// ```
    public var isStopped: Bool { loop.isStopped }
}
