import EffectEngine

/// A feature whose task awaits the env, then delivers what it got.
enum Loader {
    struct State: Equatable {
        var isLoading = false
        var items: [String] = []
        var error: String?
    }

    enum Event: Equatable, Sendable {
        case load
        case loaded([String])
        case failed(String)
        case reset
        case chain(Int)
    }

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    struct Env: Sendable {
        var fetch: @Sendable () async throws -> [String]
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .load:
            state.isLoading = true
            state.error = nil
            return .task(name: "load") { input, env in
                do {
                    input(.loaded(try await env.fetch()))
                } catch {
                    input(.failed("\(error)"))
                }
            }
        case .loaded(let items):
            state.isLoading = false
            state.items = items
            return nil
        case .failed(let message):
            state.isLoading = false
            state.error = message
            return nil
        case .reset:
            state = State()
            return .cancel("load")
        case .chain(let steps):
            state.items.append("step \(steps)")
            return steps > 1 ? .send(.chain(steps - 1)) : nil
        }
    }
}
