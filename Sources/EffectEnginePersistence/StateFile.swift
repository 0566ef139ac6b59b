import EffectEngineShared
import Foundation

/// A file holding a feature's state between runs: a versioned JSON envelope, saved
/// atomically and durably, loaded with migration from older versions.
///
/// ```swift
/// let file = StateFile<Counter.State>(path: "count.json")
/// let state = try file.load() ?? Counter.State()   // nil: no file yet
/// try file.save(state)
/// ```
///
/// The file holds `{"format": 1, "version": 2, "state": {…}}`: the envelope's format, the
/// state's version (yours to raise when `State` changes shape) and the state itself.
///
/// - A save writes a temporary file beside the file, flushes it, renames it over the file
///   and flushes the directory: after a crash at any moment the file holds the old state
///   or the new one, never a mix.
/// - A file that cannot be decoded (empty, truncated, not JSON, a state of another shape)
///   is moved aside to `NAME.corrupt-<time>` and never overwritten; the error names the
///   path, what was wrong and where the file went.
/// - A file from a newer program (a later format or state version) is refused and left
///   untouched, and so is a file an older version's migration fails on.
public struct StateFile<State: Codable & Sendable>: Sendable {
    /// The file's path.
    public let path: String
    /// The version of `State` this program writes.
    public let version: Int
    private let migrate: (@Sendable (_ version: Int, _ state: Data) throws -> State)?

    /// The envelope format this library writes.
    static var format: Int { 1 }

    /// Describes a state file.
    ///
    /// ```swift
    /// // Version 2 renamed `total` to `count`.
    /// let file = StateFile<Counter.State>(path: "count.json", version: 2) { version, data in
    ///     let old = try JSONDecoder().decode([String: Int].self, from: data)
    ///     return Counter.State(count: old["total"] ?? 0)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: Where the state is kept.
    ///   - version: The version of `State` this program writes; 1 by default.
    ///   - migrate: Makes a state from an older version's state, given that version and
    ///     the JSON of its state; without it, a file from an older version is refused.
    public init(
        path: String, version: Int = 1,
        migrate: (@Sendable (_ version: Int, _ state: Data) throws -> State)? = nil
    ) {
        self.path = path
        self.version = version
        self.migrate = migrate
    }

    /// Reads the state, or `nil` when there is no file yet.
    ///
    /// ```swift
    /// let state = try StateFile<Counter.State>(path: "count.json").load() ?? Counter.State()
    /// ```
    ///
    /// Loading also deletes the temporary files that saves in processes no longer running
    /// left beside the file (a process killed mid-save leaves one).
    ///
    /// - Returns: The state, migrated from an older version if need be; `nil` when no file
    ///   exists at ``path``.
    /// - Throws: A ``StateFileError``: an undecodable file is moved aside first.
    public func load() throws(StateFileError) -> State? {
        switch DurableFile.entry(at: path) {
        case .missing:
            DurableFile.removeLeftovers(of: path)
            return nil
        case .other(let what): throw StateFileError(kind: .notAFile, path: path, reason: what)
        case .file: DurableFile.removeLeftovers(of: path)
        }
        let data: Data
        switch SystemFile.read(path) {
        case .success(let bytes): data = Data(bytes)
        case .failure(let failure): throw StateFileError(kind: .unreadable, path: path, reason: failure.reason)
        }
        return try decode(data)
    }

    /// Writes `state`, atomically and durably.
    ///
    /// ```swift
    /// try StateFile<Counter.State>(path: "count.json").save(Counter.State(count: 3))
    /// ```
    ///
    /// - Parameter state: The state to keep.
    /// - Throws: A ``StateFileError`` of kind ``StateFileError/Kind/writeFailed`` or
    ///   ``StateFileError/Kind/notAFile``; the file is then as it was.
    public func save(_ state: State) throws(StateFileError) {
        try DurableFile.replace(path, with: try encode(state))
    }

    /// The envelope of `state`, as saved.
    func encode(_ state: State) throws(StateFileError) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try encoder.encode(Envelope(format: Self.format, version: version, state: state))
        } catch {
            throw StateFileError(kind: .writeFailed, path: path, reason: "cannot encode the state: \(error)")
        }
    }

    private func decode(_ data: Data) throws(StateFileError) -> State {
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw undecodable(Self.reason(error, in: data))
        }
        guard header.format <= Self.format else {
            throw StateFileError(
                kind: .newerVersion, path: path,
                reason: "envelope format \(header.format); this program reads format \(Self.format)")
        }
        guard header.version <= version else {
            throw StateFileError(
                kind: .newerVersion, path: path,
                reason: "state version \(header.version); this program knows up to version \(version)")
        }
        if header.version == version {
            let state: State
            do {
                state = try JSONDecoder().decode(Envelope<State>.self, from: data).state
            } catch {
                throw undecodable(Self.reason(error, in: data))
            }
            return try checked(state)
        }
        guard let migrate else {
            throw StateFileError(
                kind: .migrationFailed, path: path,
                reason: "state version \(header.version) is older than \(version) and no migration was given")
        }
        let old: Data
        do {
            let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            guard let envelope = object as? [String: Any], let state = envelope["state"] else {
                throw undecodable("no state in the envelope")
            }
            old = try JSONSerialization.data(withJSONObject: state, options: [.fragmentsAllowed])
        } catch let error as StateFileError {
            throw error
        } catch {
            throw undecodable(Self.reason(error, in: data))
        }
        let migrated: State
        do {
            migrated = try migrate(header.version, old)
        } catch {
            throw StateFileError(
                kind: .migrationFailed, path: path,
                reason: "from version \(header.version) to \(version): \(Self.reason(error, in: old))")
        }
        return try checked(migrated)
    }

    /// The state, when no collection in it holds two elements with one id (L13).
    private func checked(_ state: State) throws(StateFileError) -> State {
        if let duplicate = StateCheck.duplicateID(in: state) { throw undecodable(duplicate) }
        return state
    }

    /// The error for a file that is not a state file, after moving it aside if it can be.
    private func undecodable(_ reason: String) -> StateFileError {
        StateFileError(kind: .undecodable, path: path, reason: reason, movedTo: DurableFile.moveAside(path))
    }

    /// A decoding or reading error in a few words, not Foundation's nested description: a
    /// value that does not decode names its field and the value the file holds there
    /// (L13), and only data that is not JSON is said to be not valid JSON.
    private static func reason(_ error: any Error, in data: Data) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "the data is not valid JSON" + (underlying.map { ": \($0)" } ?? "")
        case DecodingError.dataCorrupted(let context):
            let value = StateCheck.shownValue(at: context.codingPath, in: data).map { " holds \($0)" } ?? ""
            return "field \(Self.path(context.codingPath))\(value): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            return "no value for \(Self.path(context.codingPath + [key]))"
        case DecodingError.typeMismatch(let type, let context):
            let value = StateCheck.shownValue(at: context.codingPath, in: data).map { ", it is \($0)" } ?? ""
            return "\(Self.path(context.codingPath)) is not \(TypeName.withArticle(type))\(value)"
        case DecodingError.valueNotFound(let type, let context):
            return "\(Self.path(context.codingPath)) is null, not \(TypeName.withArticle(type))"
        case let error as CocoaError where error.code == .fileReadNoPermission:
            return "permission denied"
        default:
            return "\(error.localizedDescription)"
        }
    }

    /// A coding path as it reads in the file: `state.syncUps[0].theme`.
    static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "the top level" }
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}

/// What the file holds.
private struct Envelope<State: Codable>: Codable {
    var format: Int
    var version: Int
    var state: State
}

/// The envelope without its state, read first.
private struct Header: Decodable {
    var format: Int
    var version: Int
}
