/// Settings of an ``EffectHost`` fixed at creation.
///
/// ```swift
/// let host = EffectHost(initialState: State(), env: env,
///                       options: HostOptions(chainLimit: 100), update: Feature.update)
/// ```
public struct HostOptions: Sendable {
    /// The longest synchronous `.action` chain one event may run before it is cut and
    /// reported (R13). Default 10,000.
    public var chainLimit: Int
    /// The executor task bodies prefer (SE-0417), or `nil` for the global concurrent
    /// executor. The testing module uses it to drain task work deterministically.
    public var taskExecutor: (any TaskExecutor)?
    /// How long a cancelled task's body may go on running before it is reported as
    /// ignoring its cancellation (R9), in wall-clock time. Default 1 second.
    public var gracePeriod: Duration
    /// The clock that times debounced and throttled tasks (see <doc:Time>). Default a
    /// `ContinuousClock`; the testing module's `TestHost` sets its `TestClock`, and the
    /// line host's `--virtual-time` a clock that jumps to the next deadline.
    ///
    /// ```swift
    /// let options = HostOptions(clock: SuspendingClock())
    /// ```
    public var clock: any Clock<Duration>
    /// Where task bodies run: off the host's actor (``TaskIsolation/concurrent``, the
    /// default) or on it (``TaskIsolation/mainActor``: on an ``EffectHost``, started within
    /// the `send` that issued them, the fast round trip; on an ``ActorHost``, started in a
    /// turn of its actor after that `send`). The trade-off is in
    /// <doc:TheRules#Where-task-bodies-run>.
    ///
    /// ```swift
    /// let host = EffectHost(initialState: State(), env: env,
    ///                       options: HostOptions(taskIsolation: .mainActor), update: Feature.update)
    /// ```
    public var taskIsolation: TaskIsolation

    /// Creates options.
    ///
    /// ```swift
    /// let options = HostOptions(chainLimit: 50)
    /// ```
    ///
    /// - Parameters:
    ///   - chainLimit: The longest synchronous action chain; values below 1 count as 1.
    ///   - taskExecutor: The executor task bodies prefer.
    ///   - gracePeriod: How long a cancelled body may run before it is reported.
    ///   - clock: The clock of debounces and throttle windows.
    ///   - taskIsolation: Where task bodies run.
    public init(
        chainLimit: Int = 10_000, taskExecutor: (any TaskExecutor)? = nil,
        gracePeriod: Duration = .seconds(1), clock: any Clock<Duration> = ContinuousClock(),
        taskIsolation: TaskIsolation = .concurrent
    ) {
        self.chainLimit = max(1, chainLimit)
        self.taskExecutor = taskExecutor
        self.gracePeriod = max(.zero, gracePeriod)
        self.clock = clock
        self.taskIsolation = taskIsolation
    }
}

/// Where the bodies of a host's tasks run (``HostOptions/taskIsolation``).
///
/// ```swift
/// var options = HostOptions()
/// options.taskIsolation = .mainActor
/// ```
public enum TaskIsolation: Sendable, Hashable {
    /// Off the main actor: each body starts on the global concurrent executor (or on
    /// ``HostOptions/taskExecutor``) and runs there. A body's synchronous work never
    /// holds up the loop; each start and each event back to the loop costs a thread
    /// wake-up. The default.
    case concurrent
    /// On the host's actor: the main actor for an ``EffectHost``, the host's own for an
    /// ``ActorHost``.
    ///
    /// On an ``EffectHost`` each body starts at once, within the `send` that issued it (as
    /// `Task.immediate` does). On an ``ActorHost`` it starts in a turn of the host's actor
    /// after the `send` (or the turn) that issued it, never within it. Either way it runs
    /// on the host's actor until it returns, leaving it only while it awaits work isolated
    /// elsewhere (a `@concurrent` or plain `nonisolated async` function, another actor).
    /// On the main actor, starting a body and hearing back from it cost no thread wake-up:
    /// `perform` and a named replacement round trip run tens of times faster. The price: a
    /// body's synchronous work runs on the host's actor, and a body that loops without
    /// suspending holds the loop. ``HostOptions/taskExecutor`` is not used.
    case mainActor
}
