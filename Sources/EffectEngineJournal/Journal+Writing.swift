import EffectEngine
import EffectEngineShared
import Foundation

extension Journal {
    /// Writes a journal of events stepped through `update` from a state, with no host:
    /// a trace found by exploring or simulating becomes a file `--replay` runs.
    ///
    /// Each event is stepped with its `.action` chain, as a host steps it; every event
    /// `update` sees gets an entry, with its cause (`external` for an event with no task,
    /// the task's name for one a task delivered, `action` for the chain's), its effect
    /// and the digest of the state it left. Task ids are numbered in the order the steps
    /// issue tasks.
    ///
    /// ```swift
    /// try Journal<Movies.Event>.write(
    ///     [(.refresh, nil), (.failed("offline"), "refresh")], from: Movies.State(), env: .live(),
    ///     update: Movies.update, to: "stuck.journal")
    /// ```
    ///
    /// - Parameters:
    ///   - events: The events, each with the name of the task that delivered it, or `nil`.
    ///   - initialState: The state the steps start from, written in the header when it
    ///     is `Encodable`.
    ///   - env: The env handed to `.action`s.
    ///   - update: The feature's transition function.
    ///   - path: The file, created or truncated.
    ///   - schemaVersion: Mixed into the events' schema hash, as for a recorded journal.
    /// - Throws: A ``JournalError`` when the file cannot be written or a value encoded.
    public static func write<State, Env>(
        _ events: [(event: Event, task: String?)], from initialState: State, env: Env,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?, to path: String,
        schemaVersion: String = ""
    ) throws(JournalError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data: Data
        do {
            data = try encoder.encode(WrittenHeader(journal: format, schema: StateDigest.schema(of: Event.self, version: schemaVersion)))
            if let encodable = initialState as? any Encodable {
                data.removeLast()
                data += Data(#","state":"#.utf8) + (try encoder.encode(encodable)) + Data("}".utf8)
            }
            data += Data("\n".utf8)
        } catch {
            throw JournalError(path: path, line: 1, reason: "cannot encode the header: \(error)")
        }
        let stepper = Stepper(update: update, env: env)
        var state = initialState
        var writer = EntryWriter<State, Event, Env>()
        for (event, task) in events {
            writer.cause = task.map { .task(name: $0, id: writer.ids[$0] ?? 0) } ?? .external
            stepper.step(event, state: &state, handler: &writer)
        }
        for entry in writer.entries {
            do {
                data += try encoder.encode(entry) + Data("\n".utf8)
            } catch {
                throw JournalError(path: path, line: entry.step + 1, reason: "cannot encode the event: \(error)")
            }
        }
        if case .failure(let failure) = SystemFile.write(data, to: path) {
            throw JournalError(path: path, line: nil, reason: "cannot create the file: \(failure.reason)")
        }
    }
}

private struct WrittenHeader: Encodable {
    var journal: Int
    var schema: String
}

/// Turns each step of a chain into an entry.
private struct EntryWriter<State, Event: Codable & Sendable, Env>: StepHandler {
    var entries: [JournalEntry<Event>] = []
    /// The cause of the chain's first event.
    var cause = JournalCause.external
    /// The id of the last task issued under each name.
    var ids: [String: UInt64] = [:]
    var issued: UInt64 = 0

    mutating func updated(_ event: Event, state: State, effect: Effect<Event, Env>?, byAction: Bool) {
        entries.append(
            JournalEntry(
                step: entries.count + 1, cause: byAction ? .action : cause, event: event,
                effect: effect?.summary.description ?? "no effect", digest: StateDigest.of(state)))
    }

    mutating func taskIssued(_ task: TaskEffect<Event, Env>) {
        issued += 1
        if let name = task.name { ids[name] = issued }
    }

    mutating func cancelIssued(_ name: String) {}
}
