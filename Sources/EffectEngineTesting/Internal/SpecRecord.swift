import EffectEngine

/// What ``UpdateSpec`` keeps while it steps: the summary of the top-level effect of the
/// last event, and whatever kept the chain from running as a host would run it.
struct SpecRecord<State, Event: Sendable, Env>: StepHandler {
    enum Problem {
        /// An `.action` was met by a spec made without an env.
        case needsEnv
        /// The chain ran past the chain limit.
        case chainCut(limit: Int)
    }

    var effect: EffectSummary?
    var isTopLevel = true
    var problems: [Problem] = []

    mutating func updated(_ event: Event, state: State, effect: Effect<Event, Env>?, byAction: Bool) {
        guard isTopLevel else { return }
        isTopLevel = false
        self.effect = effect?.summary
    }

    mutating func chainCut(limit: Int, startedBy event: Event) {
        problems.append(.chainCut(limit: limit))
    }
}

extension Effect {
    /// Whether running this effect would call an `.action`.
    var containsAction: Bool {
        switch self {
        case .action: true
        case .task, .paced, .cancel, .report, .dismiss: false
        case .sequence(let effects): effects.contains { $0.containsAction }
        }
    }
}
