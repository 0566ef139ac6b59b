import EffectEngine
import EffectEngineShared
import Foundation

/// How a journal's text is read, for ``Journal`` and ``SessionsJournal`` alike: its lines,
/// the header checked, each entry decoded, and what was wrong with a line that is not one,
/// in words.
enum JournalReading {
    /// A journal's lines, the last newline dropped.
    struct Lines {
        let path: String
        /// The lines, from line 1, the header.
        let lines: [Data.SubSequence]
        /// Whether the text ended with a newline: a last line without one may be cut short.
        let endsWithNewline: Bool
        private let decoder = JSONDecoder()

        /// The lines of `data`; fails when there is no header.
        init(_ data: Data, path: String) throws(JournalError) {
            self.path = path
            var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            endsWithNewline = lines.last?.isEmpty ?? false
            if endsWithNewline { lines.removeLast() }
            guard let first = lines.first, !first.isEmpty else {
                throw JournalError(path: path, line: 1, reason: "no header: the file is empty")
            }
            self.lines = lines
        }

        /// The header, checked: a format this library reads, the schema of `Event` and
        /// `schemaVersion`.
        func header<Event: Codable & Sendable>(of _: Event.Type, schemaVersion: String) throws(JournalError)
            -> JournalHeaderPrefix
        {
            let header: JournalHeaderPrefix
            do {
                header = try decoder.decode(JournalHeaderPrefix.self, from: Data(lines[0]))
            } catch {
                throw JournalError(path: path, line: 1, reason: "not a journal header (\(reason(error)))")
            }
            guard header.journal <= Journal<Event>.format else {
                throw JournalError(
                    path: path, line: 1,
                    reason:
                        "journal format \(header.journal) is newer than this program's \(Journal<Event>.format)"
                )
            }
            let expected = StateDigest.schema(of: Event.self, version: schemaVersion)
            guard header.schema == expected else {
                throw JournalError(
                    path: path, line: 1,
                    reason: "the events' schema \(header.schema) is not this program's \(expected) "
                        + "(recorded with another Event type, or another schema version)")
            }
            return header
        }

        /// The line `number` (from 1), decoded as `T`; a line that does not decode is an
        /// error naming it and saying why.
        func decode<T: Decodable>(_: T.Type, at number: Int) throws(JournalError) -> T {
            do {
                return try decoder.decode(T.self, from: Data(lines[number - 1]))
            } catch {
                throw JournalError(path: path, line: number, reason: reasonForLine(number, error))
            }
        }

        /// The entry on line `number` (from 1).
        func entry<Event>(at number: Int) throws(JournalError) -> JournalEntry<Event> {
            try decode(JournalEntry<Event>.self, at: number)
        }

        /// Why line `number` did not decode: cut short, not JSON, an event this program
        /// does not know, or not an entry.
        private func reasonForLine(_ number: Int, _ error: any Error) -> String {
            let truncated = number == lines.count && !endsWithNewline
            return switch error {
            case DecodingError.dataCorrupted(let context) where truncated && context.codingPath.isEmpty:
                "truncated (the line ends before its JSON does)"
            case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty: "not JSON"
            default:
                JournalReading.isAboutTheEvent(error)
                    ? "an event this program does not know (\(reason(error)))"
                    : "not a journal entry (\(reason(error)))"
            }
        }

        private func reason(_ error: any Error) -> String { JournalReading.reason(error) }
    }

    /// The JSON of the value of `key` in the object on `line`, or `nil` when it has none
    /// (or `null`): a recorded state, kept as JSON until its type is known.
    static func value(of key: String, in line: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
            let value = object[key], !(value is NSNull)
        else { return nil }
        return try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
    }

    /// A session's name in a message, in quotes.
    static func quote(_ name: String) -> String {
        "'"
            + name.unicodeScalars.map {
                $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0)
            }
            .joined() + "'"
    }

    /// Whether a decoding error lies in an entry's event: an unknown case, or a payload
    /// of another shape.
    static func isAboutTheEvent(_ error: any Error) -> Bool {
        let path: [any CodingKey] =
            switch error {
            case DecodingError.keyNotFound(_, let context), DecodingError.typeMismatch(_, let context),
                DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
                context.codingPath
            default: []
            }
        return path.first?.stringValue == "event"
    }

    /// A decoding error in words: `no value for step`, `cause is not a string: …`.
    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "no value for \(path(context.codingPath + [key]))"
        case DecodingError.typeMismatch(let type, let context):
            return
                "\(path(context.codingPath)) is not \(TypeName.withArticle(type)): \(context.debugDescription)"
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
        keys.isEmpty
            ? "the line" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
