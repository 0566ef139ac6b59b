import EffectEngine
import EffectEngineShared
import Foundation

/// A recorded run, read back: the events `update` saw, in order, with their causes,
/// effects and state digests; replayed as a pure fold.
///
/// ```swift
/// let journal = try Journal<Counter.Event>.read(from: "run.journal")
/// let replay = journal.replay(initialState: try journal.initialState(Counter.State.self) ?? Counter.State(),
///                             env: .mock, update: Counter.update)
/// #expect(replay.divergence == nil)
/// ```
///
/// Replay runs `update` and its `.action` chains with the same `Stepper`
/// the hosts use, and never runs a task body: the events tasks delivered come from the
/// journal, in the order `update` saw them, so timing cannot change the result. Against a
/// changed `update`, it stops at the first step whose effect, state digest or produced
/// event differs, and says so with both sides (``JournalDivergence``).
public struct Journal<Event: Codable & Sendable>: Sendable {
    /// The journal format this library writes and reads.
    public static var format: Int { 1 }

    /// Where the journal was read from.
    public let path: String
    /// The events' schema hash, from the header.
    public let schema: String
    /// The entries, in the order `update` saw their events.
    public let entries: [JournalEntry<Event>]
    /// The JSON of the initial state, when the recorded state was `Encodable`.
    let initialStateJSON: Data?
    /// The line that holds the initial state: the header's, or a session's start.
    let stateLine: Int

    /// Reads a journal file.
    ///
    /// ```swift
    /// let journal = try Journal<Search.Event>.read(from: "bug-1234.journal")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The journal file.
    ///   - schemaVersion: The version given when recording; the header's schema must match.
    /// - Returns: The journal.
    /// - Throws: A ``JournalError`` naming the line: a missing file, a line that is not
    ///   JSON or is truncated, an event `Event` cannot decode, a schema that does not match.
    public static func read(from path: String, schemaVersion: String = "") throws(JournalError) -> Journal {
        try Journal(data: JournalFile.read(path), path: path, schemaVersion: schemaVersion)
    }

    /// Reads a journal from its text.
    ///
    /// ```swift
    /// let journal = try Journal<Counter.Event>(data: Data(text.utf8))
    /// ```
    ///
    /// - Parameters:
    ///   - data: The journal's JSON Lines.
    ///   - path: A name for errors.
    ///   - schemaVersion: The version given when recording.
    /// - Throws: A ``JournalError`` naming the line.
    public init(data: Data, path: String = "journal", schemaVersion: String = "") throws(JournalError) {
        self.path = path
        let text = try JournalReading.Lines(data, path: path)
        let header = try text.header(of: Event.self, schemaVersion: schemaVersion)
        guard header.sessions != true else {
            throw JournalError(
                path: path, line: 1,
                reason: "a journal of sessions, not of one host (a program of sessions replays it; "
                    + "SessionsJournal reads it)")
        }
        schema = header.schema
        initialStateJSON = JournalReading.value(of: "state", in: Data(text.lines[0]))
        stateLine = 1
        var entries: [JournalEntry<Event>] = []
        entries.reserveCapacity(text.lines.count - 1)
        for index in text.lines.indices.dropFirst() {
            let number = index + 1
            let entry: JournalEntry<Event> = try text.entry(at: number)
            if let session = entry.session {
                throw JournalError(
                    path: path, line: number,
                    reason: "an entry of the session \(JournalReading.quote(session)) in a journal of one host")
            }
            guard entry.step == entries.count + 1 else {
                throw JournalError(
                    path: path, line: number, reason: "step \(entry.step) where step \(entries.count + 1) was expected")
            }
            entries.append(entry)
        }
        self.entries = entries
    }

    /// A journal of the entries given: one session's, read from a journal of sessions.
    init(path: String, schema: String, entries: [JournalEntry<Event>], initialStateJSON: Data?, stateLine: Int) {
        self.path = path
        self.schema = schema
        self.entries = entries
        self.initialStateJSON = initialStateJSON
        self.stateLine = stateLine
    }

    /// The initial state recorded in the header, or `nil` when the recorded state was not
    /// `Encodable`.
    ///
    /// ```swift
    /// let start = try journal.initialState(Counter.State.self) ?? Counter.State()
    /// ```
    ///
    /// - Parameter type: The state's type.
    /// - Returns: The state, or `nil`.
    /// - Throws: A ``JournalError`` when the header's state does not decode as `type`.
    public func initialState<State: Decodable>(_ type: State.Type) throws(JournalError) -> State? {
        guard let initialStateJSON else { return nil }
        do {
            return try JSONDecoder().decode(State.self, from: initialStateJSON)
        } catch {
            throw JournalError(
                path: path, line: stateLine,
                reason: "the initial state does not decode (\(JournalReading.reason(error)))")
        }
    }
}
