import EffectEngine
import EffectEngineTesting

/// A feature with one paced task, named "p": each issue carries a label, and its body
/// reports when it starts and, after `work` on the clock, when it is done.
enum Paced {
    struct State: Equatable {
        var log: [Step] = []
    }

    /// A body started (`ran`) or returned (`done`), at a time of the clock.
    struct Step: Equatable, Sendable, CustomStringConvertible {
        enum Kind: String, Sendable { case ran, done }
        var kind: Kind
        var label: String
        var at: Duration

        var description: String { "\(kind.rawValue)(\(label)@\(at))" }
    }

    enum Event: Equatable, Sendable {
        case issue(String, work: Duration = .zero)
        /// A plain `.task` of the same name, with the same body.
        case plain(String)
        case cancel
        case step(Step)
    }

    struct Env: Sendable {
        var clock: TestClock
    }

    static let name = "p"

    /// The transition function of a feature whose task is paced by `pacing`.
    static func update(_ pacing: TaskPacing) -> @Sendable (inout State, Event) -> Effect<Event, Env>? {
        { state, event in
            switch event {
            case .issue(let label, let work):
                let body: @Sendable (Input<Event>, Env) async throws -> Void = { input, env in
                    input(.step(Step(kind: .ran, label: label, at: env.clock.now.offset)))
                    if work > .zero { try await env.clock.sleep(for: work) }
                    input(.step(Step(kind: .done, label: label, at: env.clock.now.offset)))
                }
                switch pacing {
                case .debounce(let duration):
                    return .task(name: name, debounce: duration, operation: body)
                case .throttle(let window, let latest):
                    return .task(name: name, throttle: window, latest: latest, operation: body)
                }
            case .plain(let label):
                return .task(name: name) { input, env in
                    input(.step(Step(kind: .ran, label: label, at: env.clock.now.offset)))
                    input(.step(Step(kind: .done, label: label, at: env.clock.now.offset)))
                }
            case .cancel:
                return .cancel(name)
            case .step(let step):
                state.log.append(step)
                return nil
            }
        }
    }

    /// A test host for the feature, on a clock of its own.
    static func host(_ pacing: TaskPacing) -> TestHost<State, Event, Env> {
        TestHost(initialState: State(), env: Env(clock: TestClock()), update: update(pacing))
    }
}
