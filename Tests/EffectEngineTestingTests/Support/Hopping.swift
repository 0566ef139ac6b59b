import EffectEngineShared
import EffectEngineTesting

/// A feature whose task calls main-actor code, and one whose task drives its own test
/// host from inside a step: what a test host off the main actor must wait for, and what
/// it must refuse.
enum Hopping {
    struct State: Equatable {
        var count = 0
    }

    enum Event: Sendable, Equatable {
        case start(hops: Int)
        case poke
        case tick
        case done
    }

    struct Env: Sendable {
        var clock: TestClock
        /// What the `.poke` task runs: set by the test once its host exists.
        var poke = Locked<(@Sendable () async -> Void)?>(nil)
    }

    @MainActor static var hopsOnTheMainActor = 0

    @MainActor static func hopOnTheMainActor() {
        hopsOnTheMainActor += 1
    }

    static func update(state: inout State, event: Event, env: Env) -> Effect<Event, Env>? {
        switch event {
        case .start(let hops):
            return .task(name: "hops") { input, env in
                // Each call hops to the main actor and back to the test host's executor.
                for _ in 0..<hops { await hopOnTheMainActor() }
                try await env.clock.sleep(for: .seconds(1))
                input(.tick)
            }
        case .poke:
            return .task { input, env in
                await env.poke.withLock { $0 }?()
                input(.done)
            }
        case .tick:
            state.count += 1
            return nil
        case .done:
            return nil
        }
    }

    static func host(env: Env) -> TestHost<State, Event, Env> {
        TestHost(initialState: State(), env: env) { state, event in
            update(state: &state, event: event, env: env)
        }
    }
}
