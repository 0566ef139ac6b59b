/// A liveness property: from the states where `trigger` holds, the states where `goal`
/// holds must stay reachable (X7), or must be reached on every fair path (X11).
struct LivenessProperty<State> {
    enum Kind {
        /// `eventually`: `AG(trigger ⇒ EF goal)`, through the transitions given.
        case staysReachable(LivenessPaths)
        /// `leadsTo`: `trigger ~> goal` under the model's fairness.
        case leadsTo
    }

    let name: String
    let trigger: (State, PendingTasks) -> Bool
    let goal: (State, PendingTasks) -> Bool
    let kind: Kind

    var isLeadsTo: Bool {
        if case .leadsTo = kind { true } else { false }
    }
}

/// A class of transitions declared fair (X11): those whose event, in the state it is
/// taken from, `includes` says belong to it.
struct FairnessClass<State, Event> {
    let name: String
    let fairness: Fairness
    let includes: (State, Event) -> Bool
}
