import EffectEngineShared
import Synchronization

/// The host's one queue of incoming work, shared with every ``Input``.
///
/// Senders on any thread append under a lock; the host drains the whole queue in one
/// main-actor turn, so a burst of events costs one hop to the main actor, not one each.
/// A single FIFO keeps each sender's order (R12) and puts a task's end behind the events
/// it sent, which is what lets `perform` know a tree has settled (R10).
///
/// What it takes or refuses, and when a drain turn is due, is decided by its
/// ``MailboxRules`` (R7, R9, R12); the mailbox keeps the messages and carries the answers
/// out. When the host stops, it refuses events (their performers return at once) but
/// still takes the ends of bodies, so `stop()` learns of each end, and of each error
/// thrown while stopping (R14). Once the host is released, it refuses everything.
@usableFromInline
final class Mailbox<Event: Sendable>: EventSink {
    @usableFromInline
    enum Message: Sendable {
        /// An event, from a task when `origin` is set, awaited by `performer` if any.
        case event(Event, origin: TaskToken?, performer: CheckedContinuation<Void, Never>?)
        /// A task's body returned or threw.
        case taskEnded(TaskToken, failure: (any Error)?)
    }

    private struct State: Sendable {
        var messages: [Message] = []
        var rules = MailboxRules()
        weak var owner: (any MailboxOwner<Event>)?
    }

    private let state = Locked(State())
    /// Mirrors `!state.messages.isEmpty`, read without the lock by a main-actor `send`
    /// deciding whether events are waiting ahead of it (R2).
    @usableFromInline let hasMessagesFlag = Atomic<Bool>(false)

    init() {}

    /// Connects the mailbox to the host that drains it. The mailbox holds it weakly:
    /// tasks keep the mailbox alive, never the host.
    func attach(_ owner: any MailboxOwner<Event>) {
        state.withLock { $0.owner = owner }
    }

    /// Whether messages wait to be drained; a snapshot.
    @inlinable var hasMessages: Bool { hasMessagesFlag.load(ordering: .acquiring) }

    @usableFromInline
    func enqueue(_ event: Event, from origin: TaskToken?) {
        if MailboxRules.dropsEvent(from: origin) {
            origin?.countDrop()
            return
        }
        post(.event(event, origin: origin, performer: nil))
    }

    @usableFromInline
    @MainActor func deliver(_ event: Event, from origin: TaskToken?) {
        // The loop checks the origin and reports a drop, as for queued events.
        let owner = state.withLock { $0.rules.refusesEvents ? nil : $0.owner }
        owner?.deliver(event, from: origin, mailbox: self)
    }

    @usableFromInline
    func perform(_ event: Event, from origin: TaskToken?) async {
        if MailboxRules.dropsEvent(from: origin) {
            origin?.countDrop()
            return
        }
        await withCheckedContinuation { continuation in
            post(.event(event, origin: origin, performer: continuation))
        }
    }

    func taskEnded(_ token: TaskToken, failure: (any Error)?) {
        post(.taskEnded(token, failure: failure))
    }

    /// A body on the host's actor (the main actor for an ``EffectHost``) returned or
    /// threw, on that actor: its end is to be handled in this turn (now, or when the
    /// loop's work in progress ends) rather than in a drain turn of its own. Returns
    /// whether the caller, on the loop's actor, is to have the loop drain it
    /// (``HostLoop/drainWhenIdle()``): no drain turn was scheduled for it.
    func bodyEndedOnActor(_ token: TaskToken, failure: (any Error)?) -> Bool {
        post(.taskEnded(token, failure: failure), schedulesDrain: false) == .queuedFirst
    }

    /// Whether the end of a cancelled body schedules a drain turn (see
    /// ``MailboxRules/endWatchersChanged(watched:)``); the host sets it from whether it is
    /// observed or stopping.
    func setWakesForCancelledEnds(_ wakes: Bool) {
        state.withLock { $0.rules.endWatchersChanged(watched: wakes) }
    }

    /// Appends a message, if the rules take it; the first message after a drain schedules
    /// the next drain, unless `schedulesDrain` is false: the caller then has the host
    /// drain it.
    ///
    /// The outcome is a plain enum, and the owner is read only when a drain is to be
    /// scheduled: a tuple holding the `any MailboxOwner<Event>` existential would cost a
    /// runtime metadata lookup on every message in this generic code (measured: up to 40%
    /// of the time of an event from a task).
    @discardableResult
    private func post(_ message: consuming Message, schedulesDrain: Bool = true) -> MailboxRules.Posting {
        let message = message
        let kind: MailboxRules.Message
        switch message {
        case .event: kind = .event
        case .taskEnded(let token, _): kind = .bodyEnded(cancelled: token.isCancelled)
        }
        let outcome = state.withLock { state in
            let outcome = state.rules.posted(kind)
            guard outcome != .refused else { return outcome }
            state.messages.append(message)
            // Stored on the first message only: every main-actor `send` reads the flag,
            // and a store per message would bounce its cache line between threads.
            if state.messages.count == 1 { hasMessagesFlag.store(true, ordering: .releasing) }
            return outcome
        }
        switch outcome {
        case .queued:
            break
        case .queuedFirst:
            if schedulesDrain { scheduleDrain() }
        case .refused:
            if case .event(_, let origin, let performer) = message {
                origin?.countDrop()
                performer?.resume()
            }
        }
        return outcome
    }

    /// Swaps the queued messages into `buffer`, which must be empty, keeping the
    /// capacity of both. Returns `false` when nothing was queued: the next `post` then
    /// schedules a new drain, unless `keepSchedule` (a drain taken early by a `send`,
    /// while the scheduled one is still to run).
    func takeAll(into buffer: inout [Message], keepSchedule: Bool = false) -> Bool {
        state.withLock { state in
            if state.messages.isEmpty {
                state.rules.drainFoundNothing(keepSchedule: keepSchedule)
                return false
            }
            swap(&state.messages, &buffer)
            hasMessagesFlag.store(false, ordering: .releasing)
            return true
        }
    }

    /// The host will drain the mailbox itself before its current main-actor turn ends:
    /// messages posted until then schedule no drain turn. The host's next drain that
    /// finds the mailbox empty lifts the hold.
    func holdDrain() {
        state.withLock { $0.rules.drainHeld() }
    }

    /// Whether messages wait for the host, or a drain turn is scheduled and has not yet
    /// found the queue empty.
    var hasPendingWork: Bool {
        state.withLock { !$0.messages.isEmpty || $0.rules.drainScheduled }
    }

    /// Schedules another drain turn, for a host that yields its actor mid-burst.
    func scheduleDrain() {
        if let drainer = state.withLock({ $0.owner }) { drainer.scheduleDrainTurn() }
    }

    /// Refuses every later event, and returns the events still queued; the ends of
    /// bodies are still taken (the host is stopping).
    func refuseEvents() -> [Message] {
        state.withLock { state in
            state.rules.stopRequested()
            var events: [Message] = []
            state.messages.removeAll { message in
                guard case .event = message else { return false }
                events.append(message)
                return true
            }
            if state.messages.isEmpty { hasMessagesFlag.store(false, ordering: .releasing) }
            return events
        }
    }

    /// Refuses everything from now on (the host is gone), and returns what was queued.
    func close() -> [Message] {
        state.withLock { state in
            state.rules.hostReleased()
            state.owner = nil
            hasMessagesFlag.store(false, ordering: .releasing)
            defer { state.messages = [] }
            return state.messages
        }
    }
}

/// The loop's side of a ``Mailbox``: its ``LoopHandle``.
protocol MailboxOwner<Event>: AnyObject, Sendable {
    associatedtype Event: Sendable
    /// Schedules one turn on the loop's actor that drains the mailbox, unless the loop is
    /// gone by then.
    func scheduleDrainTurn()
    /// Processes an event sent with ``Input/send(_:)`` on the main actor, or enqueues it
    /// in `mailbox` when the loop runs on another actor.
    @MainActor func deliver(_ event: Event, from origin: TaskToken?, mailbox: Mailbox<Event>)
}
