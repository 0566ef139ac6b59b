import EffectEngine
import ExplorationModels
import EffectEngineExploration

extension Scenarios {
    /// Random walks (X9) against the explorer's own breadth-first walk over the same
    /// model, TwoPhase with `managers` resource managers, in the same run: nanoseconds per
    /// event stepped. Then the bar: TwoPhase with 12 managers and a bug planted
    /// 22 events deep, found by `simulate` and shrunk, in milliseconds of processor time.
    mutating func simulate(managers: Int) {
        let explorer = TwoPhase.explorer(managers: managers)
            .always("no manager commits while another aborts", TwoPhase.isConsistent)
        var walked: [Double] = []
        var simulated: [Double] = []
        for _ in 0..<max(3, budget.repetitions) {
            var transitions = 0
            let walk = timedNow { transitions = (try? explorer.explore(states: 10_000_000))?.transitions ?? 1 }
            walked.append(walk / Double(max(1, transitions)))
            var steps = 0
            let simulation = timedNow { steps = (try? explorer.simulate(walks: 20_000, depth: 60, seed: 1))?.steps ?? 1 }
            simulated.append(simulation / Double(max(1, steps)))
        }
        add(
            "simulate.baseline", "Explorer.explore: TwoPhase, \(managers) RMs, per transition",
            Self.summary(walked), unit: "ns/event")
        add(
            "simulate", "Explorer.simulate: TwoPhase, \(managers) RMs, 20,000 walks of 60 events, per event",
            Self.summary(simulated), unit: "ns/event", baseline: "simulate.baseline")
        var events = 0
        var walks = 0
        let found = timedNow {
            let report = try? TwoPhase.plantedBug(managers: 12).simulate(walks: 10_000_000, depth: 80, seed: 29)
            events = report?.failure?.failure.trace?.steps.count ?? 0
            walks = report?.walks ?? 0
        }
        add(
            "simulate.bug", "simulate + shrink: TwoPhase, 12 RMs, a bug 22 events deep",
            (found / 1e6, found / 1e6, found / 1e6), unit: "ms", bar: "≤ 60,000")
        figures[figures.count - 1].extras = [("events", "\(events)"), ("walks", "\(walks)")]
    }
}

extension TwoPhase {
    /// TwoPhase whose coordinator commits once it has heard from all managers but two:
    /// inconsistent only after 22 events with 12 managers (10 prepare, the coordinator
    /// hears each, one hears the commit, another aborts).
    static func plantedBug(managers: Int) -> Explorer<State, Event, Void> {
        Explorer(initialState: State(managers: managers), update: buggyUpdate, events: enabled)
            .always("no manager commits while another aborts", isConsistent)
    }

    static func buggyUpdate(state: inout State, event: Event) -> Effect<Event, Void>? {
        let effect = update(state: &state, event: event)
        // The planted bug: the coordinator commits once it has heard from all managers
        // but two, not all of them.
        if case .coordinatorReceivesPrepared = event, state.coordinator == .initial,
            state.prepared.count == state.managers.count - 2
        {
            state.coordinator = .committed
            state.messages.insert(.commit)
        }
        return effect
    }

}
