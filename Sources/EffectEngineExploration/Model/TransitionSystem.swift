import EffectEngine

/// One choice in a model state: an event a user (or the world) sends, or one a pending
/// task delivers.
@usableFromInline
struct Choice<Event> {
    @usableFromInline let event: Event
    /// The number of the task that delivers it: `-1` for a user's event, the task's
    /// place in the model for a named task, ``TaskTracker/unnamed`` for an unnamed one.
    @usableFromInline let task: Int

    @inlinable
    init(event: Event, task: Int) {
        self.event = event
        self.task = task
    }
}

extension Choice: Sendable where Event: Sendable {}

/// What stepping a choice led to, as the walk keeps it.
@usableFromInline
enum Stepped<State> {
    /// The successor (its representative, under a symmetry) and its pending tasks.
    case next(State, pending: UInt64)
    /// Stepped twice from the same state, the choice gave two different results (X3).
    case nondeterministic
    /// Under a symmetry, the successor's representative is not its own (X5): the
    /// representative `canonical` gave.
    case notCanonical(State)
}

/// The model an ``Explorer`` declares, as a transition system: its initial states, the
/// choices of a state, and the successor a choice leads to. Every checker takes its
/// successors from here, so a trace one of them finds replays in all of them: the walk
/// (and the graph it keeps for liveness, coverage and test plans), simulation and
/// shrinking, a test plan's model following the host, and the replay of traces.
///
/// It is the only caller of the `Stepper`, of the task rules (``TaskTracker``), of the
/// symmetry's `canonical` and of the determinism check; a state's choices are listed in
/// one place, ``choices(in:pending:into:)``, and a choice is known everywhere by its
/// number in that list.
///
/// Inlinable, so the walk is specialised for the feature's own types in the caller's
/// module: no state is boxed, and `update` and `hash(into:)` are called directly.
@usableFromInline
struct TransitionSystem<State: Hashable, Event: Sendable, Env> {
    /// The states exploration starts from, as the explorer was given them.
    @usableFromInline let initialStates: [State]
    @usableFromInline let stepper: Stepper<State, Event, Env>
    @usableFromInline let enabledEvents: (State) -> [Event]
    /// What each named task may deliver, bit `i` of a mask being `outcomes[i]`.
    @usableFromInline let outcomes: [(State) -> [Event]]
    @usableFromInline let unnamedOutcomes: ((State) -> [Event])?
    @usableFromInline let canonical: ((State) -> State)?
    @usableFromInline let tracker: TaskTracker

    @usableFromInline
    init(_ explorer: Explorer<State, Event, Env>) {
        initialStates = explorer.initialStates
        stepper = explorer.stepper
        enabledEvents = explorer.enabledEvents
        outcomes = explorer.tasks.map(\.outcomes)
        unnamedOutcomes = explorer.unnamedOutcomes
        canonical = explorer.canonical
        var keepsRunning: UInt64 = 0
        for (index, task) in explorer.tasks.enumerated() where task.keepsRunning { keepsRunning |= 1 << UInt64(index) }
        tracker = TaskTracker(
            names: explorer.tasks.map(\.name), modelsUnnamed: explorer.unnamedOutcomes != nil,
            keepsRunning: keepsRunning)
    }

    /// The modelled task names, bit `i` of a mask being `taskNames[i]`.
    @usableFromInline var taskNames: [String] { tracker.names }

    /// The representative the walk keeps for `state` (X5): `state` itself with no symmetry.
    @inlinable
    func representative(of state: State) -> State {
        canonical.map { $0(state) } ?? state
    }

    /// Lists the choices of a state in `choices`, in the one order every checker numbers
    /// them by: the enabled events, then each pending task's outcomes in model order,
    /// then the unnamed tasks' outcomes (listed once: delivering one by any of them is
    /// the same transition).
    @inlinable @inline(__always)
    func choices(in state: State, pending: UInt64, into choices: inout [Choice<Event>]) {
        choices.removeAll(keepingCapacity: true)
        for event in enabledEvents(state) { choices.append(Choice(event: event, task: -1)) }
        var mask = pending & TaskTracker.namedBits
        while mask != 0 {
            let task = mask.trailingZeroBitCount
            mask &= mask - 1
            for event in outcomes[task](state) { choices.append(Choice(event: event, task: task)) }
        }
        if TaskTracker.unnamedCount(in: pending) > 0, let unnamedOutcomes {
            for event in unnamedOutcomes(state) { choices.append(Choice(event: event, task: TaskTracker.unnamed)) }
        }
    }

    /// The choices of a state, numbered as ``choices(in:pending:into:)`` numbers them.
    @usableFromInline
    func choices(in state: State, pending: UInt64) -> [Choice<Event>] {
        var list: [Choice<Event>] = []
        choices(in: state, pending: pending, into: &list)
        return list
    }

    /// Runs a choice and its `.action` chain as a host would, keeping the pending tasks:
    /// the task that delivered it ends (unless it keeps delivering), and the tasks and
    /// cancels of the chain follow R5–R7.
    @inlinable @inline(__always)
    func step(_ choice: Choice<Event>, state: inout State, pending: inout UInt64, notes: inout StepNotes) {
        pending = tracker.pending(pending, afterDeliveryBy: choice.task)
        guard let effect = stepper.update(&state, choice.event) else {
            if notes.reports != nil { notes.effect = nil }
            return
        }
        follow(effect, of: choice.event, state: &state, pending: &pending, notes: &notes)
    }

    /// Runs the rest of a chain, for an event whose `update` returned an effect. Out of
    /// line: a task's description holds a `TaskPriority`, whose layout is only known at
    /// run time, and the common step (no effect) should not set up a frame for it.
    @inlinable @inline(never)
    func follow(
        _ effect: Effect<Event, Env>, of event: Event, state: inout State, pending: inout UInt64,
        notes: inout StepNotes
    ) {
        if notes.reports != nil { notes.effect = effect.summary }
        var chain = StepChain(after: event, effect: effect)
        loop: while true {
            switch stepper.next(&chain, state: &state) {
            case .updated: continue
            case .task:
                let task = chain.task
                tracker.issued(task?.name, pacing: task?.pacing, pending: &pending, notes: &notes)
            case .cancel: tracker.cancelled(chain.cancelled, pending: &pending)
            case .report:
                if notes.reports != nil, let problem = chain.reported { notes.reports!.append(problem) }
            case .chainCut: notes.wasCut = true
            case .done: break loop
            }
        }
    }

    /// The successor the walk keeps for a choice of `state`: its representative under a
    /// symmetry. While `checks` holds (the walk's first transitions), the choice is
    /// stepped twice, to catch an `update` or an `.action` that is not a function of the
    /// state and the event (X3), and the representative is checked to be its own (X5).
    @inlinable @inline(__always)
    func successor(
        of state: State, pending: UInt64, by choice: Choice<Event>, checks: Bool, notes: inout StepNotes
    ) -> Stepped<State> {
        var next = state
        var nextPending = pending
        step(choice, state: &next, pending: &nextPending, notes: &notes)
        if checks {
            var again = state
            var pendingAgain = pending
            let cut = notes.wasCut
            step(choice, state: &again, pending: &pendingAgain, notes: &notes)
            notes.wasCut = cut
            if again != next || pendingAgain != nextPending { return .nondeterministic }
        }
        if let canonical {
            next = canonical(next)
            if checks && canonical(next) != next { return .notCanonical(next) }
        }
        return .next(next, pending: nextPending)
    }

    /// The fingerprint of a model state: the feature's state and its pending tasks,
    /// hashed with the standard library's `Hasher` (SipHash, seeded per process).
    @inlinable
    static func fingerprint(_ state: State, _ pending: UInt64) -> UInt64 {
        var hasher = Hasher()
        state.hash(into: &hasher)
        hasher.combine(pending)
        #if _pointerBitWidth(_64)
            return UInt64(UInt(bitPattern: hasher.finalize()))
        #else
            // A 32-bit `Hasher` gives 32 bits: a second, salted hash gives the rest.
            let low = UInt64(UInt(bitPattern: hasher.finalize()))
            var salted = Hasher()
            salted.combine(0x9E37_79B9 as UInt32)
            state.hash(into: &salted)
            salted.combine(pending)
            return UInt64(UInt(bitPattern: salted.finalize())) << 32 | low
        #endif
    }
}
