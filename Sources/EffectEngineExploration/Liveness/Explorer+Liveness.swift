import EffectEngine

extension Explorer {
    /// Adds a liveness property: from every reachable state where `trigger` holds, a
    /// state where `goal` holds must stay reachable (X7).
    ///
    /// A spinner that can never stop, a request whose answer can no longer arrive, a
    /// screen no event leaves: each is a state from which the goal is lost, though no
    /// single state is wrong. ``checkLiveness(depth:states:workers:)`` (and
    /// ``liveness(of:)``) finds the nearest such state and its trace:
    ///
    /// ```swift
    /// let report = try explorer
    ///     .eventually("loading ends", after: { $0.isLoading }, { !$0.isLoading })
    ///     .checkLiveness()
    /// #expect(report.violations.isEmpty, "\(report)")
    /// ```
    ///
    /// This is the branching-time property `AG(trigger ⇒ EF goal)`: some path reaches
    /// the goal from every trigger state, not every path (that is TLC's leads-to under
    /// fairness, `leadsTo(_:from:to:)`). A state past
    /// the bounds of the walk is assumed to reach the goal, so a bounded walk reports only
    /// what it saw.
    ///
    /// With `through: .taskOutcomes`, only the events pending tasks deliver may lead to
    /// the goal: a spinner must stop on its own, not because the user refreshes again.
    ///
    /// - Parameters:
    ///   - name: What the property says, for the report and the test's name.
    ///   - trigger: The states the property speaks of; by default every state.
    ///   - paths: Which transitions may lead to the goal; by default any event.
    ///   - goal: The states that must stay reachable from them.
    /// - Returns: The explorer, with the property added.
    public func eventually(
        _ name: String, after trigger: @escaping (State) -> Bool = { _ in true },
        through paths: LivenessPaths = .anyEvent, _ goal: @escaping (State) -> Bool
    ) -> Explorer {
        eventually(name, after: { state, _ in trigger(state) }, through: paths, { state, _ in goal(state) })
    }

    /// Adds a liveness property over states and their pending tasks.
    ///
    /// ```swift
    /// explorer.eventually(
    ///     "a pending search answers", after: { _, tasks in tasks.contains("search") },
    ///     { _, tasks in !tasks.contains("search") })
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - trigger: The states (with their pending tasks) the property speaks of.
    ///   - paths: Which transitions may lead to the goal; by default any event.
    ///   - goal: The states that must stay reachable from them.
    /// - Returns: The explorer, with the property added.
    public func eventually(
        _ name: String, after trigger: @escaping (State, PendingTasks) -> Bool,
        through paths: LivenessPaths = .anyEvent, _ goal: @escaping (State, PendingTasks) -> Bool
    ) -> Explorer {
        addingLiveness(LivenessProperty(name: name, trigger: trigger, goal: goal, kind: .staysReachable(paths)))
    }

    /// Explores the space keeping its graph, and checks every `eventually` and `leadsTo`
    /// property on it.
    ///
    /// ```swift
    /// let liveness = try explorer.checkLiveness(depth: 12, workers: 2)
    /// #expect(liveness.violations.isEmpty, "\(liveness)")
    /// ```
    ///
    /// The graph is the same on any number of workers, and so are the verdicts and the
    /// traces.
    ///
    /// - Parameters:
    ///   - depth: The most events from the initial state; `nil` for no bound.
    ///   - states: The most distinct states kept; each is kept whole, with its edges.
    ///   - workers: The most threads that expand a level of the walk at once.
    /// - Returns: What held and what did not, with the trace to the nearest state from
    ///   which a goal is lost, or the lasso on which a fair path never reaches it.
    /// - Throws: ``ExplorationError`` for a bound out of range or a mistake in the model.
    public func checkLiveness(depth: Int? = nil, states: Int = 100_000, workers: Int = 1) throws(ExplorationError)
        -> LivenessReport<State, Event>
    {
        // `explore(graph: true)` keeps the graph; the liveness check reads it.
        try liveness(of: explore(depth: depth, states: states, graph: true, workers: workers))!
    }

    /// Checks every `eventually` and `leadsTo` property on the graph a report kept.
    ///
    /// ```swift
    /// let report = try explorer.explore(graph: true)
    /// let liveness = explorer.liveness(of: report)
    /// ```
    ///
    /// - Parameter report: A report of this explorer, made with `graph: true`.
    /// - Returns: The liveness report; `nil` when the report kept no graph.
    public func liveness(of report: ExplorationReport<State, Event>) -> LivenessReport<State, Event>? {
        guard let graph = report.graph else { return nil }
        let system = TransitionSystem(self)
        let pendingTasks = graph.pending.map { PendingTasks(mask: $0, modelled: system.taskNames) }
        let fair = liveness.contains(where: \.isLeadsTo) ? FairCycles(graph, classes: fairClasses(of: graph)) : nil
        var results: [LivenessReport<State, Event>.Result] = []
        for property in liveness {
            let trigger = graph.nodes.indices.map { property.trigger(graph.nodes[$0].state, pendingTasks[$0]) }
            let goal = graph.nodes.indices.map { property.goal(graph.nodes[$0].state, pendingTasks[$0]) }
            switch property.kind {
            case .staysReachable(let paths):
                results.append(staysReachable(property.name, trigger: trigger, goal: goal, through: paths, graph, system))
            case .leadsTo:
                results.append(leadsTo(property.name, trigger: trigger, goal: goal, fair!, graph, system))
            }
        }
        return LivenessReport(results: results, states: graph.nodes.count, isExhaustive: report.isExhaustive)
    }

    /// X7: from every trigger state a goal state stays reachable.
    private func staysReachable(
        _ name: String, trigger: [Bool], goal: [Bool], through paths: LivenessPaths,
        _ graph: ExplorationGraph<State, Event>, _ system: TransitionSystem<State, Event, Env>
    ) -> LivenessReport<State, Event>.Result {
        // Backwards from every goal state (and every state the walk left open): the
        // states that can still reach the goal.
        var incoming = Array(repeating: [Int](), count: graph.nodes.count)
        for (index, edge) in graph.edges.enumerated() where edge.from != edge.to {
            if paths == .anyEvent || graph.tasks[index] >= 0 { incoming[edge.to].append(edge.from) }
        }
        var reaches = graph.nodes.indices.map { graph.isOpen[$0] || goal[$0] }
        var stack = graph.nodes.indices.filter { reaches[$0] }
        while let node = stack.popLast() {
            for source in incoming[node] where !reaches[source] {
                reaches[source] = true
                stack.append(source)
            }
        }
        let stuck = graph.nodes.indices.filter { !reaches[$0] && trigger[$0] }
        guard let nearest = stuck.min(by: { (graph.nodes[$0].depth, $0) < (graph.nodes[$1].depth, $1) }),
            let trace = system.trace(fromInitial: graph.path(to: nearest).start, edges: graph.path(to: nearest).choices)
        else {
            return .init(name: name, kind: .staysReachable, stuckStates: 0, trace: nil, cycle: nil, message: "", test: nil)
        }
        let count = stuck.count == 1 ? "" : " (\(Numbers.grouped(stuck.count)) such states in all)"
        let message =
            "eventually \"\(name)\" is lost \(Self.place(trace.steps.count)): no "
            + "\(paths == .anyEvent ? "event" : "event a task delivers") leads from this state to one where it holds\(count)"
        return .init(
            name: name, kind: .staysReachable, stuckStates: stuck.count, trace: trace, cycle: nil, message: message,
            test: test(named: name + " is lost", saying: message, trace: trace))
    }

    /// X11: on every fair path, a trigger state is followed by a goal state.
    private func leadsTo(
        _ name: String, trigger: [Bool], goal: [Bool], _ fair: FairCycles, _ graph: ExplorationGraph<State, Event>,
        _ system: TransitionSystem<State, Event, Env>
    ) -> LivenessReport<State, Event>.Result {
        guard let lasso = fair.lasso(trigger: trigger, goal: goal) else {
            return .init(name: name, kind: .leadsTo, stuckStates: 0, trace: nil, cycle: nil, message: "", test: nil)
        }
        let path = graph.path(to: lasso.trigger)
        let stem = path.choices + lasso.toLoop.map { graph.choices[$0] }
        guard
            let whole = system.trace(fromInitial: path.start, edges: stem + lasso.loop.map { graph.choices[$0] })
        else {
            return .init(
                name: name, kind: .leadsTo, stuckStates: lasso.triggers, trace: nil, cycle: nil,
                message: "leads-to \"\(name)\" fails, and the trace could not be replayed: the model's closures "
                    + "are not a function of the state", test: nil)
        }
        let trace = ExplorationTrace(
            initialState: whole.initialState, steps: Array(whole.steps.prefix(stem.count)),
            finalPending: graph.pending[lasso.toLoop.last.map { graph.edges[$0].to } ?? lasso.trigger])
        let cycle = Array(whole.steps.dropFirst(stem.count))
        let onward =
            lasso.toLoop.isEmpty ? "" : " and \(lasso.toLoop.count == 1 ? "1 event" : "\(lasso.toLoop.count) events") on"
        let loop =
            cycle.isEmpty
            ? "stays in the state it reaches forever"
            : "repeats a loop of \(cycle.count == 1 ? "1 event" : "\(cycle.count) events") forever"
        let count = lasso.triggers == 1 ? "" : " (\(Numbers.grouped(lasso.triggers)) trigger states like it)"
        let message =
            "leads-to \"\(name)\" fails: its trigger holds \(Self.place(path.choices.count))\(onward), a fair path "
            + "\(loop), and the goal never holds on it\(count)"
        return .init(
            name: name, kind: .leadsTo, stuckStates: lasso.triggers, trace: trace, cycle: cycle, message: message,
            test: test(named: name + " fails", saying: message, trace: whole))
    }

    /// The fair classes as the graph's transitions: the declared ones, then one per
    /// modelled task (one for all unnamed tasks) unless tasks are not fair. A transition
    /// belongs to a class only when it changes the state.
    private func fairClasses(of graph: ExplorationGraph<State, Event>) -> [(Fairness, [Bool])] {
        var classes: [(Fairness, [Bool])] = fairness.map { fairClass in
            (
                fairClass.fairness,
                graph.edges.map { edge in
                    edge.from != edge.to && fairClass.includes(graph.nodes[edge.from].state, edge.event)
                }
            )
        }
        if let taskFairness {
            let numbers = tasks.indices + (unnamedOutcomes == nil ? [] : [TaskTracker.unnamed])
            for task in numbers {
                let members = graph.edges.indices.map { graph.edges[$0].from != graph.edges[$0].to && graph.tasks[$0] == task }
                if members.contains(true) { classes.append((taskFairness, members)) }
            }
        }
        return classes
    }
}
