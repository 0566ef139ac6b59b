/// The work that `update` asks the host to do after a transition.
///
/// `update` never runs side effects itself: it mutates state and returns an
/// `Effect` value that *describes* what should happen next. The host carries it out.
///
/// ```swift
/// static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
///     switch event {
///     case .start:
///         state.count = 0
///         return .task(name: "ticker") { input, env in
///             while true {
///                 try await env.clock.sleep(for: .seconds(1))
///                 input(.tick)
///             }
///         }
///     case .tick:
///         state.count += 1
///         return nil
///     case .stop:
///         return .cancel("ticker")
///     }
/// }
/// ```
///
/// Every effect has a comparable ``summary``, so `update` can be tested without a host:
/// `#expect(Feature.update(state: &state, event: .start)?.summary == .task(name: "ticker"))`.
///
/// The rules the host follows for each case are stated in <doc:TheRules>.
public enum Effect<Event, Env> {
    /// Starts an asynchronous operation.
    ///
    /// The operation receives an ``Input`` that sends events back into the loop and the
    /// host's env. A named task replaces a running task of the same name (R5) and can be
    /// cancelled with ``cancel(_:)`` (R6); once cancelled, the events it sends are dropped
    /// (R7). A thrown `CancellationError` is silent; any other error is reported to the
    /// host's observer with the task's name (R14).
    ///
    /// ```swift
    /// return .task(name: "search") { input, env in
    ///     try await env.clock.sleep(for: .milliseconds(300))
    ///     input(.resultsLoaded(await env.search(query)))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name; `nil` for a task that is never replaced or cancelled by name.
    ///   - priority: The priority of the underlying Swift `Task`.
    ///   - operation: The work, run off the main actor, or on it with
    ///     ``HostOptions/taskIsolation`` set to ``TaskIsolation/mainActor``.
    indirect case task(
        name: String? = nil,
        priority: TaskPriority? = nil,
        operation: nonisolated(nonsending) @Sendable (Input<Event>, Env) async throws -> Void
    )

    /// A synchronous step whose event, if any, is processed immediately, before any event
    /// already queued (R3).
    ///
    /// ```swift
    /// case .appeared:
    ///     return .action { _ in .loadConfig }
    /// ```
    ///
    /// Returning `nil` ends the chain. A chain longer than the host's
    /// ``HostOptions/chainLimit`` is cut and reported (R13).
    case action(@Sendable (Env) -> Event?)

    /// Cancels the running task with this name; does nothing when there is none (R6).
    ///
    /// ```swift
    /// case .stop:
    ///     return .cancel("ticker")
    /// ```
    ///
    /// A name ending in `/` names a scope: `.cancel("rows/7/")`, which
    /// ``cancel(scope:)`` makes, cancels every task whose name lies under `rows/7`.
    case cancel(String)

    /// A named task whose runs are spaced in time on the host's clock: debounced or
    /// throttled. Made by ``task(name:debounce:priority:operation:)`` and
    /// ``task(name:throttle:latest:priority:operation:)``; the rules are in <doc:Time>.
    ///
    /// ```swift
    /// return .paced(name: "search", pacing: .debounce(.milliseconds(300)), priority: nil) { input, env in
    ///     input(.results(await env.search(query)))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name: a run that starts replaces the running task of that name (R5).
    ///   - pacing: The debounce or throttle; a negative duration counts as zero.
    ///   - priority: The priority of the underlying Swift `Task`.
    ///   - operation: The work, run once its time has come, where
    ///     ``HostOptions/taskIsolation`` says.
    indirect case paced(
        name: String,
        pacing: TaskPacing,
        priority: TaskPriority?,
        operation: nonisolated(nonsending) @Sendable (Input<Event>, Env) async throws -> Void
    )

    /// Runs effects left to right. An event produced by an `.action` inside is processed
    /// at that point, with its own effects, before the next element runs (R4).
    ///
    /// ```swift
    /// return .sequence([.cancel("load"), .action { _ in .reset }, .task(name: "load") { ... }])
    /// ```
    case sequence([Effect])

    /// Tells the host's observers of a problem `update` found and handled; nothing else
    /// happens. The helpers of ``Compose`` report an event for a child that is no longer
    /// in state this way (C2).
    ///
    /// ```swift
    /// guard state.rows.contains(where: { $0.id == id }) else {
    ///     return .report(.childMissing(scope: "rows/\(id)", event: "\(event)"))
    /// }
    /// ```
    indirect case report(Diagnostic)

    /// Ends the screen whose `update` returned it: the nearest enclosing stack element or
    /// presented destination is removed after the rest of this effect ran, in the same
    /// transition, and its tasks are cancelled (N3). A child never names its parent: the
    /// helper that runs it, ``Compose/stack(_:in:event:scope:child:embed:env:update:appear:parent:)``
    /// or ``Compose/destination(_:in:event:scope:child:embed:env:update:appear:parent:)``,
    /// turns `.dismiss` into its own pop or dismissal. From an element in the middle of a
    /// stack, it pops that element and every one above it.
    ///
    /// ```swift
    /// case .alert(.presented(.confirmDiscard)):
    ///     return .dismiss
    /// ```
    ///
    /// A `.dismiss` that reaches the host, with no stack or destination around the
    /// feature that returned it, changes nothing and is reported as
    /// ``Diagnostic/nowhereToDismiss(event:)``. Its summary is ``EffectSummary/dismiss``.
    case dismiss
}

extension Effect: Sendable {}

extension Effect {
    /// A task that runs an operation which cannot throw; shorthand for ``task(name:priority:operation:)``.
    ///
    /// ```swift
    /// return .run(name: "load", priority: .high) { input, env in input(.loaded(await env.load())) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name, used for replacement and cancellation.
    ///   - priority: The priority of the underlying Swift `Task`.
    ///   - operation: The work, run off the main actor, or on it with
    ///     ``HostOptions/taskIsolation`` set to ``TaskIsolation/mainActor``.
    /// - Returns: A `.task` effect.
    public static func run(
        name: String? = nil,
        priority: TaskPriority?,
        _ operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async -> Void
    ) -> Effect {
        .task(name: name, priority: priority) { input, env in await operation(input, env) }
    }

    /// A task at the default priority that runs an operation which cannot throw: see
    /// ``run(name:priority:_:)``.
    ///
    /// This form takes no priority, so a transition function that uses it never sets up
    /// a `TaskPriority?` argument: that type's layout is only known at run time, and the
    /// slot for it would be made on every call of `update`, whichever case runs.
    ///
    /// ```swift
    /// return .run(name: "load") { input, env in input(.loaded(await env.load())) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name, used for replacement and cancellation.
    ///   - operation: The work, run where ``HostOptions/taskIsolation`` says.
    /// - Returns: A `.task` effect.
    public static func run(
        name: String? = nil,
        _ operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async -> Void
    ) -> Effect {
        // Built here, as the priority-less `task(name:debounce:operation:)` is.
        .task(name: name) { input, env in await operation(input, env) }
    }

    /// An action that sends one event with no access to the env.
    ///
    /// ```swift
    /// case .appeared:
    ///     return .send(.loadConfig)
    /// ```
    ///
    /// - Parameter event: The event processed next, before anything queued.
    /// - Returns: An `.action` effect.
    public static func send(_ event: Event) -> Effect where Event: Sendable {
        .action { _ in event }
    }

    /// Refuses the event, saying why in the feature's own words: a `.report` of
    /// ``Diagnostic/rejected(reason:)``. Return it before changing anything: the host
    /// does not undo a change `update` made (R1), and a refused event leaves the state as
    /// it was. The line host prints `reason` on standard error as an error and makes the
    /// exit status 1 (L8); its summary is ``EffectSummary/rejected(_:)``.
    ///
    /// ```swift
    /// case .select(let number):
    ///     guard (1...state.movies.count).contains(number) else {
    ///         return .reject("no movie \(number): pick 1 to \(state.movies.count)")
    ///     }
    ///     state.selection = number
    ///     return nil
    /// ```
    ///
    /// - Parameter reason: Why the event was refused, one line, for the person who sent it.
    /// - Returns: A `.report` effect.
    public static func reject(_ reason: String) -> Effect {
        .report(.rejected(reason: reason))
    }
}
