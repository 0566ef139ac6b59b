/// A liveness property: what must stay reachable (X7), be reached on every fair path
/// (X11, X15), or hold on every step (X15). A property quantified over a set has one
/// instance per element, checked one by one and reported as one.
struct LivenessProperty<State, Event> {
    enum Kind {
        /// `eventually`: `AG(trigger ⇒ EF goal)`, through the transitions given.
        case staysReachable(LivenessPaths)
        /// `leadsTo`: `trigger ~> goal` under the model's fairness.
        case leadsTo
        /// `<>goal`: every fair path from an initial state reaches the goal.
        case eventuallyHolds
        /// `[]<>goal`: on every fair path the goal holds again and again.
        case alwaysEventually
        /// `<>[]goal`: on every fair path the goal holds from some point on, for good.
        case eventuallyAlways
        /// `[][A]_v`: every step satisfies the instance's `step`.
        case everyStep
        /// Any temporal formula (X17): the instance's `formula` holds on every fair path.
        case temporal
    }

    /// One instance of the property: for an element of the set it is quantified over
    /// (`label` names it), or the property itself (`label` is `nil`).
    struct Instance {
        let label: String?
        let trigger: (State, PendingTasks) -> Bool
        let goal: (State, PendingTasks) -> Bool
        /// For a step property, whether a step is allowed.
        var step: ((State, Event, State) -> Bool)?
        /// For a temporal formula, the formula.
        var formula: TemporalFormula<State, Event>.Node?
    }

    let name: String
    let kind: Kind
    let instances: [Instance]

    init(name: String, kind: Kind, instances: [Instance]) {
        self.name = name
        self.kind = kind
        self.instances = instances
    }

    init(
        name: String, trigger: @escaping (State, PendingTasks) -> Bool,
        goal: @escaping (State, PendingTasks) -> Bool,
        kind: Kind
    ) {
        self.init(name: name, kind: kind, instances: [Instance(label: nil, trigger: trigger, goal: goal)])
    }

    /// Whether the property reads fairness: every kind but `eventually` and step
    /// properties.
    var isFair: Bool {
        switch kind {
        case .staysReachable, .everyStep: false
        case .leadsTo, .eventuallyHolds, .alwaysEventually, .eventuallyAlways, .temporal: true
        }
    }
}

/// A class of transitions declared fair (X11): those whose event, in the state it is
/// taken from, `includes` says belong to it, and which change the part of the state
/// `changes` looks at (all of it when `nil`: TLA+'s `WF_vars(A)`; part: `WF_x(A)`).
struct FairnessClass<State, Event> {
    let name: String
    let fairness: FairnessKind
    let includes: (State, Event) -> Bool
    let changes: ((State, State) -> Bool)?
}
