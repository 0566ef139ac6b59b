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
        switch SystemFile.read(path) {
        case .success(let bytes):
            return try Journal(data: Data(bytes), path: path, schemaVersion: schemaVersion)
        case .failure(let failure):
            throw JournalError(path: path, line: nil, reason: failure.reason)
        }
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
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = lines.last?.isEmpty ?? false
        if endsWithNewline { lines.removeLast() }
        guard let first = lines.first, !first.isEmpty else {
            throw JournalError(path: path, line: 1, reason: "no header: the file is empty")
        }
        let decoder = JSONDecoder()
        let header: JournalHeaderPrefix
        do {
            header = try decoder.decode(JournalHeaderPrefix.self, from: Data(first))
        } catch {
            throw JournalError(path: path, line: 1, reason: "not a journal header (\(Self.reason(error)))")
        }
        guard header.journal <= Self.format else {
            throw JournalError(
                path: path, line: 1, reason: "journal format \(header.journal) is newer than this program's \(Self.format)")
        }
        let expected = StateDigest.schema(of: Event.self, version: schemaVersion)
        guard header.schema == expected else {
            throw JournalError(
                path: path, line: 1,
                reason: "the events' schema \(header.schema) is not this program's \(expected) "
                    + "(recorded with another Event type, or another schema version)")
        }
        schema = header.schema
        initialStateJSON = Self.stateJSON(in: Data(first))
        var entries: [JournalEntry<Event>] = []
        entries.reserveCapacity(lines.count - 1)
        for (offset, line) in lines.dropFirst().enumerated() {
            let number = offset + 2
            do {
                let entry = try decoder.decode(JournalEntry<Event>.self, from: Data(line))
                guard entry.step == entries.count + 1 else {
                    throw JournalError(
                        path: path, line: number, reason: "step \(entry.step) where step \(entries.count + 1) was expected")
                }
                entries.append(entry)
            } catch let error as JournalError {
                throw error
            } catch {
                let isLast = number == lines.count
                let truncated = isLast && !endsWithNewline
                let reason: String =
                    switch error {
                    case DecodingError.dataCorrupted(let context) where truncated && context.codingPath.isEmpty:
                        "truncated (the line ends before its JSON does)"
                    case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty: "not JSON"
                    default: Self.isAboutTheEvent(error)
                        ? "an event this program does not know (\(Self.reason(error)))"
                        : "not a journal entry (\(Self.reason(error)))"
                    }
                throw JournalError(path: path, line: number, reason: reason)
            }
        }
        self.entries = entries
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
            throw JournalError(path: path, line: 1, reason: "the initial state does not decode (\(Self.reason(error)))")
        }
    }

    private static func stateJSON(in header: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: header) as? [String: Any],
            let state = object["state"], !(state is NSNull)
        else { return nil }
        return try? JSONSerialization.data(withJSONObject: state, options: [.fragmentsAllowed])
    }

    /// Whether a decoding error lies in an entry's event: an unknown case, or a payload
    /// of another shape.
    private static func isAboutTheEvent(_ error: any Error) -> Bool {
        let path: [any CodingKey] =
            switch error {
            case DecodingError.keyNotFound(_, let context), DecodingError.typeMismatch(_, let context),
                DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
                context.codingPath
            default: []
            }
        return path.first?.stringValue == "event"
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "no value for \(path(context.codingPath + [key]))"
        case DecodingError.typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not \(TypeName.withArticle(type)): \(context.debugDescription)"
        case DecodingError.valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is null, not \(TypeName.withArticle(type))"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "not JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the line" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
