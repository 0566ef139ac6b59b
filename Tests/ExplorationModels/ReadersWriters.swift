import EffectEngine

/// TLA+'s `ReadersWriters` (tlaplus/Examples): readers and writers served in the order
/// they asked, through a queue. Its `Fairness ==` (weak fairness of each actor's
/// `TryRead` and `TryWrite`, of `ReadOrWrite` and of `Stop`) is the name a spec's own
/// definition used to hide the explorer's type by (the tests declare it beside their
/// checks). The tests and the benchmarks' `liveness.rw` scenario share this model.
public enum ReadersWriters {
    public struct Request: Hashable, Sendable {
        public let write: Bool
        public let actor: Int

        public init(write: Bool, actor: Int) {
            self.write = write
            self.actor = actor
        }
    }

    public struct State: Hashable, Sendable {
        /// `readers` and `writers`, as bit sets of actors.
        public var readers: UInt8 = 0
        public var writers: UInt8 = 0
        /// `waiting`, the queue of requests.
        public var waiting: [Request] = []

        public init() {}
    }

    public enum Event: Hashable, Sendable {
        case tryRead(Int), tryWrite(Int), readOrWrite, stop(Int)
    }

    public static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
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

    public static func enabled(actors: Int) -> (State) -> [Event] {
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
    public static func safety(_ state: State) -> Bool {
        !(state.readers != 0 && state.writers != 0) && state.writers.nonzeroBitCount <= 1
    }
}
