extension Explorer {
    /// Walks the reachable states breadth first, within the bounds, and checks every
    /// property; see ``ExplorationReport``.
    ///
    /// ```swift
    /// let report = try explorer.explore(depth: 8)
    /// #expect(report.failures.isEmpty, "\(report)")
    /// ```
    ///
    /// States are visited in order of distance from the initial state, so the first state
    /// found to break a property is one of the nearest, and its trace is a shortest one.
    /// Each visited state costs about 17 to 22 bytes (a fingerprint in an open table and a
    /// link to the state it was reached from); the frontier, the states of one level,
    /// is kept whole.
    ///
    /// - Parameters:
    ///   - depth: The most events a state may be away from the initial state; `nil` for
    ///     no bound. States at the bound are checked; their successors are only looked up,
    ///     to tell whether the space was exhausted.
    ///   - states: The most distinct states visited, at most 4,294,967,294.
    ///   - graph: Keep every state and transition, for ``ExplorationGraph/dot(state:event:)``
    ///     and ``ExplorationGraph/mermaid(state:event:)``: for small features.
    /// - Returns: What was walked and what failed.
    /// - Throws: ``ExplorationError`` for a bound out of range or a mistake in the model
    ///   (a task modelled twice, two properties of one name); nothing is explored.
    @inlinable
    public func explore(
        depth: Int? = nil, states: Int = 1_000_000, graph: Bool = false
    ) throws(ExplorationError) -> ExplorationReport<State, Event> {
        try validate(depth: depth, states: states)
        var run = ExplorationRun(
            explorer: self, maxDepth: depth ?? .max, maxStates: states, recordsGraph: graph)
        run.run()
        return report(of: run)
    }

    @usableFromInline
    func validate(depth: Int?, states: Int) throws(ExplorationError) {
        var mistakes = problems
        if let depth, depth < 0 { mistakes.append("the depth bound must be 0 or more, not \(depth)") }
        if states < 1 { mistakes.append("the state bound must be 1 or more, not \(states)") }
        if states > Int(UInt32.max - 1) {
            mistakes.append("the state bound must be at most 4,294,967,294, not \(states)")
        }
        if !mistakes.isEmpty { throw ExplorationError(mistakes.joined(separator: "\n")) }
    }
}
