extension Explorer {
    /// Adds TLA+'s `<>goal` (X15): every fair path from an initial state reaches a state
    /// where `goal` holds.
    ///
    /// ```swift
    /// let report = try explorer.eventuallyHolds("the algorithm terminates") { $0.isDone }.checkLiveness()
    /// #expect(report.holds, "\(report)")
    /// ```
    ///
    /// A violation is the shortest fair lasso from an initial state on which the goal
    /// never holds. Named `eventuallyHolds` because ``eventually(_:after:through:_:)-(_,(State)->Bool,_,_)`` is
    /// the weaker, branching `AG EF`.
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - goal: The states every fair path must reach.
    /// - Returns: The explorer, with the property added.
    public func eventuallyHolds(_ name: String, _ goal: @escaping (State) -> Bool) -> Explorer {
        quantified(name, .eventuallyHolds, [(nil, { state, _ in goal(state) })])
    }

    /// Adds TLA+'s `[]<>goal` (X15): on every fair path the goal holds again and again
    /// (infinitely often).
    ///
    /// ```swift
    /// explorer.alwaysEventually("the token comes back") { $0.token == 0 }
    /// ```
    ///
    /// A violation is the shortest fair lasso on which, from some state on, the goal never
    /// holds again; the report names that state.
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - goal: The states a fair path must visit infinitely often.
    /// - Returns: The explorer, with the property added.
    public func alwaysEventually(_ name: String, _ goal: @escaping (State) -> Bool) -> Explorer {
        quantified(name, .alwaysEventually, [(nil, { state, _ in goal(state) })])
    }

    /// Adds `[]<>goal` for every element of a set, reported as one property, TLA+'s
    /// `\A p \in S : []<>goal(p)` (X15): a violation names the element it is for
    /// (``LivenessReport/Result/witness``).
    ///
    /// ```swift
    /// // DiningPhilosophers' NobodyStarves == \A p \in 1..NP : []<>(~hungry[p])
    /// explorer.alwaysEventually("NobodyStarves", forAll: 0..<5) { p, state in !state.hungry[p] }
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - elements: The set it is quantified over.
    ///   - goal: For an element, the states a fair path must visit infinitely often.
    /// - Returns: The explorer, with the property added.
    public func alwaysEventually<Element>(
        _ name: String, forAll elements: some Sequence<Element>, _ goal: @escaping (Element, State) -> Bool
    ) -> Explorer {
        quantified(
            name, .alwaysEventually,
            elements.map { element in ("\(element)", { state, _ in goal(element, state) }) })
    }

    /// Adds TLA+'s `<>[]goal` (X15): on every fair path the goal holds from some point on,
    /// for good (EWD426's `Stab`).
    ///
    /// ```swift
    /// explorer.eventuallyAlways("stabilises") { $0.privileges == 1 }
    /// ```
    ///
    /// A violation is the shortest fair lasso whose loop passes a state where the goal
    /// does not hold.
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - goal: The states a fair path must stay in from some point on.
    /// - Returns: The explorer, with the property added.
    public func eventuallyAlways(_ name: String, _ goal: @escaping (State) -> Bool) -> Explorer {
        quantified(name, .eventuallyAlways, [(nil, { state, _ in goal(state) })])
    }

    /// Adds `trigger ~> goal` for every element of a set, reported as one property,
    /// TLA+'s `\A c \in S : P(c) ~> Q(c)` (X15).
    ///
    /// ```swift
    /// explorer.leadsTo(
    ///     "ClientsWillReturn", forAll: 0..<3, from: { c, state in state.unsatisfied[c] == 0 },
    ///     to: { c, state in state.allocated[c] == 0 })
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - elements: The set it is quantified over.
    ///   - trigger: For an element, the states the property speaks of.
    ///   - goal: For an element, the states every fair path from them must reach.
    /// - Returns: The explorer, with the property added.
    public func leadsTo<Element>(
        _ name: String, forAll elements: some Sequence<Element>,
        from trigger: @escaping (Element, State) -> Bool,
        to goal: @escaping (Element, State) -> Bool
    ) -> Explorer {
        let instances = elements.map { element in
            LivenessProperty<State, Event>.Instance(
                label: "\(element)", trigger: { state, _ in trigger(element, state) },
                goal: { state, _ in goal(element, state) })
        }
        return addingLiveness(LivenessProperty(name: name, kind: .leadsTo, instances: instances))
    }

    /// Adds a step property, TLA+'s `[][A]_v` (X15): every transition that changes the
    /// state satisfies `step`, a predicate over the state, its event and the next state
    /// (a transition that changes nothing is a stutter, which `[A]_v` allows).
    ///
    /// ```swift
    /// // [](terminated => []terminated): once terminated, always terminated.
    /// explorer.everyStep("termination is stable") { state, _, next in !state.terminated || next.terminated }
    /// ```
    ///
    /// Checked by ``checkLiveness(depth:states:workers:)`` on every edge of the graph; a
    /// violation is the shortest trace through a step that breaks it.
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - step: Whether a step from a state, by an event, to the next state is allowed.
    /// - Returns: The explorer, with the property added.
    public func everyStep(_ name: String, _ step: @escaping (State, Event, State) -> Bool) -> Explorer {
        addingLiveness(
            LivenessProperty(
                name: name, kind: .everyStep,
                instances: [.init(label: nil, trigger: { _, _ in true }, goal: { _, _ in true }, step: step)]))
    }

    /// Adds `[][A]_v` for every element of a set, reported as one property, TLA+'s
    /// `\A p \in S : [][A(p)]_v` (X19): a violation names the element it is for
    /// (``LivenessReport/Result/witness``).
    ///
    /// ```swift
    /// // \A c \in Clients : [][alloc'[c] # {} => unsat[c] = {}]_vars
    /// explorer.everyStep("GrantsAreWhole", forAll: 0..<3) { c, state, _, next in
    ///     next.allocated[c] == 0 || next.unsatisfied[c] == 0
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - elements: The set it is quantified over.
    ///   - step: For an element, whether a step from a state, by an event, to the next
    ///     state is allowed.
    /// - Returns: The explorer, with the property added.
    public func everyStep<Element>(
        _ name: String, forAll elements: some Sequence<Element>,
        _ step: @escaping (Element, State, Event, State) -> Bool
    ) -> Explorer {
        let instances = elements.map { element in
            LivenessProperty<State, Event>.Instance(
                label: "\(element)", trigger: { _, _ in true }, goal: { _, _ in true },
                step: { step(element, $0, $1, $2) })
        }
        return addingLiveness(LivenessProperty(name: name, kind: .everyStep, instances: instances))
    }

    /// Adds `<>goal` for every element of a set, reported as one property, TLA+'s
    /// `\A p \in S : <>goal(p)` (X19): a violation names the element it is for
    /// (``LivenessReport/Result/witness``).
    ///
    /// ```swift
    /// // \A p \in Procs : <>(pc[p] = "Done")
    /// explorer.eventuallyHolds("EveryoneFinishes", forAll: 0..<3) { p, state in state.done[p] }
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - elements: The set it is quantified over.
    ///   - goal: For an element, the states every fair path must reach.
    /// - Returns: The explorer, with the property added.
    public func eventuallyHolds<Element>(
        _ name: String, forAll elements: some Sequence<Element>, _ goal: @escaping (Element, State) -> Bool
    ) -> Explorer {
        quantified(
            name, .eventuallyHolds,
            elements.map { element in ("\(element)", { state, _ in goal(element, state) }) })
    }

    /// Adds `<>[]goal` for every element of a set, reported as one property, TLA+'s
    /// `\A p \in S : <>[]goal(p)` (X19): a violation names the element it is for
    /// (``LivenessReport/Result/witness``).
    ///
    /// ```swift
    /// // Disruptor's \A r \in Readers, i \in 0..Size : <>[](read[r][i] = written[i])
    /// let pairs = (0..<2).flatMap { r in (0...3).map { i in [r, i] } }
    /// explorer.eventuallyAlways("Liveliness", forAll: pairs) { ri, state in
    ///     state.read[ri[0]][ri[1]] == state.written[ri[1]]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - elements: The set it is quantified over (a set of tuples for several bound
    ///     variables).
    ///   - goal: For an element, the states a fair path must stay in from some point on.
    /// - Returns: The explorer, with the property added.
    public func eventuallyAlways<Element>(
        _ name: String, forAll elements: some Sequence<Element>, _ goal: @escaping (Element, State) -> Bool
    ) -> Explorer {
        quantified(
            name, .eventuallyAlways,
            elements.map { element in ("\(element)", { state, _ in goal(element, state) }) })
    }

    private func quantified(
        _ name: String, _ kind: LivenessProperty<State, Event>.Kind,
        _ goals: [(label: String?, goal: (State, PendingTasks) -> Bool)]
    ) -> Explorer {
        let instances = goals.map { label, goal in
            LivenessProperty<State, Event>.Instance(label: label, trigger: { _, _ in true }, goal: goal)
        }
        return addingLiveness(LivenessProperty(name: name, kind: kind, instances: instances))
    }
}
