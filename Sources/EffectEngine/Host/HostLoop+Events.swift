// The loop: how events reach `update`, and how what the stepper returns is carried out.
//
// Every door (`send`, `perform`, `Input.send`, and the mailbox's messages) goes through
// `arrive`, where the core decides: process now, defer behind the work in progress
// (R2, R11), or drop (stopped). The hot path (`send`, `arrive`, `process`) is
// `@inlinable` so a feature's module specialises it for its own State, Event and Env.

extension HostLoop {
    /// An event arrived on the loop's actor: the core decides whether the events waiting in
    /// the mailbox go first (R2), and whether this one is processed now, deferred or
    /// dropped (R11, R9).
    ///
    /// Returns what the core decided. A dropped event's part of its tree is closed; the
    /// caller reports it when it came from a task (``deliver(_:from:)``). Reporting it
    /// here, on the path of every `send`, kept the event and its cause alive across the
    /// chain (measured: a `send` in an async loop 9.5 → 14.3 ns).
    @inlinable @discardableResult
    func arrive(_ event: Event, cause: Transition<State, Event>.Cause, tree: TreeID?) -> LoopCore.Admission {
        #if DEBUG
        let entry = entryGuard.enter()
        defer { entryGuard.leave(entry) }
        #endif
        var admission = core.eventArrived(tree: tree, mailWaiting: hasWaitingMessages)
        if admission == .mailFirst { admission = mailWentFirst(tree: tree) }
        switch admission {
        case .processNow:
            process(event, cause: cause, tree: tree)
            if !deferred.isEmpty { processDeferred() }
            core.finishedWork()
            if owesDrain { drainMailbox(early: false) }
            resumeWakeups()
        case .deferred:
            deferred.append(DeferredEvent(event: event, cause: cause, tree: tree))
        case .dropped, .mailFirst:
            resumeWakeups()
        }
        return admission
    }

    /// The core put the messages waiting in the mailbox first (R2): they are drained, then
    /// the event arrives again, with no mail ahead of it. Out of line, and compiled once:
    /// the hot path only tests for it.
    @usableFromInline
    func mailWentFirst(tree: TreeID?) -> LoopCore.Admission {
        drainMailbox(early: true, beforeEvent: true)
        return core.eventArrived(tree: tree)
    }

    /// Runs one event's chain through the stepper and carries out what it asks for; then
    /// tells observers the loop is settled (R16).
    ///
    /// Small, so it inlines into `send`: an event with no effect, no `perform` and no one
    /// watching (the common case) costs the call of `update` and one test (measured:
    /// 137 → 95 instructions a `send`, `--profile send`).
    @inlinable
    func process(_ event: Event, cause: Transition<State, Event>.Cause, tree: TreeID?) {
        let effect = stepper.update(&currentState, event)
        guard effect != nil || tree != nil || settledWatchers != 0 else { return }
        carryOut(effect, of: event, cause: cause, tree: tree)
    }

    /// What `process` does for an event with an effect, in a `perform` or watched: out of
    /// line, so the common case sets up no frame for it.
    @inlinable @inline(never)
    func carryOut(
        _ effect: __owned Effect<Event, Env>?, of event: Event, cause: Transition<State, Event>.Cause,
        tree: TreeID?
    ) {
        if reportsTransitions { reportTransition(event, effect: effect, cause: cause) }
        // Moved into the chain, not copied: a copy of an `.action` is a retain and a
        // release of its closure (measured: about 90 instructions an event).
        if let effect = consume effect { run(consume effect, after: event, cause: cause, tree: tree) }
        if let tree { core.partClosed(tree) }
        if isObserved { notifySettled() }
        // Settled (R16): trackers and stream readers, when there are any.
        if settledWatchers & (Self.trackedBit | Self.readersBit) != 0 { tellSettledWatchers() }
    }

    /// Runs the rest of an event's chain through the stepper, carrying out each task and
    /// cancel as it comes.
    ///
    /// `effect` is `__owned` so it can move into the chain; `consuming` says the same,
    /// but the 6.3 compiler crashes on it here ("bare ErrorType singleton").
    @inlinable
    func run(
        _ effect: __owned Effect<Event, Env>, after event: Event, cause: Transition<State, Event>.Cause,
        tree: TreeID?
    ) {
        var chain = StepChain(after: event, effect: consume effect)
        while true {
            switch stepper.next(&chain, state: &currentState) {
            case .updated:
                if reportsTransitions { reportTransition(chain.event, effect: chain.effect, cause: .action) }
            case .task:
                start(taking: &chain.last, tree: tree)
            case .cancel:
                cancelTasks(named: chain.cancelled)
            case .report:
                if isObserved, let problem = chain.reported { notify(.diagnostic(problem)) }
            case .chainCut:
                if isObserved {
                    notify(.diagnostic(.chainCut(limit: stepper.chainLimit, event: String(describing: chain.origin))))
                }
            case .done:
                return
            }
        }
    }

    /// Starts the task of the `.task` or `.paced` effect the stepper just met.
    ///
    /// The effect is taken apart here, in code specialised for the feature, so that
    /// starting the task handles plain values; out of line, so that the chain's loop holds
    /// no address-only payload (a `TaskPriority?`); and moved out of the chain, not copied
    /// (measured: 385 instructions less for a replacement, `--profile replace.held`).
    @inlinable @inline(never)
    func start(taking effect: inout Effect<Event, Env>?, tree: TreeID?) {
        switch effect.take() {
        case .task(let name, let priority, let operation)?:
            startTask(name: name, priority: priority, operation: operation, tree: tree)
        case .paced(let name, let pacing, let priority, let operation)?:
            startPacedTask(name: name, pacing: pacing, priority: priority, operation: operation, tree: tree)
        default:
            break
        }
    }

    @inlinable
    func reportTransition(_ event: Event, effect: Effect<Event, Env>?, cause: Transition<State, Event>.Cause) {
        notify(.transition(Transition(event: event, state: currentState, effect: effect?.summary, cause: cause)))
    }

    /// Processes the events deferred while the host was busy, oldest first.
    @usableFromInline
    func processDeferred() {
        while let next = deferred.next() {
            process(next.event, cause: next.cause, tree: next.tree)
        }
    }

    /// Resumes the callers the core handed back: settled `perform`s, idle waits,
    /// finished stops.
    ///
    /// Called at the end of every piece of work: the core then also decides whether a wait
    /// until idle ends (R17). `eventInHand` is a drain made for an event it goes before:
    /// the host is not idle at its end, whatever the mailbox held.
    @inlinable
    func resumeWakeups(eventInHand: Bool = false) {
        guard core.hasWakeups else { return }
        wakeWaiters(eventInHand: eventInHand)
    }

    @usableFromInline
    func wakeWaiters(eventInHand: Bool) {
        for wakeup in core.takeWakeups(queued: eventInHand || hasWaitingMessages) { waiters.resume(wakeup) }
    }

    /// Whether messages wait: in the mailbox, or taken from it and not yet handled.
    @inlinable
    var hasWaitingMessages: Bool { mailbox.hasMessages || !inbox.isEmpty }

    /// Processes what the mailbox holds, yielding the loop's actor after a bounded number of
    /// messages so a flood of input cannot starve other main-actor work, `stop()` included.
    func drainMailbox() {
        drainMailbox(early: false)
    }

    /// Drains the mailbox. A drain turn handles at most ``MailboxRules/drainBudget``
    /// messages (R12), one at a
    /// time, and keeps the rest of a batch for the next turn: a producer far ahead of the
    /// loop never makes one turn long. `early` is a drain made by a main-actor `send` or
    /// `perform` so that events already waiting go first (R2): it handles every message
    /// waiting now, and leaves the scheduled drain turn in place.
    ///
    /// `beforeEvent` is a drain made for an event in hand, which it goes before: the host
    /// is not idle when it ends (R17), whatever the mailbox held.
    @usableFromInline
    func drainMailbox(early: Bool, beforeEvent: Bool = false) {
        #if DEBUG
        let entry = entryGuard.enter()
        defer { entryGuard.leave(entry) }
        #endif
        guard core.drainBegan() else { return }
        var handled = 0
        var tookBatch = false
        repeat {
            // Bodies started on the main actor by the events handled here (deferred ones
            // included) post to a held mailbox: this drain goes on until none is owed.
            if !early { owesDrain = false }
            while early || handled < MailboxRules.drainBudget {
                if inbox.isEmpty {
                    if early && tookBatch { break }
                    guard inbox.refill({ mailbox.takeAll(into: &$0, keepSchedule: early) }) else { break }
                    tookBatch = true
                }
                guard let message = inbox.next() else { break }
                handled += 1
                handle(message)
            }
            processDeferred()
        } while !early && owesDrain && handled < MailboxRules.drainBudget
        core.finishedWork()
        resumeWakeups(eventInHand: beforeEvent)
        guard !early, handled >= MailboxRules.drainBudget else { return }
        // The rest in a turn of its own: no drain is owed in this one.
        owesDrain = false
        mailbox.scheduleDrain()
    }

    /// A body on the main actor ended outside any work, and its end is held in the
    /// mailbox: handled now, or by the work in progress when it ends.
    func drainWhenIdle() {
        if core.isBusy {
            owesDrain = true
        } else {
            drainMailbox(early: false)
        }
    }

    /// The host stops: messages taken from the mailbox and not yet handled are settled.
    /// Events are dropped (a task's counted, a performer released); ends of bodies are
    /// handled, so `stop()` sees them.
    func settleInboxForStop() {
        while let message = inbox.next() {
            switch message {
            case .event(let event, let origin, let performer):
                dropped(event, cause: origin.map { .task($0.info) } ?? .external, tree: nil, performer: performer)
            case .taskEnded(let token, let failure):
                taskEnded(token, failure: failure)
            }
        }
    }

    /// Drops an event (R7, R9): the one place the host does, whichever door the event
    /// came through and wherever it waited. The core closes its part of `tree` and
    /// releases its performer; an event from a task is reported to the observers. (Off
    /// the main actor, an ``Input`` of a cancelled task drops its events before they are
    /// queued, and counts them on the task's token; the host reports the count with the
    /// task's end.)
    @usableFromInline
    func dropped(
        _ event: Event, cause: Transition<State, Event>.Cause, tree: TreeID?,
        performer: CheckedContinuation<Void, Never>?
    ) {
        if tree != nil || performer != nil {
            core.eventDropped(tree: tree, performer: performer.map { waiters.add(.performer($0)) })
        }
        if isObserved, case .task(let task) = cause { notify(.dropped(event, from: task)) }
        resumeWakeups()
    }

    private func handle(_ message: Mailbox<Event>.Message) {
        switch message {
        case .event(let event, let origin, let performer):
            receive(event, from: origin, performer: performer)
        case .taskEnded(let token, let failure):
            taskEnded(token, failure: failure)
        }
    }

    /// An event from the mailbox: from outside, or from a task. A task's event joins the
    /// task's tree; a `perform` opens a tree of its own, nested in the task's (R10).
    private func receive(
        _ event: Event, from origin: TaskToken?, performer: CheckedContinuation<Void, Never>?
    ) {
        let waiter = performer.map { waiters.add(.performer($0)) }
        let cause: Transition<State, Event>.Cause = origin.map { .task($0.info) } ?? .external
        // Checked again here: the task may have been cancelled after it sent (R7).
        switch core.mailArrived(from: origin, performer: waiter) {
        case .process(let tree): process(event, cause: cause, tree: tree)
        case .dropped: dropped(event, cause: cause, tree: nil, performer: nil)
        }
    }
}
