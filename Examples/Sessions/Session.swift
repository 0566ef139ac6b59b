import EffectEngine

/// One session of a server: a running total that commands add to, directly or through a
/// task that stands for a call to another service.
enum Session {
    struct State: Equatable, Sendable {
        var total = 0
        var pending = 0
    }

    enum Event: Equatable, Sendable {
        /// Adds `n` at once.
        case add(Int)
        /// Asks a service for the sum of 1 through `n`, and adds it when it answers.
        case fetch(Int)
        /// The service answered.
        case fetched(Int)
        /// Back to zero; a fetch still running is cancelled and its answer dropped (R7).
        case reset
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .add(let amount):
            state.total += amount
            return nil
        case .fetch(let count):
            state.pending += 1
            return .task(name: "fetch") { input, _ in
                let sum = (0...max(count, 0)).reduce(0, +)
                input(.fetched(sum))
            }
        case .fetched(let sum):
            state.pending -= 1
            state.total += sum
            return nil
        case .reset:
            state = State()
            return .cancel("fetch")
        }
    }

    /// The event a command's words name, or why they name none.
    static func parse(_ words: [Substring]) -> Result<Event, CommandError> {
        switch (words.first, words.count) {
        case ("add", 2): number(words[1]).map(Event.add)
        case ("fetch", 2): number(words[1]).map(Event.fetch)
        case ("reset", 1): .success(.reset)
        default: .failure(CommandError(text: "unknown command '\(words.joined(separator: " "))'"))
        }
    }

    private static func number(_ word: Substring) -> Result<Int, CommandError> {
        guard let value = Int(word), (0...1_000_000).contains(value) else {
            return .failure(CommandError(text: "'\(word)' is not a number from 0 to 1000000"))
        }
        return .success(value)
    }

    /// What a session shows after each settled change.
    static func render(_ state: State) -> String {
        state.pending > 0 ? "total \(state.total), \(state.pending) fetching" : "total \(state.total)"
    }
}

/// A command that names no event: what was wrong with it.
struct CommandError: Error {
    let text: String
}
