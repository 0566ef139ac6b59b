/// The graph a walk keeps when asked for it: every state whole, in the order the walk
/// numbered them, and every transition stepped from a state within the bounds, in the
/// order one worker steps them (each state's, in choice order, states in number order).
///
/// A transition is recorded with the fingerprint of its target, and resolved to the
/// target's number once the level that may have found it is numbered: so the workers of
/// a parallel level record the transitions of their own states, and the merge resolves
/// them in the walk's order.
@usableFromInline
struct GraphRecorder<State, Event> {
    /// A transition whose target may not be numbered yet.
    @usableFromInline
    struct Transition {
        @usableFromInline let from: UInt32
        /// The target's fingerprint; ignored for a transition from a state to itself.
        @usableFromInline let target: UInt64
        @usableFromInline let isLoop: Bool
        @usableFromInline let choice: UInt32
        @usableFromInline let task: Int32
        @usableFromInline let event: Event

        @inlinable
        init(from: UInt32, target: UInt64, isLoop: Bool, choice: UInt32, task: Int, event: Event) {
            self.from = from
            self.target = target
            self.isLoop = isLoop
            self.choice = choice
            self.task = Int32(truncatingIfNeeded: task)
            self.event = event
        }
    }

    /// State numbers by fingerprint.
    @usableFromInline var ids: [UInt64: UInt32] = [:]
    @usableFromInline var states: [State] = []
    @usableFromInline var pending: [UInt64] = []
    @usableFromInline var depths: [Int] = []
    /// The `always` properties each state breaks, by number.
    @usableFromInline var broken: [[Int]] = []
    @usableFromInline var deadEnds: [UInt32] = []
    /// Transitions recorded since the last ``resolve()``.
    @usableFromInline var unresolved: [Transition] = []
    @usableFromInline var from: [UInt32] = []
    @usableFromInline var to: [UInt32] = []
    @usableFromInline var choices: [UInt32] = []
    @usableFromInline var tasks: [Int32] = []
    @usableFromInline var events: [Event] = []

    @inlinable
    init() {}

    /// Adds the state the walk numbered next.
    @inlinable
    mutating func node(_ state: State, pending: UInt64, fingerprint: UInt64, depth: Int, broken: [Int]) {
        ids[fingerprint] = UInt32(truncatingIfNeeded: states.count)
        states.append(state)
        self.pending.append(pending)
        depths.append(depth)
        self.broken.append(broken)
    }

    /// Resolves the transitions recorded since the last call: their targets are numbered.
    @inlinable
    mutating func resolve() {
        for transition in unresolved {
            let target = transition.isLoop ? transition.from : ids[transition.target] ?? UInt32.max
            // A target never numbered (a state bound cut the walk first) is left out.
            guard target != UInt32.max else { continue }
            from.append(transition.from)
            to.append(target)
            choices.append(transition.choice)
            tasks.append(transition.task)
            events.append(transition.event)
        }
        unresolved.removeAll(keepingCapacity: true)
    }

    /// The number of transitions kept.
    @usableFromInline var transitions: Int { from.count + unresolved.count }
}
