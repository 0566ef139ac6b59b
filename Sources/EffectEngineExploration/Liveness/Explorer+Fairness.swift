extension Explorer {
    /// Adds a leads-to property, TLA+'s `trigger ~> goal` (X11): on every fair infinite
    /// path, a state where `trigger` holds is followed, then or later, by one where `goal`
    /// holds.
    ///
    /// Where ``eventually(_:after:through:_:)-(_,(State)->Bool,_,_)`` asks that the goal stay *reachable*,
    /// leads-to asks that it be *reached*, whatever the user and the tasks do, as long as
    /// they are fair: the model's pending tasks eventually deliver (``taskFairness(_:)``)
    /// and the classes of events declared `fair(_:_:_:)` are not
    /// neglected forever. As in TLA+, a path may also stay in a state forever unless
    /// fairness forbids it: a spinner whose task was never started spins forever.
    ///
    /// ```swift
    /// let report = try explorer
    ///     .leadsTo("a refresh ends", from: { $0.isLoading }, to: { !$0.isLoading })
    ///     .checkLiveness()
    /// #expect(report.holds, "\(report)")
    /// ```
    ///
    /// A violation is a *lasso*: a trace to a state where the trigger holds, on to a
    /// cycle (``LivenessReport/Result/cycle``) that never reaches the goal though every
    /// fairness condition is met on it; an empty cycle is a path staying where the trace
    /// ends. The lasso is the shortest fair one, stem and loop together (X14). `[]<>goal`
    /// ("infinitely often") is ``alwaysEventually(_:_:)``.
    ///
    /// Checked by ``checkLiveness(depth:states:workers:)`` on the explored graph; a walk
    /// cut short by a bound leaves a property it does not break undecided (X13). A
    /// leads-to property cannot be checked under a ``symmetry(_:)`` (TLC says the same: a
    /// representative stands for states a path moves between), so exploring such an
    /// explorer throws.
    ///
    /// - Parameters:
    ///   - name: What the property says, for the report and the test's name.
    ///   - trigger: The states the property speaks of.
    ///   - goal: The states every fair path from them must reach.
    /// - Returns: The explorer, with the property added.
    public func leadsTo(
        _ name: String, from trigger: @escaping (State) -> Bool, to goal: @escaping (State) -> Bool
    ) -> Explorer {
        leadsTo(name, from: { state, _ in trigger(state) }, to: { state, _ in goal(state) })
    }

    /// Adds a leads-to property over states and their pending tasks.
    ///
    /// ```swift
    /// explorer.leadsTo(
    ///     "a pending search answers", from: { _, tasks in tasks.contains("search") },
    ///     to: { _, tasks in !tasks.contains("search") })
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - trigger: The states (with their pending tasks) the property speaks of.
    ///   - goal: The states every fair path from them must reach.
    /// - Returns: The explorer, with the property added.
    public func leadsTo(
        _ name: String, from trigger: @escaping (State, PendingTasks) -> Bool,
        to goal: @escaping (State, PendingTasks) -> Bool
    ) -> Explorer {
        addingLiveness(LivenessProperty<State, Event>(name: name, trigger: trigger, goal: goal, kind: .leadsTo))
    }

    /// Declares a class of events fair (X11), as TLA+'s `WF_vars(A)` and `SF_vars(A)` do
    /// for an action `A`: a fair path cannot leave the class enabled (weak: continuously;
    /// strong: again and again) without taking it.
    ///
    /// ```swift
    /// // EWD840's `WF_vars(System)`: the token keeps moving.
    /// explorer.fair(.weak, "System") { event in
    ///     switch event {
    ///     case .initiateProbe, .passToken: true
    ///     default: false
    ///     }
    /// }
    /// ```
    ///
    /// The class holds every transition with such an event, whether a user sends it or
    /// a task delivers it. A step is read as TLA+ reads an action, as a relation on states
    /// (X18): a step from one state to another is in the class when a transition between
    /// the two by an event of the class is, whichever event the path took, so a step that
    /// satisfies several fair actions serves each of them. The fair properties read
    /// fairness: `leadsTo`, `eventuallyHolds`, `alwaysEventually` and `eventuallyAlways`.
    ///
    /// - Parameters:
    ///   - fairness: Weak or strong.
    ///   - name: The class's name, as TLA+ names the action.
    ///   - includes: Whether an event belongs to the class.
    /// - Returns: The explorer, with the class declared fair.
    public func fair(_ fairness: FairnessKind, _ name: String, _ includes: @escaping (Event) -> Bool) -> Explorer {
        fair(fairness, name) { _, event in includes(event) }
    }

    /// Declares a class of transitions fair, by the state each is taken from and its
    /// event: an action whose parameters depend on the state.
    ///
    /// ```swift
    /// // SimpleAllocator's `WF_vars(Return(c, alloc[c]))`: client 0 returns all it holds.
    /// explorer.fair(.weak, "Return(c1, alloc[c1])") { state, event in
    ///     event == .return(client: 0, state.allocated[0])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fairness: Weak or strong.
    ///   - name: The class's name.
    ///   - includes: Whether an event taken in a state belongs to the class.
    /// - Returns: The explorer, with the class declared fair.
    public func fair(_ fairness: FairnessKind, _ name: String, _ includes: @escaping (State, Event) -> Bool) -> Explorer
    {
        var copy = self
        if self.fairness.contains(where: { $0.name == name }) {
            copy.problems.append("two fair classes are named \"\(name)\"")
        } else {
            copy.fairness.append(FairnessClass(name: name, fairness: fairness, includes: includes, changes: nil))
        }
        return copy
    }

    /// Declares a class of events fair over part of the state, TLA+'s `WF_x(A)` and
    /// `SF_x(A)` (X15): a transition is in the class when its event is, and it changes
    /// the part of the state `part` gives (`<A>_x`); a step of the event that leaves that
    /// part alone neither enables nor takes the class.
    ///
    /// ```swift
    /// // WF_pc(Next): a process's program counter keeps moving.
    /// explorer.fair(.weak, "Next", over: \.pc) { _ in true }
    /// ```
    ///
    /// - Parameters:
    ///   - fairness: Weak or strong.
    ///   - name: The class's name.
    ///   - part: The part of the state the class's steps must change.
    ///   - includes: Whether an event belongs to the class.
    /// - Returns: The explorer, with the class declared fair.
    public func fair<Part: Equatable>(
        _ fairness: FairnessKind, _ name: String, over part: @escaping (State) -> Part,
        _ includes: @escaping (Event) -> Bool
    ) -> Explorer {
        fair(fairness, name, over: part) { _, event in includes(event) }
    }

    /// Declares a class of transitions fair over part of the state, by the state each is
    /// taken from and its event (X18): TLA+'s `WF_x(A)` for an action `A` whose
    /// parameters depend on the state.
    ///
    /// ```swift
    /// // WF_alloc(Return(c, alloc[c])) for client 0.
    /// explorer.fair(.weak, "Return(c1, alloc[c1])", over: \.allocated) { state, event in
    ///     event == .return(client: 0, state.allocated[0])
    /// }
    /// ```
    ///
    /// As for every class, a step is read as TLA+ reads an action, as a relation on
    /// states: a step from one state to another by any event is in the class when some
    /// step between the two is, so one step serves every action it satisfies.
    ///
    /// - Parameters:
    ///   - fairness: Weak or strong.
    ///   - name: The class's name.
    ///   - part: The part of the state the class's steps must change.
    ///   - includes: Whether an event taken in a state belongs to the class.
    /// - Returns: The explorer, with the class declared fair.
    public func fair<Part: Equatable>(
        _ fairness: FairnessKind, _ name: String, over part: @escaping (State) -> Part,
        _ includes: @escaping (State, Event) -> Bool
    ) -> Explorer {
        var copy = self
        if self.fairness.contains(where: { $0.name == name }) {
            copy.problems.append("two fair classes are named \"\(name)\"")
        } else {
            copy.fairness.append(
                FairnessClass(
                    name: name, fairness: fairness, includes: includes, changes: { part($0) != part($1) }))
        }
        return copy
    }

    /// Says how the outcomes of pending tasks are fair (X11): by default weakly, so a
    /// task that stays pending eventually delivers one of the outcomes its model lists,
    /// as a network eventually answers; `nil` lets a task stay pending forever, to ask
    /// what holds even then.
    ///
    /// ```swift
    /// explorer.taskFairness(nil)   // a request may never be answered
    /// ```
    ///
    /// Each modelled task name is a class of its own (all unnamed tasks are one), so one
    /// task's deliveries do not excuse another's.
    ///
    /// - Parameter fairness: The fairness of every task's outcomes, or `nil` for none.
    /// - Returns: The explorer, with the tasks' fairness set.
    public func taskFairness(_ fairness: FairnessKind?) -> Explorer {
        var copy = self
        copy.taskFairness = fairness
        return copy
    }

    func addingLiveness(_ property: LivenessProperty<State, Event>) -> Explorer {
        var copy = self
        if liveness.contains(where: { $0.name == property.name })
            || properties.contains(where: { $0.name == property.name })
        {
            copy.problems.append("two properties are named \"\(property.name)\"")
        } else {
            copy.liveness.append(property)
        }
        return copy
    }
}
