import Observation

/// Runs a feature's loop: holds its state, processes events through `update`, and
/// carries out the effects `update` returns.
///
/// `EffectHost` stands where a view would stand in a UI app. It lives on the main actor,
/// processes one event at a time (R2), and owns the feature's tasks for its lifetime.
///
/// ```swift
/// enum Counter {
///     struct State { var count = 0 }
///     enum Event: Sendable { case start, tick, stop }
///
///     static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
///         switch event {
///         case .start:
///             return .task(name: "ticker") { input, _ in
///                 while true {
///                     try await Task.sleep(for: .seconds(1))
///                     input(.tick)
///                 }
///             }
///         case .tick:
///             state.count += 1
///             return nil
///         case .stop:
///             return .cancel("ticker")
///         }
///     }
/// }
///
/// let host = EffectHost(initialState: Counter.State(), update: Counter.update)
/// host.send(.start)
/// ```
///
/// The rules the host keeps are listed in <doc:TheRules>.
///
/// The loop itself is a `HostLoop` this host holds as its main-actor state: the host
/// is the loop's front on the main actor, as an ``ActorHost`` is on an actor of its own.
@MainActor
public final class EffectHost<State, Event: Sendable, Env: Sendable>: Observable {
    /// The loop, confined to the main actor by this class's isolation (H6).
    @usableFromInline let loop: HostLoop<State, Event, Env>

    /// The handle that enqueues events from anywhere (R12).
    ///
    /// ```swift
    /// let input = host.input
    /// Task.detached { input(.refresh) }
    /// ```
    public nonisolated let input: Input<Event>

    /// Creates a host and its loop.
    ///
    /// The env is captured once and passed to every task and action for the host's whole
    /// lifetime (R8).
    ///
    /// ```swift
    /// let host = EffectHost(initialState: Search.State(), env: Search.Env.live,
    ///                       update: Search.update)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before the first event.
    ///   - env: The dependencies handed to tasks and actions.
    ///   - options: Limits, the executor for task bodies, and the grace period of
    ///     cancelled bodies.
    ///   - observer: A first observer, as if added with ``observe(_:)-(HostObserver<State,Event>)``; more can be added
    ///     at any time (R15).
    ///   - update: The transition function: the only place state changes (R1).
    public init(
        initialState: State,
        env: Env,
        options: HostOptions = HostOptions(),
        observer: HostObserver<State, Event>? = nil,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) {
        loop = HostLoop(initialState: initialState, env: env, options: options, actor: MainActor.shared, update: update)
        input = loop.input
        if let observer { observe(observer) }
    }

    /// Creates a host for a feature with no dependencies.
    ///
    /// ```swift
    /// let host = EffectHost(initialState: Counter.State(), update: Counter.update)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before the first event.
    ///   - options: Limits, the executor for task bodies, and the grace period of
    ///     cancelled bodies.
    ///   - observer: A first observer, as if added with ``observe(_:)-(HostObserver<State,Event>)``.
    ///   - update: The transition function: the only place state changes (R1).
    public convenience init(
        initialState: State,
        options: HostOptions = HostOptions(),
        observer: HostObserver<State, Event>? = nil,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) where Env == Void {
        self.init(initialState: initialState, env: (), options: options, observer: observer, update: update)
    }

    /// Hands the host's state to `handler` when the host is released, from its `deinit`,
    /// on whichever thread releases it: how a saver keeps the last change of a host that
    /// went away without ``stop()``, at no cost per event.
    ///
    /// ```swift
    /// host.onRelease { state in box.keep(state) }
    /// ```
    ///
    /// - Parameter handler: Called once, with the state; it must not keep the host.
    package func onRelease(_ handler: @escaping (State) -> Void) {
        loop.onRelease(handler)
    }

    /// The current state. Only `update` changes it (R1).
    ///
    /// The host is `Observable`: reading `state` inside `withObservationTracking` (or a
    /// SwiftUI view's body) tracks it, and the tracker is told once per settled chain
    /// (R16) that changed it; never for the in-between states of an `.action` chain, and,
    /// when `State` is `Equatable`, not when the chain left it equal to what was read.
    ///
    /// ```swift
    /// host.send(.increment)
    /// print(host.state.count)
    /// ```
    @inlinable
    public var state: State { loop.trackedRead }

    /// The current state, read without being tracked: ``state`` registers an Observation
    /// access and asks to be told of the next change, which then costs every settled chain
    /// a notification. The line host reads the state for every line it parses.
    @inlinable
    package var untrackedState: State { loop.currentState }

    /// The names of the named tasks running now, sorted.
    ///
    /// A replaced or cancelled task leaves this list at once, even while its body is
    /// still returning.
    ///
    /// ```swift
    /// host.send(.start)
    /// #expect(host.runningTaskNames == ["ticker"])
    /// ```
    public var runningTaskNames: [String] { loop.runningTaskNames }

    /// The tasks running now, named and unnamed, in start order: the one notion of a
    /// running task that `:tasks`, `:wait` and the test host use.
    ///
    /// A task runs from its start until its body returns or it is cancelled (replaced,
    /// `.cancel`, or stop); a cancelled task no longer counts, even while its body is
    /// still returning.
    ///
    /// ```swift
    /// host.send(.start)
    /// #expect(host.runningTasks.map(\.name) == ["ticker"])
    /// ```
    public var runningTasks: [TaskInfo] { loop.runningTasks }

    /// The number of tasks running now, named or not; a cancelled task no longer counts.
    ///
    /// ```swift
    /// await host.perform(.refresh)
    /// #expect(host.runningTaskCount == 0)
    /// ```
    public var runningTaskCount: Int { loop.runningTaskCount }

    /// Whether ``stop()`` has been called.
    ///
    /// ```swift
    /// await host.stop()
    /// #expect(host.isStopped)
    /// ```
    public var isStopped: Bool { loop.isStopped }

    /// Whether events or task ends sent through an ``Input`` wait in the host's mailbox
    /// for the main actor to process them, or a drain turn is scheduled.
    ///
    /// A hook for a line host on virtual time: it runs task bodies and yields the main
    /// actor until this is `false` and no task work is ready, which is how it knows the
    /// loop is quiet.
    ///
    /// ```swift
    /// while host.hasPendingInput { await Task.yield() }
    /// ```
    package var hasPendingInput: Bool { loop.mailbox.hasPendingWork }

    /// Processes an event and its synchronous chain before returning (R11).
    ///
    /// Events already waiting in the host's mailbox (sent through ``input`` or by tasks)
    /// are processed first, so arrival order holds across every door (R2). Tasks the
    /// chain starts are launched, not awaited. Called while the host is already
    /// processing (from an observer, say), the event is queued behind the current chain
    /// instead of nesting. After ``stop()`` the event is dropped.
    ///
    /// ```swift
    /// host.send(.increment)
    /// #expect(host.state.count == 1)
    /// ```
    ///
    /// - Parameter event: The event to process.
    @inlinable
    public func send(_ event: Event) {
        loop.send(event)
    }

    /// Processes an event and waits until its whole causal tree has settled (R10).
    ///
    /// The tree is the event, its synchronous chain, every task started in it, and every
    /// event those tasks send through their ``Input`` with that event's own effects,
    /// recursively; an `Input.perform` made by one of those tasks keeps the tree open
    /// until the performed event's own tree settles. A task counts as ended when its body
    /// returns or throws, or when it is cancelled (replaced, `.cancel`led, or stopped),
    /// without waiting for a cancelled body to return. Events a cancelled task sends are
    /// dropped (R7). When the host stops, every `perform` returns; after ``stop()`` it
    /// returns at once.
    ///
    /// ```swift
    /// await host.perform(.refresh)
    /// #expect(host.state.movies.count == 20)
    /// ```
    ///
    /// - Parameter event: The event to process.
    public func perform(_ event: Event) async {
        await loop.perform(event)
    }

    /// Processes an event and waits until its causal tree has settled, as
    /// ``perform(_:)`` does, or until `timeout` passes, whichever comes first.
    ///
    /// The bound is for callers that must go on whatever the tasks do (the line host's
    /// `--settle` with a never-ending ticker): the tree itself goes on after the bound.
    ///
    /// ```swift
    /// let settled = await host.perform(.start, timeout: .seconds(5))
    /// if !settled { print("still running: \(host.runningTasks)") }
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
}
