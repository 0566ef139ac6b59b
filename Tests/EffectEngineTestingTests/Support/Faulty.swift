import EffectEngine
import EffectEngineTesting

/// A feature that makes the host report every kind of diagnostic a test meets: a task's
/// error, a cut chain, a rejection, and a cancelled task's late event (no diagnostic).
enum Faulty {
    struct State: Equatable {
        var loads = 0
        var pings = 0
    }

    enum Event: Equatable, Sendable {
        case load
        case ping
        case refuse
        case startLate
        case cancelLate
        case late
    }

    struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    struct Env: Sendable {
        var clock: TestClock
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .load:
            state.loads += 1
            return .task(name: "load") { _, _ in throw Offline() }
        case .ping:
            state.pings += 1
            return .send(.ping)
        case .refuse:
            return .reject("not now")
        case .startLate:
            // Swallows its cancellation, then sends: the late event is dropped (R7).
            return .task(name: "late") { input, env in
                try? await env.clock.sleep(for: .seconds(1))
                input(.late)
            }
        case .cancelLate:
            return .cancel("late")
        case .late:
            return nil
        }
    }
}
