import EffectEngineShared

// Observers for tracing, built from smaller ones: what the line host's `--trace` uses.

extension HostObserver {
    /// An observer that tells each of `observers` in turn; see ``combining(_:)``.
    ///
    /// ```swift
    /// host.observe(.combined(renderer, .logging(prefix: "trace: ") { print($0) }))
    /// ```
    ///
    /// - Parameter observers: The observers, told in this order.
    /// - Returns: One observer forwarding to all of them.
    public static func combined(_ observers: HostObserver...) -> HostObserver {
        combining(observers)
    }

    /// An observer that passes on only the activities `isIncluded` accepts.
    ///
    /// ```swift
    /// let failures = HostObserver.logging { log($0) }.filtered {
    ///     if case .diagnostic = $0 { true } else { false }
    /// }
    /// ```
    ///
    /// - Parameter isIncluded: Whether to pass an activity on.
    /// - Returns: The filtering observer.
    public func filtered(
        _ isIncluded: @escaping @Sendable (HostActivity<State, Event>) -> Bool
    ) -> HostObserver {
        let observe = self.observe
        return HostObserver { activity in
            if isIncluded(activity) { observe(activity) }
        }
    }

    /// An observer that collects every activity into `sink`, for tests and tools.
    ///
    /// ```swift
    /// let seen = ActivityLog<State, Event>()
    /// host.observe(.sink(seen))
    /// host.send(.start)
    /// #expect(seen.activities.count == 3)
    /// ```
    ///
    /// - Parameter sink: Where activities are appended.
    /// - Returns: The collecting observer.
    public static func sink(_ sink: ActivityLog<State, Event>) -> HostObserver where State: Sendable, Event: Sendable {
        HostObserver { [weak sink] activity in sink?.append(activity) }
    }

    /// An observer that writes one line per activity: each transition with its cause and
    /// effect, task changes, drops, diagnostics and the stop. Settled states are not
    /// written (render them yourself). `write` receives each line without a newline.
    ///
    /// ```swift
    /// host.observe(.logging(prefix: "trace: ") { line in print(line) })
    /// // trace: refresh -> task("load")
    /// // trace: started task "load" #1
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: Put before every line.
    ///   - write: Called with each line.
    /// - Returns: The logging observer.
    public static func logging(
        prefix: String = "", _ write: @escaping @Sendable (String) -> Void
    ) -> HostObserver {
        HostObserver { activity in
            if let line = activity.logLine { write(prefix + line) }
        }
    }

    /// An observer that writes one line per activity, as ``logging(prefix:_:)`` does, and
    /// ends each transition's line with the fields its event changed, from the state
    /// before it to the state after: what the line host's `--trace` writes.
    ///
    /// ```swift
    /// host.observe(.logging(prefix: "trace: ", changesFrom: host.state) { print($0) })
    /// // trace: start -> task("ticker") | isRunning: false → true
    /// // trace: started task "ticker" #1
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: Put before every line.
    ///   - initialState: The host's state when the observer is added: the state the first
    ///     transition is compared with.
    ///   - write: Called with each line.
    /// - Returns: The logging observer.
    public static func logging(
        prefix: String = "", changesFrom initialState: State, _ write: @escaping @Sendable (String) -> Void
    ) -> HostObserver {
        let previous = PreviousState(initialState)
        return HostObserver { activity in
            guard let line = activity.logLine else { return }
            guard case .transition(let step) = activity else { return write(prefix + line) }
            let changes = previous.changes(to: step.state)
            write(prefix + line + (changes.isEmpty ? "" : " | " + changes.joined(separator: ", ")))
        }
    }
}

/// The state a tracing observer compares the next transition with.
///
/// `@unchecked Sendable` because `State` need not be: the state is reached only under the
/// lock, and only by the observer's function, which its host calls on the host's actor,
/// one activity at a time; the lock keeps an observer added to two hosts free of races.
private final class PreviousState<State>: @unchecked Sendable {
    private let state: Locked<State>

    init(_ state: State) {
        self.state = Locked(state)
    }

    /// The fields changed from the state before to `next`, which becomes the state before.
    func changes(to next: State) -> [String] {
        state.withLock { previous in
            defer { previous = next }
            return StateDiff.changes(from: previous, to: next)
        }
    }
}

extension HostActivity {
    /// The line ``HostObserver/logging(prefix:_:)`` writes for this activity; `nil` for a
    /// settled state.
    ///
    /// ```swift
    /// HostActivity<Int, String>.stopped.logLine   // "stopped"
    /// ```
    public var logLine: String? {
        switch self {
        case .transition(let step):
            let cause =
                switch step.cause {
                case .external: ""
                case .action: " (action)"
                case .task(let task): " from \(task)"
                }
            return "\(Self.describe(step.event))\(cause) -> \(step.effect?.description ?? "no effect")"
        case .settled:
            return nil
        case .task(let change):
            return "\(change)"
        case .dropped(let event, let task):
            return "dropped \(Self.describe(event)) from \(task)"
        case .droppedEvents(let count, let task):
            return "dropped \(count) event(s) sent by \(task) after its cancellation"
        case .diagnostic(let problem):
            return "\(problem)"
        case .stopped:
            return "stopped"
        }
    }

    /// An event as a log line shows it: with no module-qualified type names, cut after 100
    /// characters (`loaded([Movie(title: "Arrival", year: 2016), …`).
    private static func describe(_ event: Event) -> String {
        EventText.describe(event)
    }
}

/// Every activity an observer made with ``HostObserver/sink(_:)`` saw, in order.
///
/// ```swift
/// let log = ActivityLog<Counter.State, Counter.Event>()
/// host.observe(.sink(log))
/// ```
///
/// The log is `Sendable`: a host on any actor appends to it, and a test reads it from
/// anywhere.
public final class ActivityLog<State: Sendable, Event: Sendable>: Sendable {
    private let log = Locked<[HostActivity<State, Event>]>([])

    /// The activities, oldest first.
    ///
    /// ```swift
    /// #expect(log.activities.isEmpty)
    /// ```
    public var activities: [HostActivity<State, Event>] { log.withLock { $0 } }

    /// Creates an empty log.
    ///
    /// ```swift
    /// let log = ActivityLog<Int, String>()
    /// ```
    public init() {}

    func append(_ activity: HostActivity<State, Event>) {
        log.withLock { $0.append(activity) }
    }
}
