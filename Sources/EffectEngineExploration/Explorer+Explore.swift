import EffectEngine
import EffectEngineShared

extension Explorer {
    /// Walks the reachable states breadth first, within the bounds, and checks every
    /// property; see ``ExplorationReport``.
    ///
    /// ```swift
    /// let report = try explorer.explore(depth: 8)
    /// #expect(report.failures.isEmpty, "\(report)")
    /// ```
    ///
    /// States are visited in order of distance from the initial states, so the first state
    /// found to break a property is one of the nearest, and its trace is a shortest one.
    /// Each visited state costs about 17 to 22 bytes (a fingerprint in an open table and a
    /// link to the state it was reached from); the frontier, the states of one level,
    /// is kept whole.
    ///
    /// With several `workers`, each level of more than a few hundred states is cut into
    /// chunks that threads expand at once, and one merge numbers the new states in the
    /// order one worker finds them: the report (counts, verdicts, traces, tests) is the
    /// same for any number of workers. `update`, the enabled events, the task outcomes
    /// and the env's `.action`s are then called from several threads at once, so they
    /// must not share mutable state (pure functions never do); the properties are checked
    /// on one thread, as the merge numbers the new states. A walk keeping the `graph`
    /// runs on one worker:
    ///
    /// ```swift
    /// let cores = ProcessInfo.processInfo.activeProcessorCount
    /// let report = try explorer.explore(states: 20_000_000, workers: cores)
    /// ```
    ///
    /// - Parameters:
    ///   - depth: The most events a state may be away from the initial state; `nil` for
    ///     no bound. States at the bound are checked; their successors are only looked up,
    ///     to tell whether the space was exhausted.
    ///   - states: The most distinct states visited, at most 4,294,967,294.
    ///   - graph: Keep every state and transition, for ``ExplorationGraph/dot(state:event:)``
    ///     and ``ExplorationGraph/mermaid(state:event:)``: for small features. The graph
    ///     is kept by one worker.
    ///   - workers: The most threads that expand a level at once, 1 to 256: at most the
    ///     machine's cores.
    /// - Returns: What was walked and what failed.
    /// - Throws: ``ExplorationError`` for a bound out of range or a mistake in the model
    ///   (no initial state, a task modelled twice, two properties of one name), and then
    ///   nothing is explored; or for a symmetry whose `canonical` does not keep a
    ///   representative as it is, found while exploring.
    @inlinable
    public func explore(
        depth: Int? = nil, states: Int = 1_000_000, graph: Bool = false, workers: Int = 1
    ) throws(ExplorationError) -> ExplorationReport<State, Event> {
        try validate(depth: depth, states: states, workers: workers)
        var run = ExplorationRun(
            explorer: self, maxDepth: depth ?? .max, maxStates: states, recordsGraph: graph, workers: workers)
        run.run()
        if let (parent, state) = run.findings.notCanonical {
            throw notCanonical(state, after: parent == TraceLinks.root ? 0 : run.links.path(to: Int(parent)).count + 1)
        }
        return report(of: run)
    }

    @usableFromInline
    func validate(depth: Int?, states: Int, workers: Int = 1) throws(ExplorationError) {
        var mistakes = problems
        if let depth, depth < 0 { mistakes.append("the depth bound must be 0 or more, not \(depth)") }
        if states < 1 { mistakes.append("the state bound must be 1 or more, not \(states)") }
        if states > Int(UInt32.max - 1) {
            mistakes.append("the state bound must be at most 4,294,967,294, not \(states)")
        }
        if !(1...256).contains(workers) { mistakes.append("the workers must be 1 to 256, not \(workers)") }
        if !mistakes.isEmpty { throw ExplorationError(mistakes.joined(separator: "\n")) }
    }

    /// The error for a symmetry whose `canonical` gave `representative`, and then another
    /// state for it.
    @usableFromInline
    func notCanonical(_ representative: State, after events: Int) -> ExplorationError {
        let again = canonical.map { $0(representative) } ?? representative
        return ExplorationError(
            "the symmetry's canonical state is not its own canonical state: a state "
                + "\(events == 0 ? "among the initial states" : Self.place(events)) has the representative "
                + "\(StateDiff.render(representative)), whose own representative is \(StateDiff.render(again)); "
                + "canonical must give a state's representative unchanged")
    }
}
