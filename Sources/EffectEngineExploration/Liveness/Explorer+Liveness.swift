import EffectEngine

extension Explorer {
    /// Adds a liveness property: from every reachable state where `trigger` holds, a
    /// state where `goal` holds must stay reachable (X7).
    ///
    /// A spinner that can never stop, a request whose answer can no longer arrive, a
    /// screen no event leaves: each is a state from which the goal is lost, though no
    /// single state is wrong. ``checkLiveness(depth:states:workers:)`` (and
    /// ``liveness(of:workers:)``) finds the nearest such state and its trace:
    ///
    /// ```swift
    /// let report = try explorer
    ///     .eventually("loading ends", after: { $0.isLoading }, { !$0.isLoading })
    ///     .checkLiveness()
    /// #expect(report.holds, "\(report)")
    /// ```
    ///
    /// This is the branching-time property `AG(trigger ⇒ EF goal)`: some path reaches
    /// the goal from every trigger state, not every path (that is TLC's leads-to under
    /// fairness, `leadsTo(_:from:to:)`). A walk cut short by a bound decides only
    /// violations: a property it does not break is undecided, naming the bound (X13).
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
        addingLiveness(LivenessProperty<State, Event>(name: name, trigger: trigger, goal: goal, kind: .staysReachable(paths)))
    }

    /// Adds `eventually` for every element of a set, reported as one property (X19): a
    /// violation names the element it is for (``LivenessReport/Result/witness``).
    ///
    /// ```swift
    /// explorer.eventually("every download can finish", forAll: 0..<3) { d, state in state.finished[d] }
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - elements: The set it is quantified over.
    ///   - trigger: For an element, the states the property speaks of; by default every
    ///     state.
    ///   - paths: Which transitions may lead to the goal; by default any event.
    ///   - goal: For an element, the states that must stay reachable.
    /// - Returns: The explorer, with the property added.
    public func eventually<Element>(
        _ name: String, forAll elements: some Sequence<Element>,
        after trigger: @escaping (Element, State) -> Bool = { _, _ in true },
        through paths: LivenessPaths = .anyEvent, _ goal: @escaping (Element, State) -> Bool
    ) -> Explorer {
        let instances = elements.map { element in
            LivenessProperty<State, Event>.Instance(
                label: "\(element)", trigger: { state, _ in trigger(element, state) },
                goal: { state, _ in goal(element, state) })
        }
        return addingLiveness(LivenessProperty(name: name, kind: .staysReachable(paths), instances: instances))
    }

    /// Explores the space keeping its graph, and checks every liveness and step property
    /// on it.
    ///
    /// ```swift
    /// let liveness = try explorer.checkLiveness(depth: 12, workers: 2)
    /// #expect(liveness.holds, "\(liveness)")
    /// ```
    ///
    /// The graph is the same on any number of workers, and so are the verdicts and the
    /// traces. A walk that stops at a bound decides no property to hold: each is violated
    /// or undecided, naming the bound (X13).
    ///
    /// - Parameters:
    ///   - depth: The most events from the initial state; `nil` for no bound.
    ///   - states: The most distinct states kept; each is kept whole, with its edges. The
    ///     same default as ``explore(depth:states:graph:workers:)``'s,
    ///     ``defaultStateBound``.
    ///   - workers: The most threads that expand a level of the walk at once, and that
    ///     check the properties after it.
    /// - Returns: Each property's verdict, with the shortest trace to the nearest state
    ///   from which a goal is lost, or the shortest lasso on which a fair path never
    ///   reaches it.
    /// - Throws: ``ExplorationError`` for a bound out of range or a mistake in the model.
    public func checkLiveness(depth: Int? = nil, states: Int = defaultStateBound, workers: Int = 1)
        throws(ExplorationError) -> LivenessReport<State, Event>
    {
        // `explore(graph: true)` keeps the graph; the liveness check reads it.
        try liveness(of: explore(depth: depth, states: states, graph: true, workers: workers), workers: workers)!
    }

    /// Checks every liveness and step property on the graph a report kept.
    ///
    /// ```swift
    /// let report = try explorer.explore(graph: true)
    /// let liveness = explorer.liveness(of: report)
    /// ```
    ///
    /// - Parameters:
    ///   - report: A report of this explorer, made with `graph: true`.
    ///   - workers: The most threads that check properties at once, 1 to 256.
    /// - Returns: The liveness report; `nil` when the report kept no graph.
    public func liveness(of report: ExplorationReport<State, Event>, workers: Int = 1) -> LivenessReport<State, Event>? {
        guard let graph = report.graph else { return nil }
        let workers = max(1, min(workers, 256))
        let check = LivenessCheck(self, graph: graph, limit: report.limit, workers: workers)
        let results = check.results(workers: workers)
        return LivenessReport(
            results: results, states: graph.nodes.count, statesOutsideConstraint: report.statesOutsideConstraint,
            isExhaustive: report.isExhaustive)
    }
}
