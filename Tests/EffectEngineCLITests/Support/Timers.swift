import EffectEngine
import EffectEngineCLI

/// A feature with time in it, for the line host on virtual time: a debounced echo, a
/// throttled echo, a ticker on the env's clock, and a task that waits in real time.
/// Each event a task delivers records the time of the env's clock.
enum Timers {
    struct State: Equatable {
        var log: [String] = []
    }

    enum Event: Sendable, Equatable {
        case type(String)
        case scroll(String)
        case start(every: Duration)
        case stop
        case wallClock
        case hang
        case note(String)
    }

    struct Env: Sendable {
        var clock: any Clock<Duration>
        /// The time on `clock` since the env was made.
        var elapsed: @Sendable () -> Duration

        init(clock: any Clock<Duration>) {
            self.clock = clock
            self.elapsed = Self.stopwatch(clock)
        }

        private static func stopwatch(_ clock: some Clock<Duration>) -> @Sendable () -> Duration {
            let origin = clock.now
            return { origin.duration(to: clock.now) }
        }

        func note(_ text: String) -> Event {
            let millis = elapsed() / .milliseconds(1)
            return .note("\(text)@\(Int(millis.rounded()))ms")
        }
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .type(let text):
            return .task(name: "echo", debounce: .milliseconds(300)) { input, env in input(env.note(text)) }
        case .scroll(let text):
            return .task(name: "scroll", throttle: .seconds(1), latest: true) { input, env in
                input(env.note(text))
            }
        case .start(let interval):
            return .task(name: "ticker") { input, env in
                while true {
                    try await env.clock.sleep(for: interval)
                    input(env.note("tick"))
                }
            }
        case .stop:
            return .cancel("ticker")
        case .wallClock:
            return .task(name: "wall") { input, env in
                try await Task.sleep(for: .milliseconds(20))
                input(env.note("wall"))
            }
        case .hang:
            return .task(name: "hang") { _, _ in try await Task.sleep(for: .seconds(3600)) }
        case .note(let text):
            state.log.append(text)
            return nil
        }
    }

    static func render(_ state: State) -> String {
        "log: " + state.log.joined(separator: " ")
    }

    static let commands = LineCommands<State, Event>([
        LineCommand.text("type", placeholder: "text", summary: "echo text once typing pauses") { .type($0) },
        LineCommand.text("scroll", placeholder: "text", summary: "echo text, at most once a second") {
            .scroll($0)
        },
        LineCommand.value("start", placeholder: "ms", summary: "tick every ms milliseconds") { (ms: Int) in
            .start(every: .milliseconds(ms))
        },
        LineCommand("stop", summary: "stop ticking", event: .stop),
        LineCommand("wall", summary: "echo after 20ms of real time", event: .wallClock),
        LineCommand("hang", summary: "wait an hour of real time", event: .hang),
    ])

    @MainActor
    static func host(settings: LineSettings, output: CapturedOutput) -> LineHost<State, Event, Env> {
        LineHost(
            initialState: State(), env: Env(clock: settings.clock), commands: commands, settings: settings,
            output: output.output, render: render, update: update)
    }
}
