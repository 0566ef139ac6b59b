import EffectEngine
import EffectEngineExploration

/// TLA+'s `ReadersWriters` (tlaplus/Examples): readers and writers served in the order
/// they asked, through a queue. Its `Fairness ==` (weak fairness of each actor's
/// `TryRead` and `TryWrite`, of `ReadOrWrite` and of `Stop`) is the name a spec's own
/// definition used to hide the explorer's type by.
enum ReadersWriters {
    struct Request: Hashable, Sendable {
        let write: Bool
        let actor: Int
    }

    struct State: Hashable, Sendable {
        /// `readers` and `writers`, as bit sets of actors.
        var readers: UInt8 = 0
        var writers: UInt8 = 0
        /// `waiting`, the queue of requests.
        var waiting: [Request] = []
    }

    enum Event: Hashable, Sendable {
        case tryRead(Int), tryWrite(Int), readOrWrite, stop(Int)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .tryRead(let actor), .tryWrite(let actor):
            let request = Request(write: event == .tryWrite(actor), actor: actor)
            guard !state.waiting.contains(request) else { return nil }
            state.waiting.append(request)
        case .readOrWrite:
            guard let head = state.waiting.first, state.writers == 0 else { return nil }
            if head.write {
                guard state.readers == 0 else { return nil }
                state.writers |= 1 << head.actor
            } else {
                state.readers |= 1 << head.actor
            }
            state.waiting.removeFirst()
        case .stop(let actor):
            let bit: UInt8 = 1 << actor
            if state.readers & bit != 0 {
                state.readers &= ~bit
            } else if state.writers & bit != 0 {
                state.writers &= ~bit
            }
        }
        return nil
    }

    static func enabled(actors: Int) -> (State) -> [Event] {
        { state in
            var events: [Event] = []
            for actor in 0..<actors {
                if !state.waiting.contains(Request(write: false, actor: actor)) {
                    events.append(.tryRead(actor))
                }
                if !state.waiting.contains(Request(write: true, actor: actor)) {
                    events.append(.tryWrite(actor))
                }
            }
            if let head = state.waiting.first, state.writers == 0, !head.write || state.readers == 0 {
                events.append(.readOrWrite)
            }
            for actor in 0..<actors where (state.readers | state.writers) >> actor & 1 == 1 {
                events.append(.stop(actor))
            }
            return events
        }
    }

    /// `Safety`: no one writes while someone reads, and at most one writes.
    static func safety(_ state: State) -> Bool {
        !(state.readers != 0 && state.writers != 0) && state.writers.nonzeroBitCount <= 1
    }
}

/// The spec's `Fairness ==`, by that name, at the top level of the test module: a spec's
/// own `Fairness` no longer hides the explorer's ``FairnessKind`` (issue 50, item 4).
enum Fairness {
    /// `WF_vars` of each actor's `TryRead` and `TryWrite`, of `ReadOrWrite`, and (when
    /// `stop`) of `Stop`.
    static func classes(actors: Int, stop: Bool)
        -> [(name: String, kind: FairnessKind, includes: @Sendable (ReadersWriters.Event) -> Bool)]
    {
        var classes:
            [(name: String, kind: FairnessKind, includes: @Sendable (ReadersWriters.Event) -> Bool)] = []
        for actor in 0..<actors {
            classes.append(("TryRead(\(actor))", .weak, { $0 == .tryRead(actor) }))
            classes.append(("TryWrite(\(actor))", .weak, { $0 == .tryWrite(actor) }))
        }
        classes.append(("ReadOrWrite", .weak, { $0 == .readOrWrite }))
        if stop { classes.append(("Stop", .weak, { if case .stop = $0 { true } else { false } })) }
        return classes
    }
}
