/// How a ``LineHost`` runs lines, set from the `--settle`, `--trace`, `--wait-limit`,
/// `--virtual-time` and `--main-actor-tasks` flags of a line program.
///
/// ```swift
/// let host = LineHost(initialState: Counter.State(), env: .mock,
///                     commands: .cases(), settings: LineSettings(settle: true),
///                     render: Counter.render, update: Counter.update)
/// ```
public struct LineSettings: Sendable, Equatable {
    /// Each line is performed: the next line is read only once the previous line's
    /// causal tree has settled (L5), so a piped script prints deterministic output.
    public var settle: Bool
    /// Every transition, task change and dropped event is written to standard error,
    /// one line each.
    public var trace: Bool
    /// The longest a settled line, `:wait`, or stopping at the end waits for tasks (L5,
    /// R9); past it the host says on standard error which tasks still run, and goes on.
    /// Default 10 seconds; `--wait-limit` sets it.
    public var waitLimit: Duration
    /// A person types the lines: after the first rendering the host writes one line to
    /// standard error naming `:help`, and ``LineHost/runStandardInput()`` edits the line
    /// as it is typed when standard input and output are a terminal (a prompt, the
    /// arrows, history). ``LineFeature/main()`` sets it when standard input is a terminal;
    /// a piped script's output stays as it is.
    public var isInteractive = false

    /// Runs the host on virtual time (`--virtual-time`): ``clock`` is a clock whose time
    /// stands still until the host, waiting on a settled line or `:wait` with every running
    /// task asleep on it, jumps it to the next deadline. A piped script with debounces and
    /// timers then runs at once and prints the same output every time; ``waitLimit`` is
    /// counted in virtual time, so an endless timer is cut at the same tick every run.
    ///
    /// ```swift
    /// var settings = LineSettings(settle: true)
    /// settings.virtualTime = true
    /// let env = Search.Env.live(clock: settings.clock)
    /// ```
    public var virtualTime: Bool {
        get { virtualClock != nil }
        set { virtualClock = newValue ? (virtualClock ?? VirtualClock()) : nil }
    }

    /// The clock the host runs on, to give to the env's clocks: the virtual clock with
    /// ``virtualTime``, else a `ContinuousClock`.
    ///
    /// ```swift
    /// let env = Counter.Env.live(clock: settings.clock)
    /// ```
    public var clock: any Clock<Duration> { virtualClock ?? ContinuousClock() }

    /// The virtual clock, with ``virtualTime``.
    var virtualClock: VirtualClock?

    /// Runs task bodies on the main actor (`--main-actor-tasks`): the host's
    /// `HostOptions.taskIsolation` becomes `.mainActor`, whatever the options given to
    /// the line host say. Ignored on virtual time, whose executor runs the bodies.
    ///
    /// ```swift
    /// var settings = LineSettings(settle: true)
    /// settings.mainActorTasks = true
    /// ```
    public var mainActorTasks = false

    /// Creates settings.
    ///
    /// ```swift
    /// let settings = LineSettings(settle: true, trace: false)
    /// ```
    ///
    /// - Parameters:
    ///   - settle: Perform each line instead of sending it.
    ///   - trace: Trace the host's activity on standard error.
    ///   - waitLimit: The longest wait for tasks; values below zero count as zero.
    ///   - virtualTime: Run the host on virtual time.
    public init(
        settle: Bool = false, trace: Bool = false, waitLimit: Duration = .seconds(10),
        virtualTime: Bool = false
    ) {
        self.settle = settle
        self.trace = trace
        self.waitLimit = max(.zero, waitLimit)
        self.virtualTime = virtualTime
    }
}
