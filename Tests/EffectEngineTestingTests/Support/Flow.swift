import EffectEngine

/// A feature whose events make `.action` chains: `start` runs two steps, the second of
/// which tells its parent it is done, and starts a load whose result refreshes.
enum Flow {
    struct State: Equatable {
        var log: [String] = []
        var count = 0
    }

    enum Event: Equatable, Sendable {
        case start
        case step(Int)
        case delegate(Delegate)
        case loaded
        case refresh

        enum Delegate: Equatable, Sendable {
            case done
        }
    }

    struct Env: Sendable {}

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .start:
            state.log.append("start")
            return .sequence([
                .send(.step(1)),
                .send(.step(2)),
                .task(name: "load") { input, _ in input(.loaded) },
            ])
        case .step(let number):
            state.count += number
            return number == 2 ? .send(.delegate(.done)) : nil
        case .delegate(.done):
            state.log.append("done")
            return nil
        case .loaded:
            state.log.append("loaded")
            return .send(.refresh)
        case .refresh:
            state.count = 0
            return nil
        }
    }
}
