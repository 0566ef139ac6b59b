import EffectEngine

extension Explorer {
    /// Adds a liveness property: from every reachable state where `trigger` holds, a
    /// state where `goal` holds must stay reachable (X7).
    ///
    /// A spinner that can never stop, a request whose answer can no longer arrive, a
    /// screen no event leaves: each is a state from which the goal is lost, though no
    /// single state is wrong. ``checkLiveness(depth:states:)`` (and
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
    /// the goal from every trigger state, not every path (that would be TLC's leads-to
    /// under fairness). A state past the bounds of the walk is assumed to reach the goal,
    /// so a bounded walk reports only what it saw.
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
        var copy = self
        if liveness.contains(where: { $0.name == name }) || properties.contains(where: { $0.name == name }) {
            copy.problems.append("two properties are named \"\(name)\"")
        } else {
            copy.liveness.append(LivenessProperty(name: name, trigger: trigger, goal: goal, paths: paths))
        }
        return copy
    }

    /// Explores the space keeping its graph, and checks every `eventually` property on it.
    ///
    /// ```swift
    /// let liveness = try explorer.checkLiveness(depth: 12)
    /// #expect(liveness.violations.isEmpty, "\(liveness)")
    /// ```
    ///
    /// - Parameters:
    ///   - depth: The most events from the initial state; `nil` for no bound.
    ///   - states: The most distinct states kept; each is kept whole, with its edges.
    /// - Returns: What held and what did not, with the trace to the nearest state from
    ///   which a goal is lost.
    /// - Throws: ``ExplorationError`` for a bound out of range or a mistake in the model.
    public func checkLiveness(depth: Int? = nil, states: Int = 100_000) throws(ExplorationError)
        -> LivenessReport<State, Event>
    {
        // `explore(graph: true)` keeps the graph; the liveness check reads it.
        try liveness(of: explore(depth: depth, states: states, graph: true))!
    }

    /// Checks every `eventually` property on the graph a report kept.
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
        let paths = GraphPaths(graph, limit: report.limit, depth: report.depth)
        var incoming = Array(repeating: [Int](), count: graph.nodes.count)
        var incomingFromTasks = Array(repeating: [Int](), count: graph.nodes.count)
        for edge in graph.edges where edge.from != edge.to {
            incoming[edge.to].append(edge.from)
            if edge.task != nil { incomingFromTasks[edge.to].append(edge.from) }
        }
        let names = tracker.names
        let pendingTasks = graph.nodes.map { node in
            PendingTasks(mask: mask(of: node.pendingTasks), modelled: names)
        }
        var results: [LivenessReport<State, Event>.Result] = []
        for property in liveness {
            // Backwards from every goal state (and every state the walk left open): the
            // states that can still reach the goal.
            var reaches = Array(repeating: false, count: graph.nodes.count)
            var stack: [Int] = []
            for index in graph.nodes.indices
            where paths.isOpen[index] || property.goal(graph.nodes[index].state, pendingTasks[index]) {
                reaches[index] = true
                stack.append(index)
            }
            let sources = property.paths == .anyEvent ? incoming : incomingFromTasks
            while let node = stack.popLast() {
                for source in sources[node] where !reaches[source] {
                    reaches[source] = true
                    stack.append(source)
                }
            }
            let stuck = graph.nodes.indices.filter { index in
                !reaches[index] && property.trigger(graph.nodes[index].state, pendingTasks[index])
            }
            guard let nearest = stuck.min(by: { graph.nodes[$0].depth < graph.nodes[$1].depth }) else {
                results.append(.init(name: property.name, stuckStates: 0, trace: nil, message: "", test: nil))
                continue
            }
            let trace = self.trace(of: paths.path(to: nearest), in: graph)
            let count = stuck.count == 1 ? "" : " (\(Numbers.grouped(stuck.count)) such states in all)"
            let message =
                "eventually \"\(property.name)\" is lost \(Self.place(trace.steps.count)): no \(property.paths == .anyEvent ? "event" : "event a task delivers") "
                + "leads from this state to one where it holds\(count)"
            results.append(
                .init(
                    name: property.name, stuckStates: stuck.count, trace: trace, message: message,
                    test: test(named: property.name + " is lost", saying: message, trace: trace)))
        }
        return LivenessReport(results: results, states: graph.nodes.count, isExhaustive: report.isExhaustive)
    }

    /// The walk's bit set of pending tasks, from their names.
    func mask(of names: [String]) -> UInt64 {
        names.reduce(0) { mask, name in
            let task = taskNumber(name)
            if task == TaskTracker.unnamed { return mask + TaskTracker.oneUnnamed }
            return task < 0 ? mask : mask | 1 << UInt64(task)
        }
    }
}
