import EffectEngine
import EffectEngineCLI

/// One session of a server: a running total that commands add to, directly, through a
/// task that stands for a call to another service, or once a second while watched.
///
/// ```text
/// $ printf 'alice add 2\nbob fetch 4\nalice add 1\n' | sessions --settle
/// alice: total 0
/// alice: total 2
/// bob: total 0
/// bob: total 0, 1 fetching
/// bob: total 10
/// alice: total 3
/// ```
enum Session {
    struct State: Equatable, Sendable, Codable {
        var total = 0
        var pending = 0
        var isWatching = false

        /// `--state` keeps the total: no fetch or watch outlives the run.
        private enum CodingKeys: String, CodingKey {
            case total
        }
    }

    enum Event: Equatable, Sendable, Codable {
        /// Adds `n` at once.
        case add(Int)
        /// Asks a service for the sum of 1 through `n`, and adds it when it answers.
        case fetch(Int)
        /// The service answered.
        case fetched(Int)
        /// Adds 1 every second, until `unwatch` or `reset`: a task that never settles.
        case watch
        case unwatch
        /// A second went by while watched.
        case tick
        /// Back to zero; a fetch still running is cancelled and its answer dropped (R7),
        /// and the watch ends.
        case reset
    }

    /// The session's dependency: the clock the watch ticks on (virtual in tests).
    typealias Env = any Clock<Duration>

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .add(let amount):
            state.total += amount
            return nil
        case .fetch(let count):
            state.pending += 1
            return .task(name: "fetch") { input, _ in
                input(.fetched((0...count).reduce(0, +)))
            }
        case .fetched(let sum):
            state.pending -= 1
            state.total += sum
            return nil
        case .watch:
            state.isWatching = true
            return .task(name: "watch") { input, clock in
                while true {
                    try await clock.sleep(for: .seconds(1))
                    input(.tick)
                }
            }
        case .unwatch:
            state.isWatching = false
            return .cancel("watch")
        case .tick:
            state.total += 1
            return nil
        case .reset:
            state = State()
            return .sequence([.cancel("fetch"), .cancel("watch")])
        }
    }

    /// What a session shows after each settled change.
    static func render(_ state: State) -> String {
        var text = "total \(state.total)"
        if state.pending > 0 { text += ", \(state.pending) fetching" }
        if state.isWatching { text += ", watching" }
        return text
    }

    /// The line protocol: the commands a session's lines name, after the session's name.
    static let commands = LineCommands<State, Event>([
        LineCommand("add", usage: "add <n>", summary: "add n to the total") { argument, _ throws(LineError) in
            .add(try number(argument))
        },
        LineCommand("fetch", usage: "fetch <n>", summary: "ask a service for 1 + … + n, and add it") {
            argument, _ throws(LineError) in .fetch(try number(argument))
        },
        LineCommand("watch", summary: "add 1 every second, until unwatch or reset", event: .watch),
        LineCommand("unwatch", summary: "stop adding 1 every second", event: .unwatch),
        LineCommand("reset", summary: "back to zero, cancelling a fetch and the watch", event: .reset),
    ])

    private static func number(_ word: String) throws(LineError) -> Int {
        guard let value = Int(word), (0...1_000_000).contains(value) else {
            throw LineError(usage: "'\(word)' is not a number from 0 to 1000000")
        }
        return value
    }
}
