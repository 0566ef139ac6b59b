import EffectEngineShared
import Foundation

/// The file a recorder writes, for ``JournalRecorder`` and ``SessionsJournalRecorder``
/// alike: created or truncated, its lines encoded one way, and written with the system's
/// own call; and read back, for ``Journal`` and ``SessionsJournal``.
enum JournalFile {
    /// The bytes of the file at `path`; the system's reason, naming no line, when it
    /// cannot be read.
    static func read(_ path: String) throws(JournalError) -> Data {
        switch SystemFile.read(path) {
        case .success(let bytes): Data(bytes)
        case .failure(let failure): throw JournalError(path: path, line: nil, reason: failure.reason)
        }
    }

    /// Sorted keys, so a line reads the same in every process; slashes as they are.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The file at `path`, created or truncated, open to write.
    static func create(at path: String) throws(JournalError) -> FileHandle {
        let descriptor = PathBytes.withCString(path) {
            open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw JournalError(path: path, line: nil, reason: "cannot create the file: \(reason)")
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Writes `bytes` whole; the system's reason when it cannot (`No space left on
    /// device`), not a Foundation error domain.
    static func write(_ bytes: Data, to handle: FileHandle) -> String? {
        guard case .failure(let failure) = SystemFile.writeAll(bytes, to: handle.fileDescriptor) else {
            return nil
        }
        return failure.reason
    }
}
