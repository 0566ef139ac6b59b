import EffectEngine
import EffectEngineShared

/// Checks an explorer's liveness and step properties on the graph a walk kept (X7, X11,
/// X13–X16). The instances' predicates are judged first, in one pass over the states that
/// the workers share by ranges of states (`judgeStates`); then each property instance
/// (one per element of a quantified property) is a unit of work, and the workers take
/// units in turn, so a dozen properties are checked on every core. The graph is read,
/// never changed, so the verdicts and the traces are the same on any number of workers.
struct LivenessCheck<State: Hashable, Event: Sendable, Env> {
    typealias Result = LivenessReport<State, Event>.Result

    let explorer: Explorer<State, Event, Env>
    let graph: ExplorationGraph<State, Event>
    let system: TransitionSystem<State, Event, Env>
    let pendingTasks: [PendingTasks]
    let fair: FairCycles?
    /// The bound the walk stopped at, in words; `nil` when it saw the whole space.
    let bound: String?

    init(
        _ explorer: Explorer<State, Event, Env>, graph: ExplorationGraph<State, Event>,
        limit: ExplorationReport<State, Event>.Limit?, workers: Int
    ) {
        self.explorer = explorer
        self.graph = graph
        system = TransitionSystem(explorer)
        let names = system.taskNames
        pendingTasks = graph.pending.map { PendingTasks(mask: $0, modelled: names) }
        if explorer.liveness.contains(where: { $0.isFair }) {
            fair = FairCycles(graph, classes: explorer.fairClasses(of: graph, workers: workers))
        } else {
            fair = nil
        }
        if let limit { bound = Self.words(limit) } else { bound = nil }
    }

    /// The bound, as a verdict names it.
    static func words(_ limit: ExplorationReport<State, Event>.Limit) -> String {
        switch limit {
        case .depth(let depth):
            "the depth bound of \(depth == 1 ? "1 event" : "\(Numbers.grouped(depth)) events")"
        case .states(let states): "the bound of \(Numbers.grouped(states)) states"
        case .nondeterminism: "a nondeterministic transition, where the walk stopped"
        }
    }

    /// Every property's result, in declaration order.
    func results(workers: Int) -> [Result] {
        let units = explorer.liveness.indices.flatMap { property in
            explorer.liveness[property].instances.indices.map { (property, $0) }
        }
        let judged = judgeStates(units, workers: workers)
        let outcomes = ChunkResults<Outcome>(count: units.count)
        let queue = ChunkQueue()
        WorkerThreads.run(count: min(workers, units.count)) { _ in
            while true {
                let item = queue.next.add(1, ordering: .relaxed).oldValue
                guard item < units.count else { return }
                outcomes[item] = check(explorer.liveness[units[item].0], instance: units[item].1, judged[item])
            }
        }
        var results: [Result] = []
        var item = 0
        for property in explorer.liveness {
            var found: [Outcome] = []
            for _ in property.instances {
                if let outcome = outcomes.take(item) { found.append(outcome) }
                item += 1
            }
            results.append(result(of: property, found))
        }
        return results
    }

    /// What one instance's check found: a violation, or `nil` for none.
    struct Outcome {
        let label: String?
        let violation: Violation?
    }

    /// A trace (and for a fair lasso its loop) that breaks a property instance.
    struct Violation {
        let trace: ExplorationTrace<State, Event>?
        let cycle: [ExplorationTrace<State, Event>.Step]?
        let length: Int
        let stuckStates: Int
        let message: String
    }

    /// One property's result from its instances' outcomes: the shortest violation, the
    /// first of the shortest among quantified instances.
    private func result(of property: LivenessProperty<State, Event>, _ outcomes: [Outcome]) -> Result {
        let kind = property.kind.reported
        let violated = outcomes.filter { $0.violation != nil }
        guard let worst = violated.min(by: { $0.violation!.length < $1.violation!.length }),
            let violation = worst.violation
        else {
            let verdict: Result.Verdict = bound.map { .undecided(bound: $0) } ?? .holds
            let message =
                bound.map {
                    "\(property.kind.title) \"\(property.name)\" is undecided: nothing within the walk breaks it, "
                        + "but the walk stopped at \($0), and a state past it may; raise the bound to decide it"
                } ?? ""
            return Result(
                name: property.name, kind: kind, verdict: verdict, witness: nil, stuckStates: 0, trace: nil,
                cycle: nil, message: message, test: nil)
        }
        let message = worst.label.map { violation.message + " (for \($0))" } ?? violation.message
        let whole = violation.trace.map { trace in
            ExplorationTrace(
                initialState: trace.initialState, steps: trace.steps + (violation.cycle ?? []),
                finalPending: trace.finalPending)
        }
        let suffix = if case .staysReachable = property.kind { " is lost" } else { " fails" }
        return Result(
            name: property.name, kind: kind, verdict: .violated, witness: worst.label,
            stuckStates: violation.stuckStates, trace: violation.trace, cycle: violation.cycle,
            message: message,
            test: whole.flatMap { explorer.test(named: property.name + suffix, saying: message, trace: $0) })
    }

    private func check(
        _ property: LivenessProperty<State, Event>, instance index: Int, _ judged: Judged
    ) -> Outcome {
        let instance = property.instances[index]
        let nodes = graph.states.indices
        // The predicates the kind reads, as `judgeStates` judged them.
        func trigger() -> [Bool] { judged.trigger!.flags }
        func goal() -> [Bool] { judged.goal!.flags }
        let violation: Violation?
        switch property.kind {
        case .staysReachable(let paths):
            violation = staysReachable(property.name, trigger: trigger(), goal: goal(), paths)
        case .everyStep:
            violation = instance.step.flatMap { everyStep(property.name, $0) }
        case .temporal:
            violation = instance.formula.flatMap { formula(property.name, $0) }
        case .leadsTo:
            violation = lasso(property, trigger: trigger(), region: goal().map { !$0 }, mustVisit: nil)
        case .eventuallyHolds:
            violation = lasso(
                property, trigger: graph.depths.map { $0 == 0 }, region: goal().map { !$0 },
                mustVisit: nil)
        case .alwaysEventually:
            violation = lasso(
                property, trigger: Array(repeating: true, count: nodes.count),
                region: goal().map { !$0 }, mustVisit: nil)
        case .eventuallyAlways:
            violation = lasso(
                property, trigger: Array(repeating: true, count: nodes.count),
                region: Array(repeating: true, count: nodes.count),
                mustVisit: goal().map { !$0 })
        }
        return Outcome(label: instance.label, violation: violation)
    }
}
