extension Effect {
    /// A named task whose body starts `debounce` after the issue, unless the name is
    /// issued again first: the newer issue replaces the waiting one and waits its own full
    /// duration, so a burst of issues runs the last one's body once, `debounce` after the
    /// burst.
    ///
    /// The wait is on the host's clock (``HostOptions/clock``; the test host's
    /// `TestClock`), so the feature needs no clock of its own for it. The task runs, and
    /// counts as running, from the issue: a reissue replaces it (R5) and a `.cancel` of
    /// its name cancels it (R6), waiting or not; a replaced issue's body never starts, and
    /// a `perform` of the event that issued it returns when it is replaced (R10).
    ///
    /// ```swift
    /// case .query(let text):
    ///     state.query = text
    ///     return .task(name: "search", debounce: .milliseconds(300), priority: .high) { input, env in
    ///         input(.results(try await env.search(text)))
    ///     }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name.
    ///   - debounce: How long the name must go without a reissue before the body starts;
    ///     a negative duration counts as zero.
    ///   - priority: The priority of the underlying Swift `Task`.
    ///   - operation: The work, run once the debounce has passed, where
    ///     ``HostOptions/taskIsolation`` says.
    /// - Returns: A ``paced(name:pacing:priority:operation:)`` effect, whose summary is
    ///   `.task(name: name, debounce: debounce)`.
    public static func task(
        name: String,
        debounce: Duration,
        priority: TaskPriority?,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) -> Effect {
        .paced(name: name, pacing: .debounce(max(.zero, debounce)), priority: priority, operation: operation)
    }

    /// A named task that runs at most once per `throttle` window: an issue with no window
    /// open runs at once (the leading edge) and opens a window; issues within it are
    /// dropped, or, with `latest`, the last of them runs when the window ends (the
    /// trailing edge, on a timer, even if nothing else is issued), opening the next window.
    ///
    /// Windows are timed on the host's clock (``HostOptions/clock``). An issue that will
    /// run, now or at the window's end, replaces the task of that name at once (R5), so
    /// with `latest` a newer issue cancels an older run still in flight and never shows
    /// its stale results (R7); an issue that is dropped changes nothing, and a `perform`
    /// of its event returns at once. `.cancel(name)` cancels the task and closes the
    /// window.
    ///
    /// ```swift
    /// case .scrolled(let offset):
    ///     state.offset = offset
    ///     return .task(name: "prefetch", throttle: .seconds(1), priority: .low) { input, env in
    ///         input(.prefetched(try await env.page(at: offset)))
    ///     }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name; its window is shared by every throttled issue of it.
    ///   - throttle: The window: the least time between the starts of two runs; a
    ///     negative duration counts as zero.
    ///   - latest: Whether the last issue within a window runs when the window ends.
    ///   - priority: The priority of the underlying Swift `Task`.
    ///   - operation: The work, run where ``HostOptions/taskIsolation`` says.
    /// - Returns: A ``paced(name:pacing:priority:operation:)`` effect, whose summary is
    ///   `.task(name: name, throttle: throttle, latest: latest)`.
    public static func task(
        name: String,
        throttle: Duration,
        latest: Bool = false,
        priority: TaskPriority?,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) -> Effect {
        .paced(
            name: name, pacing: .throttle(max(.zero, throttle), latest: latest), priority: priority,
            operation: operation)
    }

    /// A debounced named task at the default priority: see
    /// ``task(name:debounce:priority:operation:)``.
    ///
    /// This form takes no priority, so a transition function that uses it never sets up
    /// a `TaskPriority?` argument: that type's layout is only known at run time, and the
    /// slot for it would be made on every call of `update`, whichever case runs.
    ///
    /// ```swift
    /// case .query(let text):
    ///     return .task(name: "search", debounce: .milliseconds(300)) { input, env in
    ///         input(.results(try await env.search(text)))
    ///     }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name.
    ///   - debounce: How long the name must go without a reissue before the body starts;
    ///     a negative duration counts as zero.
    ///   - operation: The work, run once the debounce has passed.
    /// - Returns: A ``paced(name:pacing:priority:operation:)`` effect.
    public static func task(
        name: String,
        debounce: Duration,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) -> Effect {
        // Built here, not by calling the form with a priority: inlined into `update`,
        // that call would set up the `TaskPriority?` slot this form exists to avoid.
        .paced(name: name, pacing: .debounce(max(.zero, debounce)), priority: nil, operation: operation)
    }

    /// A throttled named task at the default priority: see
    /// ``task(name:throttle:latest:priority:operation:)``.
    ///
    /// This form takes no priority, for the same reason as
    /// ``task(name:debounce:operation:)``.
    ///
    /// ```swift
    /// case .scrolled(let offset):
    ///     return .task(name: "prefetch", throttle: .seconds(1)) { input, env in
    ///         input(.prefetched(try await env.page(at: offset)))
    ///     }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name; its window is shared by every throttled issue of it.
    ///   - throttle: The window: the least time between the starts of two runs; a
    ///     negative duration counts as zero.
    ///   - latest: Whether the last issue within a window runs when the window ends.
    ///   - operation: The work, run where ``HostOptions/taskIsolation`` says.
    /// - Returns: A ``paced(name:pacing:priority:operation:)`` effect.
    public static func task(
        name: String,
        throttle: Duration,
        latest: Bool = false,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) -> Effect {
        // Built here, as the debounced form is.
        .paced(
            name: name, pacing: .throttle(max(.zero, throttle), latest: latest), priority: nil,
            operation: operation)
    }
}
