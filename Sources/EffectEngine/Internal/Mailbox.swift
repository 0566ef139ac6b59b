/// The host's one queue of incoming work, shared with every ``Input``.
///
/// Senders on any thread append under a lock; the host drains the whole queue in one
/// main-actor turn, so a burst of events costs one hop to the main actor, not one each.
/// A single FIFO keeps each sender's order (R12) and puts a task's end behind the events
/// it sent, which is what lets `perform` know a tree has settled (R10).
@usableFromInline
final class Mailbox<Event: Sendable>: EventSink {
    enum Message: Sendable {
        /// An event, from a task when `origin` is set, awaited by `performer` if any.
        case event(Event, origin: TaskToken?, performer: CheckedContinuation<Void, Never>?)
        /// A task's body returned or threw.
        case taskEnded(TaskToken, failure: (any Error)?)
    }

    private struct State: Sendable {
        var messages: [Message] = []
        var drainScheduled = false
        var isClosed = false
        weak var owner: (any MailboxOwner<Event>)?
    }

    private let state = Locked(State())

    init() {}

    /// Connects the mailbox to the host that drains it. The mailbox holds it weakly:
    /// tasks keep the mailbox alive, never the host.
    func attach(_ owner: any MailboxOwner<Event>) {
        state.withLock { $0.owner = owner }
    }

    @usableFromInline
    func enqueue(_ event: Event, from origin: TaskToken?) {
        if let origin, origin.isCancelled { return }
        post(.event(event, origin: origin, performer: nil))
    }

    @usableFromInline
    @MainActor func deliver(_ event: Event, from origin: TaskToken?) {
        // The host checks the origin and reports a drop, as for queued events.
        let owner = state.withLock { $0.isClosed ? nil : $0.owner }
        owner?.deliver(event, from: origin)
    }

    @usableFromInline
    func perform(_ event: Event, from origin: TaskToken?) async {
        if let origin, origin.isCancelled { return }
        await withCheckedContinuation { continuation in
            post(.event(event, origin: origin, performer: continuation))
        }
    }

    func taskEnded(_ token: TaskToken, failure: (any Error)?) {
        post(.taskEnded(token, failure: failure))
    }

    /// Appends a message; the first message after a drain schedules the next drain.
    private func post(_ message: Message) {
        let outcome: (accepted: Bool, drainer: (any MailboxOwner<Event>)?) = state.withLock { state in
            guard !state.isClosed else { return (false, nil) }
            state.messages.append(message)
            guard !state.drainScheduled else { return (true, nil) }
            state.drainScheduled = true
            return (true, state.owner)
        }
        if !outcome.accepted {
            if case .event(_, _, let performer?) = message { performer.resume() }
            return
        }
        if let drainer = outcome.drainer { Self.wake(drainer) }
    }

    /// Swaps the queued messages into `buffer`, which must be empty, keeping the
    /// capacity of both. Returns `false` when nothing was queued: the next `post` then
    /// schedules a new drain.
    func takeAll(into buffer: inout [Message]) -> Bool {
        state.withLock { state in
            if state.messages.isEmpty {
                state.drainScheduled = false
                return false
            }
            swap(&state.messages, &buffer)
            return true
        }
    }

    /// Whether messages wait for the host, or a drain turn is scheduled and has not yet
    /// found the queue empty.
    var hasPendingWork: Bool {
        state.withLock { !$0.messages.isEmpty || $0.drainScheduled }
    }

    /// Schedules another drain turn, for a host that yields the main actor mid-burst.
    func scheduleDrain() {
        if let drainer = state.withLock({ $0.owner }) { Self.wake(drainer) }
    }

    /// One main-actor turn that drains the mailbox, unless its host is gone by then.
    private static func wake(_ drainer: any MailboxOwner<Event>) {
        Task { @MainActor [weak drainer] in drainer?.drainMailbox() }
    }

    /// Refuses every later message and returns those still queued.
    func close() -> [Message] {
        state.withLock { state in
            state.isClosed = true
            state.owner = nil
            defer { state.messages = [] }
            return state.messages
        }
    }
}

/// The host side of a ``Mailbox``.
@MainActor
protocol MailboxOwner<Event>: AnyObject, Sendable {
    associatedtype Event: Sendable
    /// Processes the queued messages.
    func drainMailbox()
    /// Processes an event sent with ``Input/send(_:)``.
    func deliver(_ event: Event, from origin: TaskToken?)
}
