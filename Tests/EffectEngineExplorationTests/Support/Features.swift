import EffectEngine

/// A counter with a cap of 3 it forgets to check, and a `finish` after which nothing is
/// enabled: the explorer finds the overflow and the dead ends.
enum Capped {
    struct State: Hashable, Sendable {
        var count = 0
        var isDone = false
    }

    enum Event: Hashable, Sendable {
        case add(Int)
        case finish
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .add(let amount): state.count += amount
        case .finish: state.isDone = true
        }
        return nil
    }

    /// Adding stops at 5; after `finish`, nothing.
    static func enabled(_ state: State) -> [Event] {
        if state.isDone { return [] }
        return state.count < 5 ? [.add(1), .add(2), .finish] : [.finish]
    }
}

/// A fetch whose named task is replaced by the next query and cancelled by `clear`, with
/// an unnamed task and a named one the tests leave unmodelled.
enum Fetch {
    struct State: Hashable, Sendable {
        var query = ""
        var shown = ""
        var isFetching = false
    }

    enum Event: Hashable, Sendable {
        case type(String)
        case fetched(String)
        case clear
        case save
        case log
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .type(let query):
            state.query = query
            state.isFetching = true
            return .task(name: "fetch") { input, _ in input(.fetched(query)) }
        case .fetched(let result):
            state.isFetching = false
            state.shown = result
            return nil
        case .clear:
            state = State()
            return .cancel("fetch")
        case .save:
            return .task { _, _ in }
        case .log:
            return .task(name: "log") { _, _ in }
        }
    }
}

/// A ticker that keeps delivering while it runs.
enum Ticking {
    struct State: Hashable, Sendable {
        var ticks = 0
        var isRunning = false
    }

    enum Event: Hashable, Sendable {
        case start, stop, tick
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .start:
            state.isRunning = true
            return .task(name: "ticker") { _, _ in }
        case .stop:
            state.isRunning = false
            return .cancel("ticker")
        case .tick:
            state.ticks = min(state.ticks + 1, 2)
            return nil
        }
    }
}

/// An event whose `.action` chain never ends, and one that chains once.
enum Looping {
    enum Event: Hashable, Sendable {
        case loop, once, done
    }

    static func update(state: inout Int, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .loop:
            state = min(state + 1, 1_000)
            return .send(.loop)
        case .once:
            return .sequence([.send(.done), .task(name: "t") { _, _ in }])
        case .done:
            state = -1
            return nil
        }
    }
}

/// A switch with a quoted, multi-line rendering, for the graph exports.
enum Light {
    enum Event: Hashable, Sendable {
        case toggle
    }

    static func update(state: inout Bool, event: Event) -> Effect<Event, Void>? {
        state.toggle()
        return nil
    }

    static func label(_ isOn: Bool) -> String {
        isOn ? "light \"on\"\n<bright> | #1" : "light off \\ dark"
    }
}
