import EffectEngine
import EffectEngineExploration

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

/// A refresh whose load may fail: with `retries`, a failure loads again at once (the
/// spinner stays, and `attempt` flips, so each retry changes the state); without, a
/// failure ends the refresh. The feature that breaks leads-to (X11): a load that may fail
/// every time spins forever, though a page stays within reach.
enum Retry {
    struct State: Hashable, Sendable {
        var isLoading = false
        var attempt = false
        var pages = 0
    }

    enum Event: Hashable, Sendable {
        case refresh
        case loaded
        case failed
    }

    static func update(retries: Bool) -> (inout State, Event) -> Effect<Event, Void>? {
        { state, event in
            let load = Effect<Event, Void>.task(name: "load") { input, _ in input(.loaded) }
            switch event {
            case .refresh:
                guard !state.isLoading else { return nil }
                state.isLoading = true
                return load
            case .loaded:
                state.isLoading = false
                state.attempt = false
                state.pages = min(state.pages + 1, 2)
                return nil
            case .failed:
                guard retries else {
                    state.isLoading = false
                    return nil
                }
                state.attempt.toggle()
                return load
            }
        }
    }

    static func explorer(retries: Bool) -> Explorer<State, Event, Void> {
        Explorer(initialState: State(), update: update(retries: retries)) { _ in [.refresh] }
            .task("load", delivers: { _ in [.loaded, .failed] })
            .leadsTo("a refresh ends", from: { $0.isLoading }, to: { !$0.isLoading })
    }
}

/// A page loader with a cap it does not enforce, and a `cancel` that leaves the spinner
/// on: an invariant, a lost goal and a leads-to property all fail, and its task's body
/// delivers what its model lists, so any trace also runs on a real host.
enum PageLoader {
    struct State: Hashable, Sendable {
        var isLoading = false
        var loads = 0
    }

    enum Event: Hashable, Sendable {
        case load
        case loaded
        case cancel
        case reset
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .load:
            guard state.loads < 3 else { return .reject("three loads at most") }
            state.isLoading = true
            state.loads += 1
            return .task(name: "load") { input, _ in input(.loaded) }
        case .loaded:
            state.isLoading = false
            return nil
        case .cancel:
            return .cancel("load")
        case .reset:
            state.loads = 0
            return nil
        }
    }

    static var explorer: Explorer<State, Event, Void> {
        Explorer(initialState: State(), update: update) { state in
            state.isLoading ? [.cancel, .reset] : [.load, .reset]
        }
        .task("load", delivers: { _ in [.loaded] })
        .always("at most two loads") { $0.loads <= 2 }
        .eventually("the spinner stops", after: { $0.isLoading }, through: .taskOutcomes) { !$0.isLoading }
        .leadsTo("loading ends", from: { $0.isLoading }, to: { !$0.isLoading })
    }
}
