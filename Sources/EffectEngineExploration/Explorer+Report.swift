import EffectEngine
import EffectEngineShared

extension Explorer {
    /// Turns what a walk found into a report: replays the trace of each finding and
    /// writes it as a test.
    @usableFromInline
    func report(of walk: Walk<State, Event, Env>) -> ExplorationReport<State, Event> {
        let findings = walk.findings
        let system = walk.system
        let links = walk.links
        var nondeterminism: (parent: UInt32, edge: UInt32)?
        if case .nondeterminism(let parent, let edge)? = findings.stop { nondeterminism = (parent, edge) }
        let limit: ExplorationReport<State, Event>.Limit? =
            nondeterminism != nil
            ? .nondeterminism
            : walk.stoppedAtStates ? .states(walk.maxStates) : walk.foundBeyondDepth ? .depth(walk.maxDepth) : nil
        let states = walk.table.count
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
                let trace = trace(links, to: id, in: system).flatMap { trace in
                    expected.map { system.arrives(trace, at: $0.state, pending: $0.pending) } == true ? trace : nil
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
                let trace = trace(links, to: id, in: system)
                if let trace { witnesses[property.name] = trace }
                lines.append("✓ sometimes \"\(property.name)\" holds " + Self.place(trace?.steps.count ?? 0))
            }
        }
        if let deadEnd = findings.firstDeadEnd {
            let trace = trace(links, to: Int(deadEnd.id), in: system).flatMap { trace in
                system.arrives(trace, at: deadEnd.state, pending: deadEnd.pending) ? trace : nil
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
            let trace = trace(links, to: Int(cut.parent), then: Int(cut.edge), in: system)
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
        if let (parent, edge) = nondeterminism {
            let trace = trace(links, to: Int(parent), in: system)
            let choice = trace.flatMap { trace in
                let choices = system.choices(in: system.representative(of: trace.state), pending: trace.finalPending)
                return Int(edge) < choices.count ? choices[Int(edge)] : nil
            }
            let event = choice.map { StateDiff.render($0.event) } ?? "an event"
            let from = choice.flatMap { system.tracker.name(of: $0.task) }.map { " (from task \($0.debugDescription))" } ?? ""
            let message =
                "\(event)\(from), stepped twice from the same state \(trace.map { Self.place($0.steps.count) } ?? ""), "
                + "gave two different results: `update` or one of its `.action`s is not a function of the state and "
                + "the event (an env that draws fresh ids or reads the clock?). The walk stopped there: the space "
                + "it explores is not the feature's. Give the explorer an env that answers the same every time."
            failures.append(ExplorationFailure(kind: .nondeterministic, message: message, trace: trace, test: nil))
            lines.append("✗ " + message)
        }
        let unmodelled = walk.notes.unmodelledTasks
        let bytes = Double(walk.table.bytes + links.bytes) / Double(max(1, states))
        let text = ReportText.make(
            states: states, transitions: walk.transitions, depth: walk.depth, limit: limit,
            outside: constraint == nil ? nil : walk.outsideConstraint, bytesPerState: bytes,
            checks: lines, unmodelled: unmodelled,
            failures: failures.filter { $0.trace != nil }.map(\.description))
        let graph = walk.graph.map { recorder in
            ExplorationGraph(
                recorder, tracker: system.tracker, properties: properties.map(\.name), links: links,
                open: { depth in
                    switch limit {
                    case nil: false
                    case .depth(let bound)?: depth >= bound
                    case .states?, .nondeterminism?: depth >= walk.depth
                    }
                }, constraint: constraint)
        }
        return ExplorationReport(
            states: states, statesOutsideConstraint: walk.outsideConstraint, transitions: walk.transitions, depth: walk.depth, limit: limit, failures: failures,
            witnesses: witnesses, deadEnds: findings.deadEnds, unmodelledTasks: unmodelled,
            bytesPerState: bytes, graph: graph, text: text, timing: walk.timing)
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

    /// A trace written as a test, as failures of ``explore(depth:states:graph:workers:)`` are.
    func test(named name: String, saying message: String, trace: ExplorationTrace<State, Event>) -> String? {
        TestWriter(code: code).test(named: name, saying: message, trace: trace)
    }

    /// The trace the links give to state `id`, and on by the choice numbered `then`.
    func trace(
        _ links: TraceLinks, to id: Int, then edge: Int? = nil, in system: TransitionSystem<State, Event, Env>
    ) -> ExplorationTrace<State, Event>? {
        system.trace(fromInitial: links.start(of: id), edges: links.path(to: id) + (edge.map { [$0] } ?? []))
    }
}
