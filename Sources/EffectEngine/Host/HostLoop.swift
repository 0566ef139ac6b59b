import Observation

/// A feature's loop: its state, its `update`, and the machinery that carries out what
/// `update` returns (R1–R17). Every host runs one, and only hosts make them.
///
/// The loop is not `Sendable`, and that is its isolation: a host holds it as isolated
/// state, so the compiler confines every access to the host's actor: an ``EffectHost``'s
/// is the main actor's, an ``ActorHost``'s its own, a test host's the test's. What comes
/// back to the loop from a turn it scheduled (a drain of its mailbox, a timer, the end of
/// a body on its actor) comes through its ``LoopHandle``, the one way in that the
/// compiler cannot check, and into a function isolated to the loop's actor. A debug build
/// checks that rule too: two threads inside one loop at once trap (``LoopEntryGuard``).
///
/// ```swift
/// let loop = HostLoop(initialState: 0, env: (), options: HostOptions(), actor: MainActor.shared) {
///     (count: inout Int, _: Void) -> Effect<Void, Void>? in count += 1; return nil
/// }
/// loop.arrive((), cause: .external, tree: nil)
/// ```
@usableFromInline
final class HostLoop<State, Event: Sendable, Env: Sendable>: Observable {
    /// Only `update` mutates it, and `update` is never re-entered (R2, enforced by the
    /// core's busy flag), so the dynamic exclusivity check on each access would only cost
    /// time: about half of a plain `send`, measured with callgrind.
    @exclusivity(unchecked) @usableFromInline var currentState: State
    /// Holds `update` and the env, the one env every action gets for the host's whole
    /// lifetime (R1, R8).
    @usableFromInline let stepper: Stepper<State, Event, Env>
    /// The stepper's env, which every task gets (R8), kept here too: the task paths,
    /// compiled once for every feature, read a field of the loop with no generic metadata,
    /// where a field of the generic stepper would need its metadata.
    @usableFromInline let env: Env
    /// The loop's decisions (R2, R5–R7, R9, R10, R17): the loop asks, and carries them out.
    @exclusivity(unchecked) @usableFromInline var core = LoopCore()
    /// The continuations of the callers the core knows by ``WaiterID``.
    @exclusivity(unchecked) @usableFromInline var waiters = WaiterTable()
    /// The events the core deferred while the loop was busy (R11).
    @exclusivity(unchecked) @usableFromInline var deferred = LoopQueue<DeferredEvent<State, Event>>()
    /// Everyone told of what the loop does (R15), in the order they were added: the core's
    /// list decides who is told, and ``observer`` tells them.
    var observers = ObserverList<State, Event>()
    /// The observers as one, which is what ``notify(_:)`` calls: ``ObserverList/combined``,
    /// kept here for the hot path. Read on every step, and never accessed while being
    /// modified, so the dynamic exclusivity check is skipped like `currentState`'s.
    @exclusivity(unchecked) @usableFromInline var observer: HostObserver<State, Event>?
    /// Whether ``observers`` is not empty: a bit of ``settledWatchers``, so paths compiled
    /// once for every feature (task start and end) test it without generic metadata, and
    /// the hot path tests every kind of watcher at once.
    @inlinable var isObserved: Bool { settledWatchers & Self.observersBit != 0 }
    /// Whether some observer is to be told of transitions.
    @inlinable var reportsTransitions: Bool { settledWatchers & Self.transitionsBit != 0 }

    @usableFromInline let mailbox: Mailbox<Event>
    /// The mailbox as every ``Input`` holds it, made once: code compiled once for every
    /// feature would otherwise look up the mailbox's metadata and witness table for each
    /// task it starts.
    let sink: any EventSink<Event>
    let options: HostOptions
    /// Messages taken from the mailbox and not yet handled.
    @exclusivity(unchecked) @usableFromInline var inbox = LoopQueue<Mailbox<Event>.Message>()
    /// Whether a timer looks for cancelled bodies that ignore their cancellation (R9).
    var isWatchingCancelledBodies = false
    /// A body started on the loop's actor during the work in progress: the loop drains
    /// the mailbox itself when that work ends, so what the body sent before it suspended
    /// is processed in the same turn, with no drain turn scheduled (see `startOnMainActor`).
    @exclusivity(unchecked) @usableFromInline var owesDrain = false
    /// The clock that times paced tasks (``HostOptions/clock``).
    let hostClock: HostClock
    /// The way back into the loop from its own turns, and the actor they run on.
    @usableFromInline let handle: LoopHandle<State, Event, Env>
    /// Traps, in a debug build, when a second thread enters the loop (H6).
    @usableFromInline let entryGuard = LoopEntryGuard()

    /// Observation (`Observable`): the registrar, the key path of ``observedState``,
    /// whether the state was read since the last publish (only then can a tracker wait on
    /// it), and the value read then, for `Equatable` states.
    @usableFromInline let observation = ObservationRegistrar()
    /// Made the first time the state is read through Observation, not per loop: a key
    /// path into a generic class is built at run time (a look-up by mangled name and an
    /// allocation), and a loop nobody reads through Observation never needs one.
    @usableFromInline var madeStateKeyPath: KeyPath<HostLoop, State>?
    @inlinable var stateKeyPath: KeyPath<HostLoop, State> {
        if let path = madeStateKeyPath { return path }
        return makeStateKeyPath()
    }
    @usableFromInline @inline(never) func makeStateKeyPath() -> KeyPath<HostLoop, State> {
        let path = \HostLoop.observedState
        madeStateKeyPath = path
        return path
    }
    /// What ``stateKeyPath`` names: the state.
    @usableFromInline var observedState: State { currentState }
    /// Who watches the loop, one bit each: observers (``observersBit``, and
    /// ``transitionsBit`` when one wants transitions), a tracker that read the state
    /// (``trackedBit``), readers of a host's `states` waiting (``readersBit``).
    /// Zero on the hot path of an unwatched loop, tested once per event.
    @exclusivity(unchecked) @usableFromInline var settledWatchers: UInt8 = 0
    @usableFromInline static var trackedBit: UInt8 { 1 }
    @usableFromInline static var readersBit: UInt8 { 2 }
    @usableFromInline static var observersBit: UInt8 { 4 }
    /// Some observer wants transitions (``HostObserver/wantsTransitions``): not a settled
    /// watcher, but kept here so the loop tests it with the others.
    @usableFromInline static var transitionsBit: UInt8 { 8 }
    var trackedState: State?
    /// `==` of `State`, when it is `Equatable`.
    let isSameState: ((State, State) -> Bool)?

    /// The readers of a host's `states` waiting for the next settled chain.
    let stateReaders = StateReaders()
    /// Told of the state when the loop is released (a saver keeping its last change).
    var releaseHandlers: [(State) -> Void] = []

    /// Creates the loop of a host on `actor`: the host's turns of its own (drains,
    /// timers, bodies on its actor) are scheduled there.
    ///
    /// - Parameters:
    ///   - initialState: The state before the first event.
    ///   - env: The dependencies handed to tasks and actions (R8).
    ///   - options: Limits, where task bodies run, and the grace period.
    ///   - actor: The host's actor.
    ///   - update: The transition function: the only place state changes (R1).
    init(
        initialState: State,
        env: Env,
        options: HostOptions,
        actor: any Actor,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) {
        self.currentState = initialState
        self.stepper = Stepper(update: update, env: env, chainLimit: options.chainLimit)
        self.env = stepper.env
        self.options = options
        self.hostClock = HostClock(options.clock)
        self.isSameState = Self.equality()
        self.mailbox = Mailbox()
        self.sink = mailbox
        self.handle = LoopHandle(actor: actor, mailbox: mailbox)
        handle.attach(self)
    }

    deinit {
        // Releasing a host is the view disappearing (R9): refuse further input, release
        // every waiting performer (queued, taken and not yet handled, or waiting on a
        // tree), and cancel every task body.
        for case .event(_, origin: _, performer: let performer?) in mailbox.close() { performer.resume() }
        for case .event(_, origin: _, performer: let performer?) in inbox.waiting { performer.resume() }
        waiters.abandonAll()
        for body in core.unreturnedBodies { body.cancel() }
        // The last settled state (no chain runs in a loop being released), handed over
        // before the readers of `states` learn that the host is gone.
        for handler in releaseHandlers { handler(currentState) }
        stateReaders.wakeAll()
    }

    /// Hands the state to `handler` when the loop is released, from its `deinit`, on
    /// whichever thread releases it: how a saver keeps the last change of a host that
    /// went away without a stop, at no cost per event.
    func onRelease(_ handler: @escaping (State) -> Void) {
        releaseHandlers.append(handler)
    }

    /// The state, read through Observation: a tracker (`withObservationTracking`, a
    /// SwiftUI view) that reads it is told once per settled chain that changed it (R16).
    @inlinable var trackedRead: State {
        if settledWatchers & Self.trackedBit == 0 { beginTrackingState() }
        observation.access(self, keyPath: stateKeyPath)
        return currentState
    }

    /// The names of the named tasks running now, sorted.
    var runningTaskNames: [String] { core.runningTaskNames }
    /// The tasks running now, named and unnamed, in start order.
    var runningTasks: [TaskInfo] { core.runningTasks }
    /// The number of tasks running now.
    var runningTaskCount: Int { core.runningTaskCount }
    /// Whether a stop has begun.
    var isStopped: Bool { core.isStopped }

    /// The handle that enqueues events from anywhere (R12).
    var input: Input<Event> { Input(sink: sink, origin: nil) }

    /// Processes an event and its synchronous chain before returning (R11).
    @inlinable
    func send(_ event: Event) {
        arrive(event, cause: .external, tree: nil)
    }
}
