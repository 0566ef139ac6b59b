import EffectEngine

/// Traces: the choices a checker found, stepped again through the same system, keeping
/// each state, its pending tasks and its effect. A trace is known by its choices'
/// numbers (the walk's links, a graph's transitions) or by its events and their tasks
/// (a simulated walk, a trace another checker gave): either way the same steps.
extension TransitionSystem {
    /// Steps `choice`, keeping what a trace shows of it.
    func traceStep(_ choice: Choice<Event>, state: inout State, pending: inout UInt64)
        -> ExplorationTrace<State, Event>.Step
    {
        var notes = StepNotes(recordsReports: true)
        step(choice, state: &state, pending: &pending, notes: &notes)
        return ExplorationTrace.Step(
            event: choice.event, task: tracker.name(of: choice.task), state: state,
            pendingTasks: tracker.names(in: pending), effect: notes.effect)
    }

    /// The trace of `choices` from a state with the given pending tasks (by default an
    /// initial state, with none).
    func trace(from start: State, pending: UInt64 = 0, choices: [Choice<Event>]) -> ExplorationTrace<State, Event> {
        var state = start
        var pending = pending
        let steps = choices.map { traceStep($0, state: &state, pending: &pending) }
        return ExplorationTrace(initialState: start, steps: steps, finalPending: pending)
    }

    /// The trace of the choices numbered `edges` from initial state number `start`, as
    /// the walk numbered them; `nil` when a number has no choice (the model's closures
    /// answered differently this time: not a function of the state).
    ///
    /// Under a symmetry, the walk numbered the choices of representatives: the trace steps
    /// the representatives alongside, and in each real state takes the first choice whose
    /// successor has the representative the walk reached, so its states are real ones.
    func trace(fromInitial start: Int, edges: [Int]) -> ExplorationTrace<State, Event>? {
        guard initialStates.indices.contains(start) else { return nil }
        let initial = initialStates[start]
        var state = initial
        var pending: UInt64 = 0
        var representative = canonical.map { $0(initial) }
        var steps: [ExplorationTrace<State, Event>.Step] = []
        for edge in edges {
            let choice: Choice<Event>
            if let canonical, let current = representative {
                let offered = choices(in: current, pending: pending)
                guard edge < offered.count else { return nil }
                let target = reached(from: current, pending: pending, by: offered[edge], canonical)
                guard
                    let real = choices(in: state, pending: pending).first(where: { candidate in
                        let other = reached(from: state, pending: pending, by: candidate, canonical)
                        return other.state == target.state && other.pending == target.pending
                    })
                else { return nil }
                choice = real
                representative = target.state
            } else {
                let offered = choices(in: state, pending: pending)
                guard edge < offered.count else { return nil }
                choice = offered[edge]
            }
            steps.append(traceStep(choice, state: &state, pending: &pending))
        }
        return ExplorationTrace(initialState: initial, steps: steps, finalPending: pending)
    }

    /// The representative of the state `choice` leads to from `state`, and its pending tasks.
    private func reached(
        from state: State, pending: UInt64, by choice: Choice<Event>, _ canonical: (State) -> State
    ) -> (state: State, pending: UInt64) {
        var next = state
        var nextPending = pending
        var notes = StepNotes()
        step(choice, state: &next, pending: &nextPending, notes: &notes)
        return (canonical(next), nextPending)
    }

    /// Whether `trace` ends in the state the walk found, `expected` (a representative,
    /// under a symmetry), with these pending tasks.
    func arrives(_ trace: ExplorationTrace<State, Event>, at expected: State, pending: UInt64) -> Bool {
        representative(of: trace.state) == expected && trace.finalPending == pending
    }
}

extension TransitionSystem where Event: Equatable {
    /// The number of the choice of `state` that is `event` from `task`; `nil` when the
    /// state offers no such choice.
    func number(of event: Event, task: Int, in state: State, pending: UInt64) -> Int? {
        choices(in: state, pending: pending).firstIndex { $0.task == task && $0.event == event }
    }

    /// The choices of a trace, as this system numbers them in each of its states: `nil`
    /// when a step is not a choice of the state before it, or does not reach the state
    /// the trace shows after it. A trace any checker found replays here.
    func replay(_ trace: ExplorationTrace<State, Event>) -> [Int]? {
        var state = trace.initialState
        var pending: UInt64 = 0
        var numbers: [Int] = []
        for shown in trace.steps {
            let task = tracker.number(of: shown.task)
            if shown.task != nil && task < 0 { return nil }
            guard let number = number(of: shown.event, task: task, in: state, pending: pending) else { return nil }
            var notes = StepNotes()
            step(Choice(event: shown.event, task: task), state: &state, pending: &pending, notes: &notes)
            guard state == shown.state, tracker.names(in: pending) == shown.pendingTasks else { return nil }
            numbers.append(number)
        }
        return numbers
    }
}
