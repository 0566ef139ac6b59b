import Synchronization

/// An actor made to run one host's loop, which starts that loop's drain turns itself:
/// each turn is a task that begins on the actor, where a task started elsewhere would
/// begin on the shared executor and then hop (measured: about 1 µs a turn under load).
///
/// The actors an ``ActorHost`` makes for itself and for a user's serial executor are loop
/// actors; a test host's driven actor and the main actor are not, and their loops start
/// their turns as before.
///
/// ```swift
/// let actor = HostActor()
/// actor.turns.attach(handle)   // the loop's handle, once, as the loop is made
/// actor.startDrainTurn()       // a turn on `actor` that drains the loop's mailbox
/// ```
protocol LoopActor: Actor {
    /// The loop whose turns the actor runs.
    nonisolated var turns: LoopTurns { get }
}

extension LoopActor {
    /// Starts a turn on this actor that drains the loop's mailbox, unless the loop is
    /// gone by then.
    nonisolated func startDrainTurn() {
        Task(operation: drainTurn)
    }

    private func drainTurn() async {
        turns.drainer?.drainTurn(on: self)
    }
}

/// What drains a loop in a turn of its actor: the loop's handle, which gives the loop
/// only to a function isolated to that actor.
protocol LoopDrainer: AnyObject, Sendable {
    /// Drains the loop's mailbox, when the loop is still there.
    func drainTurn(on actor: isolated any Actor)
}

/// The loop a ``LoopActor`` runs, held weakly: a released host's turns find nothing.
/// Set once and read with one atomic load, no lock: a drain turn reads it each time.
final class LoopTurns: Sendable {
    private final class Held: Sendable {
        weak let drainer: (any LoopDrainer)?

        init(_ drainer: any LoopDrainer) {
            self.drainer = drainer
        }
    }

    private let held = AtomicLazyReference<Held>()

    init() {}

    /// The loop's handle, set once, as the loop is made; a second call changes nothing.
    func attach(_ drainer: any LoopDrainer) {
        _ = held.storeIfNil(Held(drainer))
    }

    /// The loop's handle, `nil` once the loop is released.
    var drainer: (any LoopDrainer)? {
        held.load()?.drainer
    }
}

/// The actor an ``ActorHost`` makes for itself: its default executor is the host's.
actor HostActor: LoopActor {
    nonisolated let turns = LoopTurns()
}

/// An actor running a serial executor of the user's, for an ``ActorHost`` on it.
actor ExecutorActor: LoopActor {
    let executor: any SerialExecutor
    nonisolated let turns = LoopTurns()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(_ executor: any SerialExecutor) {
        self.executor = executor
    }
}
