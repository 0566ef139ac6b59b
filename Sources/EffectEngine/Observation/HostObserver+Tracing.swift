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
        _ isIncluded: @escaping @MainActor @Sendable (HostActivity<State, Event>) -> Bool
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
    public static func sink(_ sink: ActivityLog<State, Event>) -> HostObserver {
        HostObserver { [weak sink] activity in sink?.activities.append(activity) }
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
        prefix: String = "", _ write: @escaping @MainActor @Sendable (String) -> Void
    ) -> HostObserver {
        HostObserver { activity in
            if let line = activity.logLine { write(prefix + line) }
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
            return "\(step.event)\(cause) -> \(step.effect?.description ?? "no effect")"
        case .settled:
            return nil
        case .task(let change):
            return "\(change)"
        case .dropped(let event, let task):
            return "dropped \(event) from \(task)"
        case .droppedEvents(let count, let task):
            return "dropped \(count) event(s) sent by \(task) after its cancellation"
        case .diagnostic(let problem):
            return "\(problem)"
        case .stopped:
            return "stopped"
        }
    }
}

/// Every activity an observer made with ``HostObserver/sink(_:)`` saw, in order.
///
/// ```swift
/// let log = ActivityLog<Counter.State, Counter.Event>()
/// host.observe(.sink(log))
/// ```
@MainActor
public final class ActivityLog<State, Event> {
    /// The activities, oldest first.
    ///
    /// ```swift
    /// #expect(log.activities.isEmpty)
    /// ```
    public internal(set) var activities: [HostActivity<State, Event>] = []

    /// Creates an empty log.
    ///
    /// ```swift
    /// let log = ActivityLog<Int, String>()
    /// ```
    public init() {}
}
