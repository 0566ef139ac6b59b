/// The loop's decisions, as one plain value: whether an event runs now, waits, or is
/// dropped; the live tasks and their pacing windows; the `perform` trees; the bodies not
/// yet returned; who waits for what; the stop phase; and when the host is idle.
///
/// Every happening is one method, named after what happened (`eventArrived`,
/// `taskIssued`, `taskEnded`, `stopRequested`, …), and returns what the host must do:
/// the event to process or drop, the tasks to cancel, and, through ``takeWakeups(queued:)``,
/// the waiters to resume. The core starts nothing, cancels nothing and resumes nothing;
/// its parts are read and written by its own files only (`Core/`), and the host never
/// reads or writes them (``flags`` is visible to the module only so the hot path inlines
/// its tests of it). It lives on the main actor with its host, and it is `Hashable`, so
/// its tests compare it as a value and the project's explorer walks every state it can
/// reach (`LoopCoreExplorationTests`).
///
/// One file a topic, each rule decided in one of them (the table of The Rules names
/// which): arrival and deferral here (R2, R11); what comes through the mailbox in
/// `LoopCore+Mail.swift` (R7, R12); tasks in `LoopCore+Tasks.swift` (R5, R6, R14, with
/// ``TaskRegistry``); `perform` trees in `LoopCore+Performing.swift` (R10, with
/// ``PerformTrees``); stopping in `LoopCore+Stop.swift` (R9); idleness in
/// `LoopCore+Idle.swift` (R17).
///
/// Reentrancy rule (R2, R11), enforced by ``eventArrived(tree:mailWaiting:)``: while the
/// host is busy (an event's chain or a drain of the mailbox runs), an event arriving on
/// the main actor is deferred and processed after the work in progress, never nested in
/// it; while it is free, the messages waiting in the mailbox go first. The core decides;
/// the deferred events themselves wait in the host's ``LoopQueue``, the one part that
/// depends on the feature's types. The core is not generic, so the host's task paths,
/// compiled once in this module, call it without generic metadata.
@usableFromInline
struct LoopCore: Hashable, Sendable {
    /// What to do with an event that arrived on the main actor.
    @usableFromInline
    enum Admission {
        /// Process it now; the host is marked busy until ``finishedWork()``.
        case processNow
        /// Queued behind the work in progress.
        case deferred
        /// The host has stopped; the event is dropped.
        case dropped
        /// Messages wait in the mailbox and the host is free: they go first (R2). The host
        /// drains them, then asks again.
        case mailFirst
    }

    /// Busy, stopping, waited on until idle and holding wake-ups, as bits of one byte, so
    /// the hot path tests them all at once: zero is a running host with nothing in
    /// progress and no one to wake or to tell it is idle.
    @usableFromInline var flags: UInt8 = 0
    @usableFromInline static var busyFlag: UInt8 { 1 }
    @usableFromInline static var stoppingFlag: UInt8 { 2 }
    @usableFromInline static var idleWaitedFlag: UInt8 { 4 }
    @usableFromInline static var wakeupsFlag: UInt8 { 8 }

    /// The open `perform` trees (`LoopCore+Performing.swift`).
    var trees = PerformTrees()
    /// The tasks: live ones, their bodies, cancellations and pacing windows
    /// (`LoopCore+Tasks.swift`).
    var tasks = Tasks()
    /// The waits until idle (`LoopCore+Idle.swift`).
    var idleWaiters: [WaiterID] = []
    /// The `stop()`s waiting for bodies (`LoopCore+Stop.swift`).
    var stopWaiters: [StopWaiter] = []
    /// The waiters to wake, handed over by ``takeWakeups(queued:)``.
    var wakeups: [Wakeup] = []

    @usableFromInline init() {}

    /// Whether an event's chain or a drain of the mailbox is in progress.
    @inlinable var isBusy: Bool { flags & Self.busyFlag != 0 }
    /// Whether `stop()` was called: events are dropped, bodies are awaited.
    @inlinable var isStopped: Bool { flags & Self.stoppingFlag != 0 }

    // MARK: Arrival (R2, R11)

    /// An event arrived on the main actor: `send`, `perform`, `Input.send`, or a message
    /// of the mailbox. Decides whether the messages waiting in the mailbox go first (R2),
    /// and whether the event is processed now, deferred behind the work in progress (R11),
    /// or dropped (R9); a dropped event's part of `tree` is closed.
    ///
    /// - Parameters:
    ///   - tree: The `perform` tree the event belongs to, if any.
    ///   - mailWaiting: Whether messages wait in the mailbox; asked only when the host
    ///     is free.
    @inlinable
    mutating func eventArrived(tree: TreeID?, mailWaiting: @autoclosure () -> Bool = false) -> Admission {
        if flags == 0, tree == nil, !mailWaiting() {
            flags = Self.busyFlag
            return .processNow
        }
        return admit(tree: tree, mailWaiting: !isBusy && mailWaiting())
    }

    @usableFromInline
    mutating func admit(tree: TreeID?, mailWaiting: Bool) -> Admission {
        if mailWaiting { return .mailFirst }
        guard !isStopped else {
            if let tree { partClosed(tree) }
            return .dropped
        }
        if let tree { trees.partOpened(tree) }
        guard !isBusy else { return .deferred }
        flags |= Self.busyFlag
        return .processNow
    }

    /// A drain of the mailbox begins; `false` when the host is busy (the work in progress
    /// drains it).
    mutating func drainBegan() -> Bool {
        guard !isBusy else { return false }
        flags |= Self.busyFlag
        return true
    }

    /// The event's chain (or the drain) and every deferred event have been processed.
    ///
    /// Whether the host is now idle (R17) is decided when the host takes its wake-ups
    /// (``takeWakeups(queued:)``), at the end of its work, never in the middle of a chain:
    /// a task replaced by its own event's chain (a poll handing off to the next poll)
    /// leaves no idle instant. Deciding here instead put a test and a call on every
    /// `send` (measured: a plain `send` 9.4 → 14.2 ns).
    @inlinable
    mutating func finishedWork() {
        flags &= ~Self.busyFlag
    }

    // MARK: Waking

    /// Whether waiters are to be woken, or a wait until idle to be decided: the host then
    /// calls ``takeWakeups(queued:)``.
    @inlinable var hasWakeups: Bool { flags & (Self.wakeupsFlag | Self.idleWaitedFlag) != 0 }

    /// Hands a waiter back to the host, with what it learned, at its next
    /// ``takeWakeups(queued:)``.
    mutating func wake(_ waiter: WaiterID, _ outcome: Wakeup.Outcome) {
        wakeups.append(Wakeup(waiter: waiter, outcome: outcome))
        flags |= Self.wakeupsFlag
    }
}
