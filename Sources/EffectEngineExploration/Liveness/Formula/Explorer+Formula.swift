extension Explorer {
    /// Adds any temporal formula a TLA+ user writes (X17): it must hold on every fair
    /// behaviour from an initial state.
    ///
    /// ```swift
    /// typealias F = TemporalFormula<Clock.State, Clock.Event>
    /// let report = try explorer
    ///     // LiveHourClock's AlwaysTick == []<><<Tick>>_hr
    ///     .temporal("AlwaysTick", .always(.eventually(.action { _, event, _ in event == .tick })))
    ///     // <>[]P => []<>Q
    ///     .temporal("settles", .implies(.eventually(.always(.state { $0.hr > 6 })), .always(.eventually(.state { $0.hr == 12 }))))
    ///     .checkLiveness()
    /// #expect(report.holds, "\(report)")
    /// ```
    ///
    /// The formula is read as TLA+ reads it, on a behaviour from its first state, under
    /// the explorer's fairness (`fair(_:_:_:)`, ``taskFairness(_:)``): a state
    /// predicate at its top reads the initial state. A formula quantified at its top
    /// (``TemporalFormula/forAll(_:_:)``) is checked one element at a time and reported
    /// as one property; a violation names its element (X19).
    ///
    /// A violation is the shortest fair lasso on which the formula fails, found on the
    /// product of the explored graph with a tableau of the formula's negation (Gerth,
    /// Peled, Vardi and Wolper's); its length counts the events, and the steps where the
    /// path stutters while the tableau moves on. The wave-5 forms written as formulas,
    /// `<>P`, `[]<>P`, `<>[]P`, `P ~> Q` for state predicates and `[][A]_vars`, are
    /// checked as ``eventuallyHolds(_:_:)``, ``alwaysEventually(_:_:)``,
    /// ``eventuallyAlways(_:_:)``, `leadsTo(_:from:to:)` and
    /// ``everyStep(_:_:)`` are, with no product.
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - formula: The formula.
    /// - Returns: The explorer, with the property added.
    public func temporal(_ name: String, _ formula: TemporalFormula<State, Event>) -> Explorer {
        let parts = formula.instances ?? [(label: "", formula: formula)]
        let labelled = formula.instances != nil
        let shorthands = parts.map { Self.shorthand($0.formula.node) }
        if let kind = shorthands.first??.kind,
            shorthands.allSatisfy({ $0.map { Self.same($0.kind, kind) } ?? false })
        {
            let instances = zip(parts, shorthands).map { part, shorthand in
                LivenessProperty<State, Event>.Instance(
                    label: labelled ? part.label : nil, trigger: shorthand!.trigger, goal: shorthand!.goal,
                    step: shorthand!.step)
            }
            return addingLiveness(LivenessProperty(name: name, kind: kind, instances: instances))
        }
        let instances = parts.map { part in
            LivenessProperty<State, Event>.Instance(
                label: labelled ? part.label : nil, trigger: { _, _ in true }, goal: { _, _ in true },
                formula: part.formula.node)
        }
        return addingLiveness(LivenessProperty(name: name, kind: .temporal, instances: instances))
    }

    private typealias Shorthand = (
        kind: LivenessProperty<State, Event>.Kind, trigger: (State, PendingTasks) -> Bool,
        goal: (State, PendingTasks) -> Bool, step: ((State, Event, State) -> Bool)?
    )

    /// The wave-5 form a formula is, if it is one.
    private static func shorthand(_ node: TemporalFormula<State, Event>.Node) -> Shorthand? {
        let always: (State, PendingTasks) -> Bool = { _, _ in true }
        switch node {
        case .eventually(.state(let goal)):
            return (.eventuallyHolds, always, { state, _ in goal(state) }, nil)
        case .always(.eventually(.state(let goal))):
            return (.alwaysEventually, always, { state, _ in goal(state) }, nil)
        case .eventually(.always(.state(let goal))):
            return (.eventuallyAlways, always, { state, _ in goal(state) }, nil)
        case .always(.or(.not(.state(let trigger)), .eventually(.state(let goal)))):
            return (.leadsTo, { state, _ in trigger(state) }, { state, _ in goal(state) }, nil)
        case .always(.step(let step, changes: nil, onStutter: true)):
            return (.everyStep, always, always, step)
        default:
            return nil
        }
    }

    private static func same(
        _ one: LivenessProperty<State, Event>.Kind, _ other: LivenessProperty<State, Event>.Kind
    ) -> Bool {
        switch (one, other) {
        case (.eventuallyHolds, .eventuallyHolds), (.alwaysEventually, .alwaysEventually),
            (.eventuallyAlways, .eventuallyAlways), (.leadsTo, .leadsTo), (.everyStep, .everyStep):
            true
        default: false
        }
    }
}
