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
    /// pieces that threads expand at once; the new states are merged into the visited set
    /// by the workers, each in its own region of it, numbered in the order one worker finds
    /// them, and checked against the properties on the workers too. So the report
    /// (counts, verdicts, traces, tests) and the graph are the same for any number of
    /// workers. `update`, the enabled events, the task outcomes, the properties and the
    /// env's `.action`s are then called from several threads at once, so they must not
    /// share mutable state (pure functions never do):
    ///
    /// ```swift
    /// let cores = ProcessInfo.processInfo.activeProcessorCount
    /// let report = try explorer.explore(states: 20_000_000, workers: cores)
    /// ```
    ///
    /// A state whose fields share storage with other states (arrays, sets, strings: a
    /// successor shares the storage of every field `update` did not change) makes the
    /// threads that copy it count references to the same storage, which slows them down;
    /// a model written with plain values (bit sets, small integers) walks fastest on many
    /// cores (<doc:ExploringAFeature>).
    ///
    /// - Parameters:
    ///   - depth: The most events a state may be away from the initial state; `nil` for
    ///     no bound. States at the bound are checked; their successors are only looked up,
    ///     to tell whether the space was exhausted, and their transitions are neither
    ///     counted nor kept in the graph: ``ExplorationReport/transitions``, the graph's
    ///     edges and a test plan's transitions are the same count.
    ///   - states: The most distinct states visited, at most 4,294,967,294.
    ///   - graph: Keep every state and transition, for ``ExplorationGraph/dot(state:event:)``,
    ///     ``ExplorationGraph/mermaid(state:event:)``, liveness, coverage and test plans:
    ///     each state is kept whole.
    ///   - workers: The most threads that expand a level at once, 1 to 256: at most the
    ///     machine's cores.
    /// - Returns: What was walked and what failed.
    /// - Throws: ``ExplorationError`` for a bound out of range or a mistake in the model
    ///   (no initial state, a task modelled twice, two properties of one name), and then
    ///   nothing is explored; or, found while exploring, for a symmetry whose `canonical`
    ///   does not keep a representative as it is, or for a modelled task throttled without
    ///   `latest`, which the explorer cannot model as the host runs it (X12).
    @inlinable
    public func explore(
        depth: Int? = nil, states: Int = defaultStateBound, graph: Bool = false, workers: Int = 1
    ) throws(ExplorationError) -> ExplorationReport<State, Event> {
        try explore(depth: depth, states: states, graphLimit: graph ? .max : nil, workers: workers)
    }

    /// Walks the space as ``explore(depth:states:graph:workers:)`` does, keeping the graph
    /// while the walk has at most `graphLimit` states (`nil`: never): a line program walks
    /// once, and prints coverage and liveness when the space is small enough for them.
    @inlinable
    package func explore(
        depth: Int?, states: Int, graphLimit: Int?, workers: Int
    ) throws(ExplorationError) -> ExplorationReport<State, Event> {
        try validate(depth: depth, states: states, workers: workers)
        var walk = Walk(
            explorer: self, maxDepth: depth ?? .max, maxStates: states, recordsGraph: graphLimit != nil,
            graphLimit: graphLimit ?? .max, workers: workers)
        walk.run()
        switch walk.findings.stop {
        case .notCanonical(let parent, let state)?:
            throw notCanonical(state, after: parent == TraceLinks.root ? 0 : walk.links.depth(of: Int(parent)) + 1)
        case .unfaithful(let task)?:
            throw unfaithful(task)
        case .nondeterminism?, nil:
            return report(of: walk)
        }
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
        if canonical != nil, let property = liveness.first(where: \.isFair) {
            mistakes.append(
                "the \(property.kind.title) property \"\(property.name)\" cannot be checked under a symmetry: a "
                    + "representative stands for states a fair path moves between (TLC says the same); explore "
                    + "without the symmetry")
        }
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

    /// The error for a modelled task issued with a pacing the explorer cannot model
    /// faithfully (X12).
    @usableFromInline
    func unfaithful(_ task: String) -> ExplorationError {
        ExplorationError(
            "the task \"\(task)\" is throttled without `latest`: the host drops an issue that falls in an open "
                + "window, and whether one does depends on time, which the explorer does not model, so its model of "
                + "\"\(task)\" would be wrong; throttle it with `latest: true` or debounce it (both are modelled as "
                + "the host runs them), or leave \"\(task)\" unmodelled")
    }
}
