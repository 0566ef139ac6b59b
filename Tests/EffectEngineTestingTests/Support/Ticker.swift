import EffectEngine

/// A timer feature: `start` ticks every `interval` on the env's clock until `stop`.
enum Ticker {
    struct State: Equatable {
        var count = 0
        var isRunning = false
    }

    enum Event: Equatable, Sendable {
        case start
        case tick
        case stop
    }

    struct Env: Sendable {
        var clock: any Clock<Duration>
        var interval: Duration = .seconds(1)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .start:
            state.isRunning = true
            return .task(name: "ticker") { input, env in
                while true {
                    try await env.clock.sleep(for: env.interval)
                    input(.tick)
                }
            }
        case .tick:
            state.count += 1
            return nil
        case .stop:
            state.isRunning = false
            return .cancel("ticker")
        }
    }
}
