// What comes through an `Input`: the mailbox's rules (R12), and which events are dropped
// (R7), before they are queued and when they reach the main actor.

extension LoopCore {
    /// What becomes of an event taken from the mailbox.
    enum Reception: Equatable {
        /// Processed now, in this tree (its part already open).
        case process(in: TreeID?)
        /// Dropped: its task was cancelled (R7) or the host stopped (R9); its performer
        /// is released.
        case dropped
    }

    /// An event reached the main actor through the mailbox (the host is busy draining):
    /// from outside, or from the task of `origin`, and awaited by `performer` when it was
    /// performed. An event of a cancelled task is dropped here, even when it was queued
    /// before the cancellation (R7). A task's event joins the task's tree; a performed
    /// event opens a tree of its own, inside the task's (R10).
    mutating func mailArrived(from origin: TaskToken?, performer: WaiterID?) -> Reception {
        // Tested without a closure: one over `dropsEvent(from:)` captured a copy of the
        // core (measured: about 290 instructions a message, the copy's retains and releases).
        var drops = isStopped
        if !drops, let origin { drops = dropsEvent(from: origin) }
        guard !drops else {
            eventDropped(tree: nil, performer: performer)
            return .dropped
        }
        let parent = origin?.tree
        guard let performer else {
            if let parent { trees.partOpened(parent) }
            return .process(in: parent)
        }
        return .process(in: trees.opened(waiter: performer, parent: parent))
    }

    /// Whether an event a task sent on the main actor (``Input/send(_:)``), or one of its
    /// events taken from the mailbox, is dropped: the task was cancelled — replaced,
    /// `.cancel`led or stopped (R7). Its body may still be running.
    func dropsEvent(from origin: TaskToken) -> Bool { tasks.registry.isCancelled(origin) }

    /// An event was dropped (R7, R9), wherever it was waiting: its part of `tree` closes
    /// and its performer is released.
    mutating func eventDropped(tree: TreeID?, performer: WaiterID?) {
        if let tree { partClosed(tree) }
        if let performer { wake(performer, .abandoned) }
    }
}

/// The mailbox's rules, as a plain value the host's ``Mailbox`` keeps under its lock:
/// which messages it takes or refuses, when a drain turn is due, and how many messages a
/// turn handles (R7, R9, R12).
///
/// The mailbox keeps the messages and acts on these answers: it appends a message taken,
/// schedules the drain turn due, and counts a refused event as dropped, releasing its
/// performer. One first-in, first-out queue keeps each sender's order (R12) and puts a
/// task's end behind the events it sent (R10).
struct MailboxRules: Hashable, Sendable {
    /// A message, as the rules see it.
    enum Message {
        case event
        /// A body returned or threw; `cancelled` when its task had been cancelled.
        case bodyEnded(cancelled: Bool)
    }

    /// What becomes of a posted message.
    enum Posting {
        /// Refused: the host stopped (events) or is gone (everything).
        case refused
        /// Taken; a drain turn is already due, or none is needed yet.
        case queued
        /// Taken as the first message since the last drain: a drain turn is due.
        case queuedFirst
    }

    /// Whether a drain turn is scheduled and has not yet found the queue empty, or the
    /// host holds the drain for itself.
    private(set) var drainScheduled = false
    /// The host is stopping: events are refused, ends of bodies still taken, so `stop()`
    /// learns of each (R9, R14).
    private(set) var refusesEvents = false
    /// The host is gone: nothing is taken any more.
    private var isClosed = false
    /// Whether the end of a cancelled body needs a drain turn of its own: when the host is
    /// observed (the end is reported) or stopping (`stop()` waits for it). Otherwise
    /// nothing waits on it, and it is handled with the next drain.
    private var wakesForCancelledEnds = false

    init() {}

    /// The most messages one main-actor turn handles before it yields, so a producer far
    /// ahead of the loop cannot starve other main-actor work, `stop()` included (R12).
    static var drainBudget: Int { 16_384 }

    /// Whether an event sent through a task's ``Input``, from any thread, is dropped before
    /// it is queued: its task was cancelled (R7). The host flags the token as it acts on a
    /// cancellation; each such drop is counted on the token and reported with the task's
    /// end.
    static func dropsEvent(from origin: TaskToken?) -> Bool {
        origin?.isCancelled == true
    }

    /// A message was posted: whether it is taken, and whether a drain turn is now due.
    mutating func posted(_ message: Message) -> Posting {
        guard !isClosed else { return .refused }
        var waitsForNextDrain = false
        switch message {
        case .event: if refusesEvents { return .refused }
        case .bodyEnded(let cancelled): waitsForNextDrain = cancelled && !wakesForCancelledEnds
        }
        guard !drainScheduled, !waitsForNextDrain else { return .queued }
        drainScheduled = true
        return .queuedFirst
    }

    /// A drain found the queue empty: the next message schedules a new turn, unless
    /// `keepSchedule` (a drain taken early by a `send`, while the scheduled one is still
    /// to run).
    mutating func drainFoundNothing(keepSchedule: Bool) {
        if !keepSchedule { drainScheduled = false }
    }

    /// The host will drain the mailbox itself before its current main-actor turn ends:
    /// messages posted until then schedule no turn.
    mutating func drainHeld() {
        drainScheduled = true
    }

    /// An observer came or went, or the host began to stop: whether anyone waits on the
    /// end of a cancelled body.
    mutating func endWatchersChanged(watched: Bool) {
        wakesForCancelledEnds = watched
    }

    /// The host is stopping: events are refused from now on (R9).
    mutating func stopRequested() {
        refusesEvents = true
    }

    /// The host is gone: everything is refused from now on.
    mutating func hostReleased() {
        refusesEvents = true
        isClosed = true
    }
}
