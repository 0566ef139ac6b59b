import EffectEngineShared

/// Why a ``StateFile`` could not be loaded or saved: what was wrong, and with which path.
///
/// Its description is one line for a person:
///
/// ```swift
/// do {
///     _ = try file.load()
/// } catch {
///     print("error: \(error)")
///     // error: count.json is not a state file (the data is not valid JSON); moved aside to
///     // count.json.corrupt-2026-11-22T10-15-00Z
/// }
/// ```
public struct StateFileError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The file could not be read (permissions, an I/O error).
        case unreadable
        /// The file is not a state file this program can decode: empty, truncated, not
        /// JSON, or holding a state of another shape. It was moved aside, if it could be.
        case undecodable
        /// The file was written by a newer program (a later format or state version).
        /// It is left untouched.
        case newerVersion
        /// The file is from an older state version and migrating it failed.
        case migrationFailed
        /// Something other than a regular file stands at the path (a directory, say).
        case notAFile
        /// Saving failed; the file at the path, if any, is as it was.
        case writeFailed
    }

    /// What went wrong.
    public let kind: Kind
    /// The state file's path.
    public let path: String
    /// What was wrong, in words.
    public let reason: String
    /// Where an undecodable file was moved, or `nil` when it stayed in place (its folder
    /// does not let it be renamed, say).
    public let movedTo: String?

    /// Creates an error.
    ///
    /// ```swift
    /// let error = StateFileError(kind: .notAFile, path: "count.json", reason: "it is a directory")
    /// ```
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - path: The state file's path.
    ///   - reason: What was wrong, in words.
    ///   - movedTo: Where the file was moved aside, if it was.
    public init(kind: Kind, path: String, reason: String, movedTo: String? = nil) {
        self.kind = kind
        self.path = path
        self.reason = reason
        self.movedTo = movedTo
    }

    /// One line: the path, what was wrong, and where the file went, or that it stayed.
    public var description: String {
        // A name that is not UTF-8 is shown with its bytes written out (`caf\xE9.json`).
        let shown = PathBytes.displayed(path)
        let what =
            switch kind {
            case .unreadable: "\(shown) cannot be read (\(reason))"
            case .undecodable: "\(shown) is not a state file (\(reason))"
            case .newerVersion: "\(shown) was written by a newer program (\(reason)); it is left untouched"
            case .migrationFailed: "\(shown) could not be migrated (\(reason)); it is left untouched"
            case .notAFile: "\(shown) is not a file (\(reason))"
            case .writeFailed: "\(shown) could not be saved (\(reason))"
            }
        if let movedTo { return "\(what); moved aside to \(PathBytes.displayed(movedTo))" }
        return kind == .undecodable ? "\(what); it could not be moved aside and is left in place" : what
    }
}
