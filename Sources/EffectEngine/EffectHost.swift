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
@MainActor
public final class EffectHost<State, Event: Sendable, Env: Sendable> {
    /// Only `update` mutates it, and `update` is never re-entered (R2, enforced with
    /// `isProcessing`), so the dynamic exclusivity check on each access would only cost
    /// time: about half of a plain `send`, measured with callgrind.
    @exclusivity(unchecked) @usableFromInline var currentState: State
    @usableFromInline let env: Env
    @usableFromInline let update: (inout State, Event) -> Effect<Event, Env>?
    @usableFromInline let chainLimit: Int
    @usableFromInline let observer: HostObserver<State, Event>?

    /// Set while `update` and its chain run; a `send` then queues instead of nesting.
    @usableFromInline var isProcessing = false
    /// Events sent while processing, with the tree each belongs to (R11).
    @usableFromInline var deferred:
        [(event: Event, cause: Transition<State, Event>.Cause, tree: PerformTree?)] = []
    @usableFromInline var hasStopped = false

    let mailbox: Mailbox<Event>
    let taskExecutor: (any TaskExecutor)?
    var registry = TaskRegistry()
    let bodies = TaskTable()
    var nextTaskID: UInt64 = 1
    var inbox: [Mailbox<Event>.Message] = []
    var stopping: Task<Void, Never>?

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
    ///   - options: Limits and the executor for task bodies.
    ///   - observer: Sees every transition, task change and diagnostic (R15).
    ///   - update: The transition function: the only place state changes (R1).
    public init(
        initialState: State,
        env: Env,
        options: HostOptions = HostOptions(),
        observer: HostObserver<State, Event>? = nil,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) {
        self.currentState = initialState
        self.env = env
        self.update = update
        self.chainLimit = options.chainLimit
        self.taskExecutor = options.taskExecutor
        self.observer = observer
        self.mailbox = Mailbox()
        mailbox.attach(self)
    }

    /// Creates a host for a feature with no dependencies.
    ///
    /// ```swift
    /// let host = EffectHost(initialState: Counter.State(), update: Counter.update)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before the first event.
    ///   - options: Limits and the executor for task bodies.
    ///   - observer: Sees every transition, task change and diagnostic (R15).
    ///   - update: The transition function: the only place state changes (R1).
    public convenience init(
        initialState: State,
        options: HostOptions = HostOptions(),
        observer: HostObserver<State, Event>? = nil,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) where Env == Void {
        self.init(initialState: initialState, env: (), options: options, observer: observer, update: update)
    }

    deinit {
        // Releasing a host is the view disappearing (R9): refuse further input, release
        // waiting performers, and cancel every task body.
        for case .event(_, origin: _, performer: let performer?) in mailbox.close() { performer.resume() }
        bodies.cancelAll()
    }

    /// The current state. Only `update` changes it (R1).
    ///
    /// ```swift
    /// host.send(.increment)
    /// print(host.state.count)
    /// ```
    @inlinable
    public var state: State { currentState }

    /// The handle that enqueues events from anywhere (R12).
    ///
    /// ```swift
    /// let input = host.input
    /// Task.detached { input(.refresh) }
    /// ```
    public var input: Input<Event> { Input(sink: mailbox, origin: nil) }

    /// The names of the named tasks running now, sorted.
    ///
    /// A replaced or cancelled task leaves this list at once, even while its body is
    /// still returning.
    ///
    /// ```swift
    /// host.send(.start)
    /// #expect(host.runningTaskNames == ["ticker"])
    /// ```
    public var runningTaskNames: [String] { registry.names }

    /// The number of tasks running now, named or not; a cancelled task no longer counts.
    ///
    /// ```swift
    /// await host.perform(.refresh)
    /// #expect(host.runningTaskCount == 0)
    /// ```
    public var runningTaskCount: Int { registry.count }

    /// Whether ``stop()`` has been called.
    ///
    /// ```swift
    /// await host.stop()
    /// #expect(host.isStopped)
    /// ```
    public var isStopped: Bool { hasStopped }

    /// Whether events or task ends sent through an ``Input`` wait in the host's mailbox
    /// for the main actor to process them.
    ///
    /// A hook for `EffectEngineTesting`: its `TestHost` runs task bodies and yields the
    /// main actor until this is `false` and no task work is ready, which is how it knows
    /// the loop is quiet.
    ///
    /// ```swift
    /// while host.hasPendingInput { await Task.yield() }
    /// ```
    @_spi(Testing)
    public var hasPendingInput: Bool { mailbox.hasPendingWork }

    /// Processes an event and its synchronous chain before returning (R11).
    ///
    /// Tasks the chain starts are launched, not awaited. Called while the host is
    /// already processing (from an observer, say), the event is queued behind the
    /// current chain instead of nesting. After ``stop()`` the event is dropped.
    ///
    /// ```swift
    /// host.send(.increment)
    /// #expect(host.state.count == 1)
    /// ```
    ///
    /// - Parameter event: The event to process.
    @inlinable
    public func send(_ event: Event) {
        process(event, cause: .external, tree: nil)
    }

    /// Processes an event and waits until its whole causal tree has settled (R10).
    ///
    /// The tree is the event, its synchronous chain, every task started in it, and every
    /// event those tasks send through their ``Input`` with that event's own effects,
    /// recursively. A task counts as ended when its body returns or throws, or when it is
    /// cancelled — replaced from outside the tree, `.cancel`led, or stopped — without
    /// waiting for a cancelled body to return. Events a cancelled task sends are dropped
    /// (R7). When the host stops, every `perform` returns; after ``stop()`` it returns at
    /// once.
    ///
    /// ```swift
    /// await host.perform(.refresh)
    /// #expect(host.state.movies.count == 20)
    /// ```
    ///
    /// - Parameter event: The event to process.
    public func perform(_ event: Event) async {
        guard !hasStopped else { return }
        let tree = PerformTree()
        tree.partOpened()
        process(event, cause: .external, tree: tree)
        await tree.settled()
    }
}

extension EffectHost: MailboxOwner {}
