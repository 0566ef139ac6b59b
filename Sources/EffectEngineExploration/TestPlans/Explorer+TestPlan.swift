import EffectEngine

extension Explorer {
    /// Paths that together take every transition of the graph a report kept (X10).
    ///
    /// Each path reaches the source of a transition not yet taken by a shortest trace,
    /// takes it, and goes on through transitions not yet taken while there is one, so
    /// the paths are few and short.
    ///
    /// ```swift
    /// let plan = explorer.testPlan(of: try explorer.explore(graph: true))!
    /// let result = await explorer.run(plan) { state in EffectHost(initialState: state, env: .mock, update: Movies.update) }
    /// #expect(result.mismatches.isEmpty, "\(result)")
    /// ```
    ///
    /// - Parameter report: A report of this explorer, made with `graph: true`.
    /// - Returns: The plan; `nil` when the report kept no graph.
    public func testPlan(of report: ExplorationReport<State, Event>) -> TestPlan<State, Event>? {
        guard let graph = report.graph else { return nil }
        let system = TransitionSystem(self)
        let outgoing = graph.outgoing
        var covered = Array(repeating: false, count: graph.edges.count)
        var plan: [ExplorationTrace<State, Event>] = []
        for edge in graph.edges.indices where !covered[edge] {
            let start = graph.shortestEdges(to: Int(graph.edgeFrom[edge]), outgoing: outgoing)
            var walk = start.edges + [edge]
            for taken in walk { covered[taken] = true }
            var node = Int(graph.edgeTo[edge])
            while let next = outgoing[node].first(where: { !covered[$0] }) {
                walk.append(next)
                covered[next] = true
                node = Int(graph.edgeTo[next])
            }
            if let path = system.trace(fromInitial: start.start, edges: walk.map { Int(graph.choices[$0]) }) {
                plan.append(path)
            }
        }
        return TestPlan(
            paths: plan, transitions: graph.edges.count, coveredTransitions: covered.count { $0 })
    }
}
