// The host's actor: where the machinery's own turns run.
//
// An ``EffectHost`` runs on the main actor, and an ``ActorHost``'s loop on that host's
// actor (``hostActor``). The loop is the same code either way; what differs is only how a
// turn of its own (a drain of the mailbox, a timer, a task body on the host's actor) gets
// onto the actor, and that is decided here, once per turn, never per event.

nonisolated extension EffectHost: MailboxOwner {
    /// One turn on the host's actor that drains the mailbox, unless the host is gone by
    /// then. On the main actor, a main-actor task, as before hosts ran anywhere else.
    func scheduleDrainTurn() {
        guard let hostActor else {
            Task { @MainActor [weak self] in self?.drainMailbox() }
            return
        }
        Task { [weak self] in await Self.drainTurn(self, on: hostActor) }
    }

    private static func drainTurn(_ host: EffectHost?, on actor: isolated any Actor) {
        host?.drainMailbox()
    }

    /// Calls `body` on the host's actor every `interval`, for as long as it returns `true`
    /// and the host lives; it holds the host weakly.
    func repeatOnHostActor(every interval: Duration, _ body: @escaping @Sendable (EffectHost) -> Bool) {
        guard let hostActor else {
            Task { @MainActor [weak self] in
                while true {
                    try? await Task.sleep(for: interval)
                    guard let self, body(self) else { return }
                }
            }
            return
        }
        Task { [weak self] in
            while true {
                try? await Task.sleep(for: interval)
                guard let self, await Self.call(body, with: self, on: hostActor) else { return }
            }
        }
    }

    private static func call(
        _ body: @Sendable (EffectHost) -> Bool, with host: EffectHost, on actor: isolated any Actor
    ) -> Bool {
        body(host)
    }

    /// Starts a body on the host's actor (``TaskIsolation/mainActor`` on an ``ActorHost``):
    /// the body runs in a turn of the actor's own, its events wait in the mailbox behind
    /// the chain in progress (R2), and its end, reported on the actor, behind them (R10).
    func startOnHostActor(
        _ actor: any Actor, _ token: TaskToken, priority: TaskPriority?, delay: Duration?,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) {
        let input = Input(sink: sink, origin: token)
        let (mailbox, env) = (mailbox, env)
        let handle = Task(priority: priority) {
            await Self.runBody(on: actor, token: token, input: input, env: env, mailbox: mailbox, operation: operation)
        }
        core.taskStarted(token, handle: handle)
        if isObserved { notifyTask(Self.launched(token, delay: delay)) }
    }

    /// Runs a body on `actor`: a `nonisolated(nonsending)` operation runs on its caller's
    /// actor, this function's.
    private static func runBody(
        on actor: isolated any Actor, token: TaskToken, input: Input<Event>, env: Env, mailbox: Mailbox<Event>,
        operation: nonisolated(nonsending) @Sendable (Input<Event>, Env) async throws -> Void
    ) async {
        do {
            try await operation(input, env)
            mailbox.taskEndedOnMainActor(token, failure: nil)
        } catch {
            mailbox.taskEndedOnMainActor(token, failure: error)
        }
    }
}
