import EffectEngine

extension Explorer where Event: Equatable {
    /// Runs seeded random walks through the model, for spaces too big to exhaust, and
    /// shrinks the first failing walk to a minimal one (X9).
    ///
    /// Each walk starts from the initial state and, in each state, steps one of its
    /// choices (the enabled events, then each pending task's outcomes) picked at random,
    /// checking every `always` property and dead ends as ``explore(depth:states:graph:workers:)``
    /// does. The same seed gives the same walks on every platform.
    ///
    /// ```swift
    /// let report = try explorer.simulate(walks: 10_000, depth: 60, seed: 7)
    /// if let failure = report.failure { print(failure.test ?? "") }
    /// ```
    ///
    /// A failing walk is shrunk as Hypothesis shrinks a test case: runs of events are
    /// removed while the same property still fails, then each event is replaced by a
    /// simpler one (a choice listed earlier in its state), until no single event can be
    /// removed or made simpler. Every candidate is stepped through the model, and only
    /// events the model enables where they stand are kept.
    ///
    /// - Parameters:
    ///   - walks: How many walks to run, at most: the simulation stops at the first failure.
    ///   - depth: The most events in a walk.
    ///   - seed: The seed of the walks.
    /// - Returns: What was walked, and the first failure shrunk.
    /// - Throws: ``ExplorationError`` for a bound out of range or a mistake in the model.
    public func simulate(walks: Int, depth: Int = 100, seed: UInt64 = 0) throws(ExplorationError)
        -> SimulationReport<State, Event>
    {
        var mistakes = problems
        if walks < 1 { mistakes.append("the number of walks must be 1 or more, not \(walks)") }
        if depth < 1 { mistakes.append("the depth of a walk must be 1 or more, not \(depth)") }
        if !mistakes.isEmpty { throw ExplorationError(mistakes.joined(separator: "\n")) }
        var generator = WalkGenerator(seed: seed)
        var steps = 0
        let system = TransitionSystem(self)
        let start = initialStates[0]
        var offered: [Choice<Event>] = []
        for walk in 0..<walks {
            var state = start
            var pending: UInt64 = 0
            var taken: [Choice<Event>] = []
            var target = broken(state, pending: pending, system)
            var remaining = depth
            while target == nil && remaining > 0 {
                system.choices(in: state, pending: pending, into: &offered)
                guard !offered.isEmpty else {
                    target = breaks(.deadEnd, state, pending: pending, system) ? .deadEnd : nil
                    break
                }
                let choice = offered[generator.below(offered.count)]
                var notes = StepNotes()
                system.step(choice, state: &state, pending: &pending, notes: &notes)
                if let task = notes.unfaithful { throw unfaithful(task) }
                taken.append(choice)
                steps += 1
                remaining -= 1
                target = broken(state, pending: pending, system)
            }
            if let target {
                return SimulationReport(
                    walks: walk + 1, steps: steps, seed: seed,
                    failure: shrunk(taken, target: target, walk: walk + 1, system))
            }
            progress?(WalkProgress(done: walk + 1, total: walks))
        }
        return SimulationReport(walks: walks, steps: steps, seed: seed, failure: nil)
    }

    /// The first `always` property a state breaks.
    func broken(_ state: State, pending: UInt64, _ system: TransitionSystem<State, Event, Env>) -> ShrinkTarget? {
        let tasks = PendingTasks(mask: pending, modelled: system.taskNames)
        return properties.indices.first { properties[$0].kind == .always && !properties[$0].holds(state, tasks) }
            .map(ShrinkTarget.always)
    }

    /// Whether a state breaks `target`.
    func breaks(
        _ target: ShrinkTarget, _ state: State, pending: UInt64, _ system: TransitionSystem<State, Event, Env>
    ) -> Bool {
        let tasks = PendingTasks(mask: pending, modelled: system.taskNames)
        switch target {
        case .always(let index):
            return !properties[index].holds(state, tasks)
        case .deadEnd:
            guard system.choices(in: state, pending: pending).isEmpty else { return false }
            return isTerminal?(state, tasks) != true
        }
    }

    /// The failure of a walk, shrunk, with its trace and test.
    func shrunk(
        _ walk: [Choice<Event>], target: ShrinkTarget, walk number: Int, _ system: TransitionSystem<State, Event, Env>
    ) -> SimulationReport<State, Event>.Failure {
        var shrinker = Shrinker(explorer: self, system: system, target: target)
        let minimal = shrinker.shrink(walk)
        let trace = system.trace(from: initialStates[0], choices: minimal)
        let (kind, what): (ExplorationFailure<State, Event>.Kind, String) =
            switch target {
            case .always(let index): (.always(properties[index].name), "always \"\(properties[index].name)\" is broken")
            case .deadEnd: (.deadEnd, "dead end: no event is enabled and the state is not marked terminal")
            }
        let message = "\(what) \(Self.place(trace.steps.count)) (walk \(number), shrunk from \(walk.count) events)"
        let name = switch target {
        case .always(let index): properties[index].name
        case .deadEnd: "dead end"
        }
        return SimulationReport.Failure(
            failure: ExplorationFailure(
                kind: kind, message: message, trace: trace, test: test(named: name, saying: message, trace: trace)),
            walk: number, unshrunkEvents: walk.count, replays: shrinker.replays)
    }
}

/// What a shrunk walk must keep failing.
enum ShrinkTarget: Equatable {
    /// The `always` property with this index.
    case always(Int)
    case deadEnd
}
