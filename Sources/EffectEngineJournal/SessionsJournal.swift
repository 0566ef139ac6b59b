import EffectEngine
import EffectEngineShared
import Foundation

/// A journal of many sessions, read back: one file in which each session of a program of
/// sessions (or of your own loop feeding `ActorHost`s) recorded the events its `update`
/// saw, each entry naming its session (S2). Written by ``SessionsJournalRecorder``.
///
/// The file is JSON Lines. The header says it is a journal of sessions
/// (`"sessions":true`); each session's start is a line with its name, the digest of the
/// state it started from, and that state when it is `Encodable` (`null` when not); each
/// entry is a ``JournalEntry`` with its ``JournalEntry/session``. Entries of one session
/// are in that session's order and numbered from 1 (a name started again numbers on); the
/// sessions' lines interleave as they were written.
///
/// ```text
/// {"journal":1,"schema":"279464cd2076ecba","sessions":true}
/// {"digest":"cbcecc702a8ebbe7","session":"alice","start":{"total":0}}
/// {"digest":"cbcecc702a8ebbe7","session":"bob","start":{"total":0}}
/// {"cause":{"external":{}},"digest":"0b9e2322c2eb954a","effect":"no effect","event":{"add":{"_0":2}},"session":"alice","step":1}
/// ```
///
/// ```swift
/// let journal = try SessionsJournal<Counter.Event>.read(from: "sessions.journal")
/// for session in journal.sessions {
///     let start = try session.journal.initialState(Counter.State.self) ?? Counter.State()
///     let replay = session.journal.replay(initialState: start, update: Counter.update)
///     #expect(replay.divergence == nil, "\(session.name)")
/// }
/// ```
public struct SessionsJournal<Event: Codable & Sendable>: Sendable {
    /// Where the journal was read from.
    public let path: String
    /// The events' schema hash, from the header.
    public let schema: String
    /// The sessions, in the order they started: a name ended and started again is here
    /// once for each start.
    public let sessions: [JournalSession<Event>]

    /// Reads a journal of sessions from a file.
    ///
    /// ```swift
    /// let journal = try SessionsJournal<Counter.Event>.read(from: "sessions.journal")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The journal file.
    ///   - schemaVersion: The version given when recording; the header's schema must match.
    /// - Returns: The journal.
    /// - Throws: A ``JournalError`` naming the line, as ``Journal/read(from:schemaVersion:)``
    ///   does; and for a journal of one host, an entry of a session that has not started,
    ///   or a session's steps out of order.
    public static func read(from path: String, schemaVersion: String = "") throws(JournalError)
        -> SessionsJournal
    {
        try SessionsJournal(data: JournalFile.read(path), path: path, schemaVersion: schemaVersion)
    }

    /// Reads a journal of sessions from its text.
    ///
    /// ```swift
    /// let journal = try SessionsJournal<Counter.Event>(data: Data(text.utf8))
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
        guard header.sessions == true else {
            throw JournalError(
                path: path, line: 1,
                reason:
                    "a journal of one host, not of sessions (a program of one host replays it; Journal reads it)"
            )
        }
        schema = header.schema
        var starts: [(name: String, digest: String, line: Int, state: Data?)] = []
        var entries: [[JournalEntry<Event>]] = []
        /// The last session of each name, by its index in `starts`, and its last step.
        var current: [String: (index: Int, step: Int)] = [:]
        for index in text.lines.indices.dropFirst() {
            let number = index + 1
            switch try text.decode(SessionsJournalLine<Event>.self, at: number) {
            case .start(let name, let digest):
                current[name] = (starts.count, current[name]?.step ?? 0)
                starts.append(
                    (name, digest, number, JournalReading.value(of: "start", in: Data(text.lines[index]))))
                entries.append([])
            case .entry(let entry):
                guard let name = entry.session else {
                    throw JournalError(
                        path: path, line: number, reason: "an entry with no session, in a journal of sessions"
                    )
                }
                guard let (session, step) = current[name] else {
                    throw JournalError(
                        path: path, line: number,
                        reason: "an entry of the session \(JournalReading.quote(name)), which has not started"
                    )
                }
                guard entry.step == step + 1 else {
                    throw JournalError(
                        path: path, line: number,
                        reason: "step \(entry.step) of the session \(JournalReading.quote(name)) "
                            + "where step \(step + 1) was expected")
                }
                current[name] = (session, entry.step)
                entries[session].append(entry)
            }
        }
        sessions = zip(starts, entries).map { start, entries in
            JournalSession(
                name: start.name, startDigest: start.digest,
                journal: Journal(
                    path: path, schema: header.schema, entries: entries, initialStateJSON: start.state,
                    stateLine: start.line))
        }
    }
}

/// A line after a journal of sessions' header: a session's start, or an entry.
enum SessionsJournalLine<Event: Codable & Sendable>: Decodable {
    /// `{"digest":…,"session":…,"start":…}`: the state is read from the line's JSON once
    /// its type is known.
    case start(session: String, digest: String)
    case entry(JournalEntry<Event>)

    private enum CodingKeys: String, CodingKey {
        case session, digest, start
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.start) {
            self = .start(
                session: try container.decode(String.self, forKey: .session),
                digest: try container.decode(String.self, forKey: .digest))
        } else {
            self = .entry(try JournalEntry(from: decoder))
        }
    }
}
