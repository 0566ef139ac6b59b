import EffectEngine
import EffectEngineShared

extension Explorer {
    /// Turns what a walk found into a report: replays the trace of each finding and
    /// writes it as a test.
    @usableFromInline
    func report(of run: ExplorationRun<State, Event, Env>) -> ExplorationReport<State, Event> {
        let findings = run.findings
        let limit: ExplorationReport<State, Event>.Limit? =
            findings.nondeterminism != nil
            ? .nondeterminism
            : run.stoppedAtStates ? .states(run.maxStates) : run.foundBeyondDepth ? .depth(run.maxDepth) : nil
        let states = run.table.count
        let scope =
            switch limit {
            case nil: "in the \(Numbers.grouped(states)) states of the whole space"
            case .depth(let depth)?: "in the \(Numbers.grouped(states)) states within \(depth) events"
            case .states(let bound)?: "in the first \(Numbers.grouped(bound)) states (the state bound)"
            case .nondeterminism?: "in the \(Numbers.grouped(states)) states visited before the walk stopped"
            }
        var failures: [ExplorationFailure<State, Event>] = []
        var witnesses: [String: ExplorationTrace<State, Event>] = [:]
        var lines: [String] = []
        for (index, property) in properties.enumerated() {
            let id = findings.first[index]
            switch property.kind {
            case .always where id < 0:
                lines.append("✓ always \"\(property.name)\"")
            case .always:
                let expected = findings.states[index]
                let trace = replay(run.links, to: id).flatMap { trace in
                    expected.map { arrives(trace, at: $0.state, pending: $0.pending) } == true ? trace : nil
                }
                let place = trace.map { " " + Self.place($0.steps.count) } ?? ""
                let failure = failure(
                    .always(property.name), "always \"\(property.name)\" is broken\(place)", trace: trace,
                    name: property.name)
                failures.append(failure)
                lines.append("✗ " + failure.message)
            case .sometimes where id < 0:
                let message = "sometimes \"\(property.name)\" never holds \(scope)"
                failures.append(
                    ExplorationFailure(
                        kind: .sometimes(property.name), message: message, trace: nil, test: nil))
                lines.append("✗ " + message)
            case .sometimes:
                let trace = replay(run.links, to: id)
                if let trace { witnesses[property.name] = trace }
                lines.append("✓ sometimes \"\(property.name)\" holds " + Self.place(trace?.steps.count ?? 0))
            }
        }
        if let deadEnd = findings.firstDeadEnd {
            let trace = replay(run.links, to: Int(deadEnd.id)).flatMap { trace in
                arrives(trace, at: deadEnd.state, pending: deadEnd.pending) ? trace : nil
            }
            let count =
                findings.deadEnds == 1 ? "" : " (\(Numbers.grouped(findings.deadEnds)) dead ends in all)"
            let failure = failure(
                .deadEnd,
                "dead end\(trace.map { " " + Self.place($0.steps.count) } ?? ""): no event is enabled and the state "
                    + "is not marked terminal\(count)", trace: trace, name: "dead end")
            failures.append(failure)
            lines.append("✗ " + failure.message)
        } else {
            lines.append("✓ no dead end")
        }
        if let cut = findings.firstChainCut {
            let trace = replay(run.links, to: Int(cut.parent), then: Int(cut.edge))
            let count =
                findings.chainCuts == 1 ? "" : " (\(Numbers.grouped(findings.chainCuts)) transitions in all)"
            let failure = failure(
                .chainCut(limit: stepper.chainLimit),
                "the .action chain of event \(trace.map { "\($0.steps.count)" } ?? "?") is cut after "
                    + "\(stepper.chainLimit) steps (a cycle?)\(count)", trace: trace,
                name: "action chain is cut")
            failures.append(failure)
            lines.append("✗ " + failure.message)
        }
        if let (parent, edge) = findings.nondeterminism {
            let trace = replay(run.links, to: Int(parent))
            let choice = trace.flatMap { trace in
                let choices = self.choices(in: canonical?(trace.state) ?? trace.state, pending: trace.finalPending)
                return Int(edge) < choices.count ? choices[Int(edge)] : nil
            }
            let event = choice.map { StateDiff.render($0.event) } ?? "an event"
            let from = choice.flatMap { taskName($0.task) }.map { " (from task \($0.debugDescription))" } ?? ""
            let message =
                "\(event)\(from), stepped twice from the same state \(trace.map { Self.place($0.steps.count) } ?? ""), "
                + "gave two different results: `update` or one of its `.action`s is not a function of the state and "
                + "the event (an env that draws fresh ids or reads the clock?). The walk stopped there: the space "
                + "it explores is not the feature's. Give the explorer an env that answers the same every time."
            failures.append(ExplorationFailure(kind: .nondeterministic, message: message, trace: trace, test: nil))
            lines.append("✗ " + message)
        }
        var unmodelled = run.tracker.unmodelled.sorted()
        if run.tracker.issuedUnnamed { unmodelled.append(TaskTracker.unnamedLabel) }
        if run.tracker.unnamedOverflowed {
            unmodelled.append("\(TaskTracker.unnamedLabel) beyond \(TaskTracker.maxUnnamed) pending")
        }
        let bytes = Double(run.table.bytes + run.links.bytes) / Double(max(1, states))
        let text = ReportText.make(
            states: states, transitions: run.transitions, depth: run.depth, limit: limit,
            bytesPerState: bytes,
            checks: lines, unmodelled: unmodelled,
            failures: failures.filter { $0.trace != nil }.map(\.description))
        return ExplorationReport(
            states: states, transitions: run.transitions, depth: run.depth, limit: limit, failures: failures,
            witnesses: witnesses, deadEnds: findings.deadEnds, unmodelledTasks: unmodelled,
            bytesPerState: bytes,
            graph: run.graph?.graph(taskName: taskName), text: text)
    }

    /// "after 3 events", "after 1 event", "in the initial state".
    static func place(_ events: Int) -> String {
        switch events {
        case 0: "in the initial state"
        case 1: "after 1 event"
        default: "after \(events) events"
        }
    }

    private func failure(
        _ kind: ExplorationFailure<State, Event>.Kind, _ message: String,
        trace: ExplorationTrace<State, Event>?,
        name: String
    ) -> ExplorationFailure<State, Event> {
        guard let trace else {
            return ExplorationFailure(
                kind: kind,
                message: message + " — the trace could not be replayed: `update` or the enabled events "
                    + "are not a function of the state", trace: nil, test: nil)
        }
        let test = TestWriter(code: code).test(named: name, saying: message, trace: trace)
        return ExplorationFailure(kind: kind, message: message, trace: trace, test: test)
    }

    /// The trace the links give to state `id`, and on by the event numbered `then`.
    func replay(_ links: TraceLinks, to id: Int, then edge: Int? = nil) -> ExplorationTrace<State, Event>? {
        replay(from: links.start(of: id), links.path(to: id) + (edge.map { [$0] } ?? []))
    }

    /// Steps the events numbered `edges` from initial state number `start`, numbering each
    /// state's events as the walk does; `nil` when a number has no event.
    ///
    /// Under a symmetry, the walk numbered the events of representatives: the trace steps
    /// the representatives alongside, and in each real state takes the first event whose
    /// successor has the representative the walk reached, so its states are real ones.
    func replay(from start: Int, _ edges: [Int]) -> ExplorationTrace<State, Event>? {
        guard initialStates.indices.contains(start) else { return nil }
        let initial = initialStates[start]
        var state = initial
        var representative = canonical?(initial)
        var recorder = ReplayRecorder<State, Event, Env>(tracker: tracker)
        var steps: [ExplorationTrace<State, Event>.Step] = []
        for edge in edges {
            let pendingBefore = recorder.tracker.pending
            var choice: (event: Event, task: Int)
            if let canonical, let current = representative {
                let choices = self.choices(in: current, pending: pendingBefore)
                guard edge < choices.count else { return nil }
                let target = stepped(current, pending: pendingBefore, by: choices[edge], canonical)
                let real = self.choices(in: state, pending: pendingBefore).first { candidate in
                    let reached = stepped(state, pending: pendingBefore, by: candidate, canonical)
                    return reached.state == target.state && reached.pending == target.pending
                }
                guard let real else { return nil }
                choice = real
                representative = target.state
            } else {
                let choices = self.choices(in: state, pending: pendingBefore)
                guard edge < choices.count else { return nil }
                choice = choices[edge]
            }
            recorder.tracker.pending = pending(pendingBefore, afterDeliveryBy: choice.task)
            recorder.isTopLevel = true
            stepper.step(choice.event, state: &state, handler: &recorder)
            steps.append(
                ExplorationTrace.Step(
                    event: choice.event, task: taskName(choice.task), state: state,
                    pendingTasks: recorder.tracker.names(in: recorder.tracker.pending),
                    effect: recorder.effect))
        }
        return ExplorationTrace(initialState: initial, steps: steps, finalPending: recorder.tracker.pending)
    }

    /// The representative of the state `choice` leads to from `state`, and its pending tasks.
    private func stepped(
        _ state: State, pending: UInt64, by choice: (event: Event, task: Int), _ canonical: (State) -> State
    ) -> (state: State, pending: UInt64) {
        var next = state
        var recorder = ReplayRecorder<State, Event, Env>(tracker: tracker)
        recorder.tracker.pending = self.pending(pending, afterDeliveryBy: choice.task)
        stepper.step(choice.event, state: &next, handler: &recorder)
        return (canonical(next), recorder.tracker.pending)
    }

    /// Whether `trace` ends in the state the walk found, `expected` (a representative,
    /// under a symmetry), with these pending tasks.
    func arrives(_ trace: ExplorationTrace<State, Event>, at expected: State, pending: UInt64) -> Bool {
        (canonical?(trace.state) ?? trace.state) == expected && trace.finalPending == pending
    }

    /// The events of a state, numbered as the walk numbers them: the enabled events, then
    /// each pending task's outcomes, in model order, then the unnamed tasks' outcomes.
    func choices(in state: State, pending: UInt64) -> [(event: Event, task: Int)] {
        var choices = enabledEvents(state).map { (event: $0, task: -1) }
        for task in tasks.indices where pending & (1 << UInt64(task)) != 0 {
            choices += tasks[task].outcomes(state).map { (event: $0, task: task) }
        }
        if TaskTracker.unnamedCount(in: pending) > 0, let unnamedOutcomes {
            choices += unnamedOutcomes(state).map { (event: $0, task: TaskTracker.unnamed) }
        }
        return choices
    }
}

/// Keeps the pending tasks and the top-level effect of each replayed event.
struct ReplayRecorder<State, Event: Sendable, Env>: StepHandler {
    var tracker: TaskTracker
    var isTopLevel = true
    var effect: EffectSummary?

    mutating func updated(_ event: Event, state: State, effect: Effect<Event, Env>?, byAction: Bool) {
        guard isTopLevel else { return }
        isTopLevel = false
        self.effect = effect?.summary
    }

    mutating func taskIssued(_ task: TaskEffect<Event, Env>) { tracker.issued(task.name) }
    mutating func cancelIssued(_ name: String) { tracker.cancelled(name) }
}
