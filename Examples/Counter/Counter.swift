import EffectEngine
import EffectEngineCLI

/// A counter that ticks while started: the smallest feature with a named task.
///
/// ```text
/// $ printf 'tick\ntick\nreset\n' | counter --settle
/// count: 0
/// count: 1
/// count: 2
/// count: 0
/// ```
///
/// `start` counts on from where the count is, so `counter --state count.json` keeps
/// counting across runs; `reset` goes back to 0.
enum Counter {
    /// What the counter shows.
    struct State: Hashable, Sendable, Codable {
        /// The ticks counted since the last `reset`.
        var count = 0
        /// Whether the ticker task runs.
        var isRunning = false

        /// `--state` keeps the count; the ticker does not survive the run, so a restored
        /// counter is stopped.
        private enum CodingKeys: String, CodingKey {
            case count
        }
    }

    /// What can happen to the counter; each case is also a line command.
    enum Event: String, CaseIterable, Sendable, Codable {
        /// Counts on from the current count, one tick per interval.
        case start
        /// Stops ticking; the count stays.
        case stop
        /// Sets the count to 0; a running ticker keeps ticking.
        case reset
        /// One tick, as the ticker task sends it.
        case tick
    }

    /// The name of the ticker task.
    static let ticker = "ticker"

    /// The counter's transition function.
    ///
    /// ```swift
    /// var state = Counter.State()
    /// #expect(Counter.update(state: &state, event: .start)?.summary == .task(name: "ticker"))
    /// ```
    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .start:
            state.isRunning = true
            return .task(name: ticker) { input, env in
                while true {
                    try await env.clock.sleep(for: env.interval)
                    input(.tick)
                }
            }
        case .stop:
            state.isRunning = false
            return .cancel(ticker)
        case .reset:
            state.count = 0
            return nil
        case .tick:
            state.count += 1
            return nil
        }
    }

    /// The counter as one line: `count: 3`.
    static func render(_ state: State) -> String {
        "count: \(state.count)"
    }

    /// The line protocol: one command per event.
    static let commands = LineCommands<State, Event>.cases { event in
        switch event {
        case .start: "count on, one tick per interval"
        case .stop: "stop ticking"
        case .reset: "set the count to 0"
        case .tick: "count one tick now"
        }
    }
}
