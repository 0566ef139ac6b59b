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
/// The same class is the machinery of an ``ActorHost``, which runs the loop on an actor
/// of its own: its public surface is the main actor's, and everything below it is
/// `nonisolated` and only ever called on the host's actor (`hostActor`).
///
/// That is why the stored properties below are `nonisolated` or `nonisolated(unsafe)`:
/// the compiler cannot name "the host's actor" of a class that serves both, so the rule
/// is kept by construction instead. Every access is on one actor, the host's: the main
/// actor for an `EffectHost` (its public surface is `@MainActor`), the `ActorHost`'s own
/// for its loop (the actor's methods are the only way in, and its turns of its own are
/// scheduled on it by `EffectHost+Isolation.swift`). The exceptions are named where they
/// are: `deinit`, and the properties that never change after `init`.
@MainActor
public final class EffectHost<State, Event: Sendable, Env: Sendable>: Observable {
    /// Only `update` mutates it, and `update` is never re-entered (R2, enforced by the
    /// core's busy flag), so the dynamic exclusivity check on each access would only cost
    /// time: about half of a plain `send`, measured with callgrind.
    ///
    /// `nonisolated(unsafe)`: read and written on the host's actor only (the main actor, or
    /// an ``ActorHost``'s), and once more by `deinit`, which may run on any thread and
    /// hands the last state to the ``onRelease(_:)`` handlers; nothing else can reach a
    /// host being released, so that read races with nothing.
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var currentState: State
    /// Holds `update` and the env, the one env every action gets for the host's whole
    /// lifetime (R1, R8). Never changes after `init`; called on the host's actor only.
    @usableFromInline nonisolated(unsafe) let stepper: Stepper<State, Event, Env>
    /// The stepper's env, which every task gets (R8), kept here too: the task paths,
    /// compiled once for every feature, read a field of the host with no generic metadata,
    /// where a field of the generic stepper would need its metadata.
    @usableFromInline nonisolated let env: Env
    /// The loop's decisions (R2, R5–R7, R9, R10, R17): this host asks, and carries them out.
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var core = LoopCore()
    /// The continuations of the callers the core knows by ``WaiterID``.
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var waiters = WaiterTable()
    /// The events the core deferred while the host was busy (R11).
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var deferred = LoopQueue<DeferredEvent<State, Event>>()
    /// Everyone told of what the host does (R15), in the order they were added: the core's
    /// list decides who is told, and ``observer`` tells them.
    nonisolated(unsafe) var observers = ObserverList<State, Event>()
    /// The observers as one, which is what ``notify(_:)`` calls: ``ObserverList/combined``,
    /// kept here for the hot path. Read on every step, on the host's actor only, and never
    /// accessed while being modified, so the dynamic exclusivity check is skipped like
    /// `currentState`'s.
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var observer: HostObserver<State, Event>?
    /// Whether ``observers`` is not empty: a bit of ``settledWatchers``, so paths compiled
    /// once for every feature (task start and end) test it without generic metadata, and
    /// the hot path tests every kind of watcher at once.
    @inlinable nonisolated var isObserved: Bool { settledWatchers & Self.observersBit != 0 }
    /// Whether some observer is to be told of transitions.
    @inlinable nonisolated var reportsTransitions: Bool { settledWatchers & Self.transitionsBit != 0 }

    @usableFromInline nonisolated let mailbox: Mailbox<Event>
    /// The mailbox as every ``Input`` holds it, made once: code compiled once for every
    /// feature would otherwise look up the mailbox's metadata and witness table for each
    /// task it starts.
    nonisolated let sink: any EventSink<Event>
    nonisolated let options: HostOptions
    /// Messages taken from the mailbox and not yet handled.
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var inbox = LoopQueue<Mailbox<Event>.Message>()
    /// Whether a timer looks for cancelled bodies that ignore their cancellation (R9).
    nonisolated(unsafe) var isWatchingCancelledBodies = false
    /// A body started on the main actor during the work in progress: the host drains
    /// the mailbox itself when that work ends, so what the body sent before it suspended
    /// is processed in the same turn, with no drain turn scheduled (see `startOnMainActor`).
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var owesDrain = false
    /// The clock that times paced tasks (``HostOptions/clock``).
    nonisolated let hostClock: HostClock
    /// The actor the host runs on when it is an ``ActorHost``'s loop; `nil` for the main
    /// actor. Drain turns, timers and bodies on the host's actor are scheduled on it.
    nonisolated let hostActor: (any Actor)?

    /// Observation (`Observable`): the registrar, the key path of ``state``, whether
    /// `state` was read since the last publish (only then can a tracker wait on it), and
    /// the value read then, for `Equatable` states.
    @usableFromInline nonisolated let observation = ObservationRegistrar()
    /// Made the first time `state` is read, not per host: a key path into a generic class
    /// is built at run time (a look-up by mangled name and an allocation), and an
    /// `ActorHost`'s loop, or a host nobody reads through Observation, never needs one.
    @usableFromInline nonisolated(unsafe) var madeStateKeyPath: KeyPath<EffectHost, State>?
    @inlinable nonisolated var stateKeyPath: KeyPath<EffectHost, State> {
        if let path = madeStateKeyPath { return path }
        return makeStateKeyPath()
    }
    @usableFromInline @inline(never) nonisolated func makeStateKeyPath() -> KeyPath<EffectHost, State> {
        let path = \EffectHost.observedState
        madeStateKeyPath = path
        return path
    }
    /// What ``stateKeyPath`` names: the state, read on the host's actor; a key path to it
    /// can be made by a host created off the main actor.
    @usableFromInline nonisolated var observedState: State { currentState }
    /// Who watches the loop, one bit each: observers (``observersBit``, and
    /// ``transitionsBit`` when one wants transitions), a tracker that read `state`
    /// (``trackedBit``), readers of ``states`` waiting (``readersBit``).
    /// Zero on the hot path of an unwatched host, tested once per event.
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var settledWatchers: UInt8 = 0
    @usableFromInline nonisolated static var trackedBit: UInt8 { 1 }
    @usableFromInline nonisolated static var readersBit: UInt8 { 2 }
    @usableFromInline nonisolated static var observersBit: UInt8 { 4 }
    /// Some observer wants transitions (``HostObserver/wantsTransitions``): not a settled
    /// watcher, but kept here so the loop tests it with the others.
    @usableFromInline nonisolated static var transitionsBit: UInt8 { 8 }
    nonisolated(unsafe) var trackedState: State?
    /// `==` of `State`, when it is `Equatable`.
    nonisolated(unsafe) let isSameState: ((State, State) -> Bool)?

    /// The readers of ``states`` waiting for the next settled chain.
    nonisolated let stateReaders = StateReaders()
    /// Told of the state when the host is released (a saver keeping its last change).
    /// `nonisolated(unsafe)` for `deinit` alone, as ``currentState`` is; added to on the
    /// main actor only.
    nonisolated(unsafe) var releaseHandlers: [(State) -> Void] = []

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
    public convenience init(
        initialState: State,
        env: Env,
        options: HostOptions = HostOptions(),
        observer: HostObserver<State, Event>? = nil,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) {
        self.init(initialState: initialState, env: env, options: options, hostActor: nil, update: update)
        if let observer { observe(observer) }
    }

    /// Creates the loop of a host on `hostActor` (the main actor when `nil`), from any
    /// isolation: an ``ActorHost`` makes its loop in its own initializer.
    nonisolated init(
        initialState: State,
        env: Env,
        options: HostOptions,
        hostActor: (any Actor)?,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) {
        self.currentState = initialState
        self.stepper = Stepper(update: update, env: env, chainLimit: options.chainLimit)
        self.env = stepper.env
        self.options = options
        self.hostClock = HostClock(options.clock)
        self.hostActor = hostActor
        self.isSameState = Self.equality()
        self.mailbox = Mailbox()
        self.sink = mailbox
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

    deinit {
        // Releasing a host is the view disappearing (R9): refuse further input, release
        // every waiting performer (queued, taken and not yet handled, or waiting on a
        // tree), and cancel every task body.
        for case .event(_, origin: _, performer: let performer?) in mailbox.close() { performer.resume() }
        for case .event(_, origin: _, performer: let performer?) in inbox.waiting { performer.resume() }
        waiters.abandonAll()
        for body in core.unreturnedBodies { body.cancel() }
        // The last settled state (no chain runs in a host being released), handed over
        // before the readers of `states` learn that the host is gone.
        for handler in releaseHandlers { handler(currentState) }
        stateReaders.wakeAll()
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
        releaseHandlers.append(handler)
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
    public var state: State {
        if settledWatchers & Self.trackedBit == 0 { beginTrackingState() }
        observation.access(self, keyPath: stateKeyPath)
        return currentState
    }

    /// The current state, read without being tracked: ``state`` registers an Observation
    /// access and asks to be told of the next change, which then costs every settled chain
    /// a notification. The line host reads the state for every line it parses.
    @inlinable
    package var untrackedState: State { currentState }

    /// The handle that enqueues events from anywhere (R12).
    ///
    /// ```swift
    /// let input = host.input
    /// Task.detached { input(.refresh) }
    /// ```
    public nonisolated var input: Input<Event> { Input(sink: sink, origin: nil) }

    /// The names of the named tasks running now, sorted.
    ///
    /// A replaced or cancelled task leaves this list at once, even while its body is
    /// still returning.
    ///
    /// ```swift
    /// host.send(.start)
    /// #expect(host.runningTaskNames == ["ticker"])
    /// ```
    public var runningTaskNames: [String] { core.runningTaskNames }

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
    public var runningTasks: [TaskInfo] { core.runningTasks }

    /// The number of tasks running now, named or not; a cancelled task no longer counts.
    ///
    /// ```swift
    /// await host.perform(.refresh)
    /// #expect(host.runningTaskCount == 0)
    /// ```
    public var runningTaskCount: Int { core.runningTaskCount }

    /// Whether ``stop()`` has been called.
    ///
    /// ```swift
    /// await host.stop()
    /// #expect(host.isStopped)
    /// ```
    public var isStopped: Bool { core.isStopped }

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
    package var hasPendingInput: Bool { mailbox.hasPendingWork }

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
        arrive(event, cause: .external, tree: nil)
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
        guard !isStopped, let tree = performStarted(event) else { return }
        await withCheckedContinuation {
            core.performWaitBegan(tree, waiter: waiters.add(.performer($0)))
            resumeWakeups()
        }
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
        guard !isStopped else { return false }
        guard let tree = performStarted(event) else { return true }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        return await withCheckedContinuation { continuation in
            core.performWaitBegan(tree, waiter: waiters.add(.bounded(continuation)))
            resumeWakeups()
            Task { [weak self] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                guard let self else { return }
                self.core.performTimedOut(tree)
                self.resumeWakeups()
            }
        }
    }

    /// What both `perform`s do before they wait: opens the event's tree, processes the
    /// event, and closes the event's own part. Returns the tree while it is open, `nil`
    /// when it settled at once (the performer does not suspend).
    nonisolated func performStarted(_ event: Event) -> TreeID? {
        let tree = core.performBegan()
        arrive(event, cause: .external, tree: tree)
        // The event's own part, opened by `performBegan`.
        core.partClosed(tree)
        resumeWakeups()
        return core.isOpen(tree) ? tree : nil
    }
}


