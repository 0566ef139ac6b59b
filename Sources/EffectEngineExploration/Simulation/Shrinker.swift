/// Shrinks a failing walk: fewer events first, then simpler ones (X9).
///
/// A candidate is stepped through the model from the initial state; each of its events
/// must be a choice of the state it is stepped in (the same event, from the same task
/// or from the user), and the candidate fails when one of its states breaks the target;
/// it is cut at the first such state. Passes repeat until none changes the walk, so the
/// result is 1-minimal: removing any single event, or replacing one by a choice listed
/// before it, loses the failure.
struct Shrinker<State: Hashable, Event: Sendable & Equatable, Env> {
    let explorer: Explorer<State, Event, Env>
    let system: TransitionSystem<State, Event, Env>
    let target: ShrinkTarget
    /// Candidates stepped.
    private(set) var replays = 0

    init(explorer: Explorer<State, Event, Env>, system: TransitionSystem<State, Event, Env>, target: ShrinkTarget) {
        self.explorer = explorer
        self.system = system
        self.target = target
    }

    typealias Walk = [Choice<Event>]

    /// Where a candidate stands: the state and its pending tasks.
    private var start: (state: State, pending: UInt64) { (explorer.initialStates[0], 0) }

    mutating func shrink(_ walk: Walk) -> Walk {
        var best = failing(walk) ?? walk
        var changed = true
        // Each pass that changes the walk makes it shorter or one of its events simpler;
        // the bound only guards against a model whose choices are not a function of the state.
        var passes = 0
        while changed && passes < 10_000 {
            passes += 1
            changed = removeRuns(&best)
            if simplify(&best) { changed = true }
        }
        return best
    }

    /// Removes runs of events, halving their length down to one; `true` when any went.
    private mutating func removeRuns(_ best: inout Walk) -> Bool {
        var changed = false
        var size = max(1, best.count / 2)
        while true {
            var start = 0
            while start + size <= best.count {
                var candidate = best
                candidate.removeSubrange(start..<start + size)
                if let shorter = failing(candidate) {
                    best = shorter
                    changed = true
                } else {
                    start += 1
                }
            }
            if size == 1 { return changed }
            size /= 2
        }
    }

    /// Replaces each event by the first simpler choice that keeps the failure.
    private mutating func simplify(_ best: inout Walk) -> Bool {
        var changed = false
        var position = 0
        while position < best.count {
            var (state, pending) = start
            for choice in best[..<position] { step(choice, &state, &pending) }
            let choices = system.choices(in: state, pending: pending)
            let current = choices.firstIndex { $0.task == best[position].task && $0.event == best[position].event }
            for simpler in choices[..<(current ?? 0)] {
                var candidate = best
                candidate[position] = simpler
                if let kept = failing(candidate) {
                    best = kept
                    changed = true
                    break
                }
            }
            position += 1
        }
        return changed
    }

    /// The candidate cut at its first state that breaks the target; `nil` when it does
    /// not fail or steps an event its state does not offer.
    private mutating func failing(_ candidate: Walk) -> Walk? {
        replays += 1
        var (state, pending) = start
        if explorer.breaks(target, state, pending: pending, system) { return [] }
        for (index, choice) in candidate.enumerated() {
            guard system.number(of: choice.event, task: choice.task, in: state, pending: pending) != nil else {
                return nil
            }
            step(choice, &state, &pending)
            if explorer.breaks(target, state, pending: pending, system) { return Array(candidate[...index]) }
        }
        return nil
    }

    private func step(_ choice: Choice<Event>, _ state: inout State, _ pending: inout UInt64) {
        var notes = StepNotes()
        system.step(choice, state: &state, pending: &pending, notes: &notes)
    }
}
