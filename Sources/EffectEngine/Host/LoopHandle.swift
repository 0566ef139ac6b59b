// The loop's actor: where the machinery's own turns run, and how they get back in.
//
// An ``EffectHost``'s loop runs on the main actor, an ``ActorHost``'s on that host's
// actor, a test host's on an actor whose turns the test runs. The loop is the same code
// either way; what differs is only how a turn of its own (a drain of the mailbox, a timer,
// a task body on the host's actor) gets onto the actor, and that is decided here, once per
// turn, never per event.

/// The one way back into a ``HostLoop`` from a turn the loop scheduled on its actor: a
/// drain of its mailbox, a timer, the end of a body that ran on its actor.
///
/// `@unchecked Sendable`, and the only such handle of the loop: it holds the loop, which
/// is not `Sendable`, weakly, and hands it out only to a function isolated to the loop's
/// own actor (``loop(on:)``, whose `isolated` parameter the compiler checks, and whose
/// identity with ``actor`` a debug build checks), or on the main actor to a loop whose
/// actor is the main actor (``mainActorLoop``). A scheduled turn holds the handle, never
/// the loop, so a released host is freed and its turns find nothing. The weak reference
/// never changes after ``attach(_:)``, which runs in the loop's initializer, before the
/// handle is shared.
@usableFromInline
final class LoopHandle<State, Event: Sendable, Env: Sendable>: MailboxOwner, LoopDrainer, @unchecked Sendable {
    private weak var loop: HostLoop<State, Event, Env>?
    /// The loop's actor.
    let actor: any Actor
    /// Whether ``actor`` is the main actor: its turns are main-actor tasks, with no hop.
    let isMainActor: Bool
    /// ``actor`` when it starts the loop's drain turns itself, with no hop.
    private let loopActor: (any LoopActor)?

    init(actor: any Actor, mailbox: Mailbox<Event>) {
        self.actor = actor
        self.isMainActor = actor === MainActor.shared
        self.loopActor = actor as? any LoopActor
        mailbox.attach(self)
        loopActor?.turns.attach(self)
    }

    /// Set once, by the loop's initializer.
    func attach(_ loop: HostLoop<State, Event, Env>) {
        self.loop = loop
    }

    /// The loop, to a function isolated to its actor; `nil` once the loop is released.
    func loop(on actor: isolated any Actor) -> HostLoop<State, Event, Env>? {
        assert(actor === self.actor, "a loop was entered from an actor that is not its own")
        return loop
    }

    /// The loop when its actor is the main actor, to a caller on the main actor.
    @MainActor var mainActorLoop: HostLoop<State, Event, Env>? {
        isMainActor ? loop : nil
    }

    /// One turn on the loop's actor that drains the mailbox, unless the loop is gone by
    /// then. On the main actor, a main-actor task.
    func scheduleDrainTurn() {
        if let loopActor { return loopActor.startDrainTurn() }
        guard !isMainActor else {
            Task { @MainActor [self] in loop(on: MainActor.shared)?.drainMailbox() }
            return
        }
        let actor = self.actor
        Task { [self] in await drainTurn(on: actor) }
    }

    /// Drains the mailbox in a turn of the loop's actor, unless the loop is gone.
    func drainTurn(on actor: isolated any Actor) {
        loop(on: actor)?.drainMailbox()
    }

    /// Processes an event sent with ``Input/send(_:)`` on the main actor: now, when the
    /// loop's actor is the main actor; otherwise as `input(event)` would, in a turn of its
    /// own.
    @MainActor func deliver(_ event: Event, from origin: TaskToken?, mailbox: Mailbox<Event>) {
        guard let loop = mainActorLoop else { return mailbox.enqueue(event, from: origin) }
        loop.deliver(event, from: origin)
    }

    /// A body on the loop's actor returned or threw, on that actor: its end is handled in
    /// this turn (now, or when the loop's work in progress ends), not in a drain turn of
    /// its own. A method of the handle, not of the generic loop: the body's code, compiled
    /// once for every feature, calls it with no generic metadata to look up.
    func bodyEnded(_ token: TaskToken, failure: (any Error)?, mailbox: Mailbox<Event>, on actor: isolated any Actor) {
        guard mailbox.bodyEndedOnActor(token, failure: failure) else { return }
        loop(on: actor)?.drainWhenIdle()
    }

    /// Calls `body` with the loop in a turn of its actor at `deadline`, unless the loop is
    /// gone by then: how a bounded wait ends.
    func at(_ deadline: ContinuousClock.Instant, _ body: @escaping @Sendable (HostLoop<State, Event, Env>) -> Void) {
        let actor = self.actor
        Task { [self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            await visit(on: actor, body)
        }
    }

    /// Calls `body` with the loop on its actor every `interval`, for as long as it returns
    /// `true` and the loop lives.
    func repeatEvery(_ interval: Duration, _ body: @escaping @Sendable (HostLoop<State, Event, Env>) -> Bool) {
        let actor = self.actor
        Task { [self] in
            while true {
                try? await Task.sleep(for: interval)
                guard await visit(on: actor, body) == true else { return }
            }
        }
    }

    private func visit<Result>(
        on actor: isolated any Actor, _ body: @Sendable (HostLoop<State, Event, Env>) -> Result
    ) -> Result? {
        loop(on: actor).map(body)
    }
}

extension HostLoop {
    /// An event sent with ``Input/send(_:)`` on the main actor, to a loop on the main
    /// actor: processed now, by the same rules as queued events.
    func deliver(_ event: Event, from origin: TaskToken?) {
        guard let origin else {
            arrive(event, cause: .external, tree: nil)
            return
        }
        let cause = Transition<State, Event>.Cause.task(origin.info)
        guard !core.dropsEvent(from: origin), arrive(event, cause: cause, tree: origin.tree) != .dropped else {
            return dropped(event, cause: cause, tree: nil, performer: nil)
        }
    }

    /// Starts a body on the loop's actor (``TaskIsolation/mainActor`` on an
    /// ``ActorHost``): the body runs in a turn of the actor's own, its events wait in the
    /// mailbox behind the chain in progress (R2), and its end, reported on the actor,
    /// behind them (R10).
    func startOnHostActor(
        _ token: TaskToken, priority: TaskPriority?, delay: Duration?,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) {
        let body = Self.launchOnActor(
            token: token, priority: priority, input: Input(sink: sink, origin: token), env: env, handle: handle,
            mailbox: mailbox, operation: operation)
        core.taskStarted(token, handle: body)
        if isObserved { notifyTask(Self.launched(token, delay: delay)) }
    }

    private static func launchOnActor(
        token: TaskToken, priority: TaskPriority?, input: Input<Event>, env: Env,
        handle: LoopHandle<State, Event, Env>, mailbox: Mailbox<Event>,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) -> Task<Void, Never> {
        let actor = handle.actor
        return Task(priority: priority) {
            await runBody(
                on: actor, token: token, input: input, env: env, handle: handle, mailbox: mailbox,
                operation: operation)
        }
    }

    /// Runs a body on `actor`: a `nonisolated(nonsending)` operation runs on its caller's
    /// actor, this function's.
    private static func runBody(
        on actor: isolated any Actor, token: TaskToken, input: Input<Event>, env: Env,
        handle: LoopHandle<State, Event, Env>, mailbox: Mailbox<Event>,
        operation: nonisolated(nonsending) @Sendable (Input<Event>, Env) async throws -> Void
    ) async {
        do {
            token.bodyBegan()
            try await operation(input, env)
            handle.bodyEnded(token, failure: nil, mailbox: mailbox, on: actor)
        } catch {
            handle.bodyEnded(token, failure: error, mailbox: mailbox, on: actor)
        }
    }

}
