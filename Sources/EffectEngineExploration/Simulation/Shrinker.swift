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
    let target: ShrinkTarget
    /// The task names, read once: the explorer builds them each time it is asked.
    let names: [String]
    /// Candidates stepped.
    private(set) var replays = 0

    init(explorer: Explorer<State, Event, Env>, target: ShrinkTarget) {
        self.explorer = explorer
        self.target = target
        names = explorer.tracker.names
    }

    typealias Walk = [(event: Event, task: Int)]

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
            var cursor = ModelCursor(explorer)
            for choice in best[..<position] { cursor.step(choice.event, task: choice.task, in: explorer) }
            let choices = explorer.choices(in: cursor.state, pending: cursor.pending)
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
        var cursor = ModelCursor(explorer)
        if explorer.breaks(target, cursor, names: names) { return [] }
        for (index, choice) in candidate.enumerated() {
            let offered = explorer.choices(in: cursor.state, pending: cursor.pending)
            guard offered.contains(where: { $0.task == choice.task && $0.event == choice.event }) else { return nil }
            cursor.step(choice.event, task: choice.task, in: explorer)
            if explorer.breaks(target, cursor, names: names) { return Array(candidate[...index]) }
        }
        return nil
    }
}
