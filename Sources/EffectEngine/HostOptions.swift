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
    public init(
        chainLimit: Int = 10_000, taskExecutor: (any TaskExecutor)? = nil,
        gracePeriod: Duration = .seconds(1), clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.chainLimit = max(1, chainLimit)
        self.taskExecutor = taskExecutor
        self.gracePeriod = max(.zero, gracePeriod)
        self.clock = clock
    }
}
