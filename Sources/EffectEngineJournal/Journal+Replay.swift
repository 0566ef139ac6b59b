import EffectEngine
import EffectEngineShared
import Foundation

/// Where a replay takes the events that `.action` closures produced (J1).
///
/// ```swift
/// journal.replay(initialState: State(), env: .mock, update: Todos.update)                    // from the journal
/// journal.replay(initialState: State(), env: .mock, actions: .rerun, update: Todos.update)   // run again
/// ```
public enum ReplayedActions: Sendable {
    /// The journal's: an action reads the env, which need not repeat (a fresh id, the
    /// time), so a journal recorded anywhere replays anywhere. Every entry is stepped
    /// through `update` in the journal's order; no closure runs.
    case fromJournal
    /// Run again with the env given, and an action whose event differs from the
    /// journal's is a divergence: for tests with a deterministic env.
    case rerun
}

extension Journal {
    /// Folds the journal through `update`, comparing each step (its effect and the state
    /// it left) with the journal's.
    ///
    /// By default the events `.action` closures produced come from the journal (J1):
    /// replay runs `update`, never an effect's body nor an action's closure. With
    /// `actions: .rerun`, each event that did not come from an `.action` is stepped with
    /// its chain, the actions run with `env`, and an action that produces a different
    /// event is reported.
    ///
    /// ```swift
    /// let replay = journal.replay(initialState: Counter.State(), env: .mock, update: Counter.update)
    /// if let divergence = replay.divergence { print(divergence) }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state to start from: the recorded one, usually
    ///     (``initialState(_:)``).
    ///   - env: The env handed to `.action`s when they are rerun; task bodies never run.
    ///   - actions: Where the events of `.action`s come from; the journal by default.
    ///   - chainLimit: The longest `.action` chain when actions are rerun, as
    ///     `HostOptions.chainLimit`.
    ///   - update: The transition function: the recorded one, or a changed one to check.
    /// - Returns: The state reached, the settled states, and the first divergence, if any.
    public func replay<State, Env>(
        initialState: State, env: Env, actions: ReplayedActions = .fromJournal, chainLimit: Int = 10_000,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) -> JournalReplay<State, Event> {
        switch actions {
        case .fromJournal: replayFromJournal(initialState: initialState, update: update)
        case .rerun: rerun(initialState: initialState, env: env, chainLimit: chainLimit, update: update)
        }
    }

    /// Folds the journal through `update`, the events of `.action`s taken from the
    /// journal (J1): no env is needed, as no closure runs.
    ///
    /// ```swift
    /// let replay = journal.replay(initialState: Todos.State(), update: Todos.update)
    /// #expect(replay.divergence == nil)
    /// ```
    public func replay<State, Env>(
        initialState: State, update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) -> JournalReplay<State, Event> {
        replayFromJournal(initialState: initialState, update: update)
    }

    /// ``replay(initialState:update:)``, telling `progress` every 4,096 entries how many
    /// have been replayed, of all: a line program draws it at a terminal.
    package func replay<State, Env>(
        initialState: State, update: @escaping (inout State, Event) -> Effect<Event, Env>?,
        progress: @escaping (_ done: Int, _ total: Int) -> Void
    ) -> JournalReplay<State, Event> {
        replayFromJournal(initialState: initialState, update: update, progress: progress)
    }

    /// Every entry, in order, through `update`: an action's event is the journal's.
    private func replayFromJournal<State, Env>(
        initialState: State, update: (inout State, Event) -> Effect<Event, Env>?,
        progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) -> JournalReplay<State, Event> {
        var state = initialState
        var settled: [State] = []
        for (index, entry) in entries.enumerated() {
            if let progress, index & 0xFFF == 0xFFF { progress(index, entries.count) }
            if entry.cause == .action, index == 0 {
                return JournalReplay(
                    state: state, settledStates: settled, stepsReplayed: 0,
                    divergence: JournalDivergence(
                        step: entry.step, event: entry.event, expected: entry.effect,
                        actual: "(no event: no chain had begun)", expectedDigest: entry.digest,
                        actualDigest: StateDigest.of(state),
                        reason: "the journal begins with an event from an .action, which no chain produced"))
            }
            // An event that did not come from an action begins a chain: the one before settled.
            if entry.cause != .action, index > 0 { settled.append(state) }
            let before = state
            let effect = update(&state, entry.event)?.summary.description ?? "no effect"
            let digest = StateDigest.of(state)
            let reason =
                effect != entry.effect ? "the effect differs" : digest != entry.digest ? "the state differs" : nil
            if let reason {
                return JournalReplay(
                    state: state, settledStates: settled, stepsReplayed: index,
                    divergence: JournalDivergence(
                        step: entry.step, event: entry.event, expected: entry.effect, actual: effect,
                        expectedDigest: entry.digest, actualDigest: digest, reason: reason,
                        changes: StateDiff.changes(from: before, to: state)))
            }
        }
        if !entries.isEmpty { settled.append(state) }
        return JournalReplay(state: state, settledStates: settled, stepsReplayed: entries.count, divergence: nil)
    }

    /// Each chain stepped again, its actions run with `env`, compared step by step.
    private func rerun<State, Env>(
        initialState: State, env: Env, chainLimit: Int,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) -> JournalReplay<State, Event> {
        let stepper = Stepper(update: update, env: env, chainLimit: chainLimit)
        var state = initialState
        var settled: [State] = []
        var index = 0
        var steps = ReplaySteps<State, Event, Env>()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        while index < entries.count {
            let root = entries[index]
            guard root.cause != .action else {
                return JournalReplay(
                    state: state, settledStates: settled, stepsReplayed: index,
                    divergence: JournalDivergence(
                        step: root.step, event: root.event, expected: root.effect, actual: "(no event: the chain had ended)",
                        expectedDigest: root.digest, actualDigest: StateDigest.of(state),
                        reason: "the journal has an event from an .action here, but the replayed chain had ended"))
            }
            steps.taken.removeAll(keepingCapacity: true)
            steps.previous = state
            stepper.step(root.event, state: &state, handler: &steps)
            for (offset, taken) in steps.taken.enumerated() {
                let number = index + offset
                guard number < entries.count else {
                    return JournalReplay(
                        state: state, settledStates: settled, stepsReplayed: number,
                        divergence: JournalDivergence(
                            step: number + 1, event: taken.event, expected: "(the journal ends)", actual: taken.effect,
                            expectedDigest: "", actualDigest: taken.digest,
                            reason: "the replayed chain goes on past the journal's end"))
                }
                let recorded = entries[number]
                var reason: String?
                if offset > 0 {
                    if recorded.cause != .action {
                        reason = "the replayed chain produced an event where the journal has a \(recorded.cause) one"
                    } else if (try? encoder.encode(recorded.event)) != (try? encoder.encode(taken.event)) {
                        reason = "the .action produced a different event (the journal has \(StateDigest.describe(recorded.event)))"
                    }
                }
                if reason == nil, recorded.effect != taken.effect { reason = "the effect differs" }
                if reason == nil, recorded.digest != taken.digest { reason = "the state differs" }
                if let reason {
                    return JournalReplay(
                        state: state, settledStates: settled, stepsReplayed: number,
                        divergence: JournalDivergence(
                            step: recorded.step, event: offset > 0 ? taken.event : recorded.event,
                            expected: recorded.effect, actual: taken.effect,
                            expectedDigest: recorded.digest, actualDigest: taken.digest, reason: reason,
                            changes: StateDiff.changes(from: taken.before, to: taken.after)))
                }
            }
            index += steps.taken.count
            settled.append(state)
        }
        return JournalReplay(state: state, settledStates: settled, stepsReplayed: index, divergence: nil)
    }
}

/// What a replay reached: the final state, the state after each settled chain (what a
/// renderer saw), and the first step that differs from the journal.
///
/// ```swift
/// let replay = journal.replay(initialState: State(), env: (), update: Feature.update)
/// #expect(replay.divergence == nil)
/// #expect(replay.state == recordedFinalState)
/// ```
public struct JournalReplay<State, Event: Sendable> {
    /// The state after the last step replayed.
    public let state: State
    /// The state after each settled chain, in order.
    public let settledStates: [State]
    /// How many journal entries matched.
    public let stepsReplayed: Int
    /// The first step that differs, or `nil` when the whole journal replayed alike.
    public let divergence: JournalDivergence<Event>?
}

/// The first step where a replay differs from its journal: the event, and both sides of
/// what differs.
///
/// ```swift
/// // step 7, tick (external): the state differs
/// //   journal: no effect, state 3c1e…
/// //   replay:  no effect, state 9a02…, having changed count: 2 → 4
/// print(divergence)
/// ```
public struct JournalDivergence<Event: Sendable>: CustomStringConvertible {
    /// The journal's step number.
    public let step: Int
    /// The event at that step.
    public let event: Event
    /// The effect the journal recorded.
    public let expected: String
    /// The effect the replay's `update` returned.
    public let actual: String
    /// The state digest the journal recorded.
    public let expectedDigest: String
    /// The state digest the replay reached.
    public let actualDigest: String
    /// What differs, in words.
    public let reason: String
    /// The fields the replayed step changed, `path: before → after`: the journal agreed
    /// with the state before the step, so these are where the replay parted from it (the
    /// journal keeps a digest of each state, not the state).
    ///
    /// ```swift
    /// #expect(divergence.changes == ["count: 1 → 3"])
    /// ```
    public let changes: [String]

    /// - Parameter changes: The fields the replayed step changed.
    init(
        step: Int, event: Event, expected: String, actual: String, expectedDigest: String, actualDigest: String,
        reason: String, changes: [String] = []
    ) {
        self.step = step
        self.event = event
        self.expected = expected
        self.actual = actual
        self.expectedDigest = expectedDigest
        self.actualDigest = actualDigest
        self.reason = reason
        self.changes = changes
    }

    /// The step and what differs, then the journal's side and the replay's, with the
    /// fields the replayed step changed:
    ///
    /// ```text
    /// step 7, tick (external): the state differs
    ///   journal: no effect, state 3c1e…
    ///   replay:  no effect, state 9a02…, having changed count: 2 → 4
    /// ```
    public var description: String {
        let changed =
            !changes.isEmpty
            ? ", having changed " + changes.joined(separator: ", ")
            : reason == "the state differs" ? ", having changed nothing" : ""
        return "step \(step), \(StateDigest.describe(event)): \(reason)\n"
            + "  journal: \(expected), state \(expectedDigest)\n"
            + "  replay:  \(actual), state \(actualDigest)\(changed)"
    }
}

extension StateDigest {
    /// An event as a message shows it, with no module names.
    static func describe(_ event: Any) -> String { StateDiff.renderEvent(event) }
}

/// Collects what each step of a chain did, for comparison with the journal.
struct ReplaySteps<State, Event: Sendable, Env>: StepHandler {
    struct Taken {
        var event: Event
        var effect: String
        var digest: String
        /// The states around the step, for the fields it changed.
        var before: State
        var after: State
    }

    var taken: [Taken] = []
    /// The state before the next step.
    var previous: State?

    mutating func updated(_ event: Event, state: State, effect: Effect<Event, Env>?, byAction: Bool) {
        taken.append(
            Taken(
                event: event, effect: effect?.summary.description ?? "no effect", digest: StateDigest.of(state),
                before: previous ?? state, after: state))
        previous = state
    }
}
