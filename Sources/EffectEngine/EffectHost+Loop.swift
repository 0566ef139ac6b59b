// The loop: how events reach `update` and how the effects it returns are carried out.
//
// Reentrancy rule (R11), enforced in `process`: while `update` or its chain runs,
// `isProcessing` is set, and any event sent meanwhile is appended to `deferred` and
// processed after the current chain, never nested inside it.
//
// The hot path (`send`, `process`, `step`, `run`) is `@inlinable` so a feature's module
// specialises it for its own State, Event and Env instead of calling generic code.

extension EffectHost {
    /// Processes one event and then any events deferred while it ran. `tree`, if any,
    /// counts this event as one open part, closed once its chain has run.
    @inlinable
    func process(_ event: Event, cause: Transition<State, Event>.Cause, tree: PerformTree?) {
        guard !hasStopped else {
            tree?.partClosed()
            return
        }
        guard !isProcessing else {
            deferred.append((event, cause, tree))
            return
        }
        isProcessing = true
        step(event, cause: cause, tree: tree)
        if !deferred.isEmpty { processDeferred() }
        isProcessing = false
    }

    @usableFromInline
    func processDeferred() {
        var index = 0
        while index < deferred.count {
            let (event, cause, tree) = deferred[index]
            index += 1
            if hasStopped {
                tree?.partClosed()
            } else {
                step(event, cause: cause, tree: tree)
            }
        }
        deferred.removeAll()
    }

    /// Runs `update` for one event and carries out its effect.
    @inlinable
    func step(_ event: Event, cause: Transition<State, Event>.Cause, tree: PerformTree?) {
        let effect = update(&currentState, event)
        if let observer { observe(event, effect: effect, cause: cause, with: observer) }
        if let effect { run(effect, for: event, tree: tree) }
        tree?.partClosed()
    }

    @inlinable
    func observe(
        _ event: Event, effect: Effect<Event, Env>?, cause: Transition<State, Event>.Cause,
        with observer: HostObserver<State, Event>
    ) {
        observer.observe(
            .transition(Transition(event: event, state: currentState, effect: effect?.summary, cause: cause)))
    }

    /// Carries out an effect depth first, left to right: an `.action`'s event is
    /// processed, with its own effects, before the next element of an enclosing
    /// `.sequence` (R3, R4). Actions are counted against the chain limit (R13).
    @inlinable
    func run(_ effect: Effect<Event, Env>, for origin: Event, tree: PerformTree?) {
        var next: Effect<Event, Env>? = effect
        var pending: [Effect<Event, Env>] = []
        var steps = 0
        while let effect = next ?? pending.popLast() {
            next = nil
            switch effect {
            case .action(let produce):
                guard let event = produce(env) else { continue }
                steps += 1
                guard steps <= chainLimit else {
                    chainCut(startedBy: origin)
                    return
                }
                next = update(&currentState, event)
                if let observer { observe(event, effect: next, cause: .action, with: observer) }
            case .task(let name, let priority, let operation):
                startTask(name: name, priority: priority, operation: operation, tree: tree)
            case .cancel(let name):
                cancelTask(named: name)
            case .sequence(let effects):
                pending.append(contentsOf: effects.reversed())
            }
        }
    }

    @usableFromInline
    func chainCut(startedBy event: Event) {
        observer?.observe(.diagnostic(.chainCut(limit: chainLimit, event: String(describing: event))))
    }

    /// Processes what the mailbox holds, yielding the main actor after a bounded amount
    /// of work so a flood of input cannot starve other main-actor work.
    func drainMailbox() {
        var handled = 0
        while handled < Self.drainBudget {
            guard mailbox.takeAll(into: &inbox) else { return }
            handled += inbox.count
            for message in inbox { handle(message) }
            inbox.removeAll(keepingCapacity: true)
        }
        mailbox.scheduleDrain()
    }

    /// The number of messages one main-actor turn processes before yielding.
    static var drainBudget: Int { 16_384 }

    private func handle(_ message: Mailbox<Event>.Message) {
        switch message {
        case .event(let event, let origin, let performer):
            receive(event, from: origin, performer: performer)
        case .taskEnded(let token, let failure):
            taskEnded(token, failure: failure)
        }
    }

    /// An event arrived through an ``Input``: from outside, or from a task, whose tree it
    /// joins unless it starts its own `perform` tree.
    private func receive(
        _ event: Event, from origin: TaskToken?, performer: CheckedContinuation<Void, Never>?
    ) {
        var cause = Transition<State, Event>.Cause.external
        var tree: PerformTree?
        if let origin {
            // Checked again here: the task may have been cancelled after it sent (R7).
            guard !origin.isCancelled else {
                observer?.observe(.dropped(event, from: origin.info))
                performer?.resume()
                return
            }
            cause = .task(origin.info)
            tree = registry.entry(for: origin)?.tree
        }
        if let performer { tree = PerformTree(waiter: performer) }
        tree?.partOpened()
        process(event, cause: cause, tree: tree)
    }

    /// An event sent with ``Input/send(_:)``: processed now, by the same rules as the
    /// mailbox's events.
    func deliver(_ event: Event, from origin: TaskToken?) {
        receive(event, from: origin, performer: nil)
    }
}
