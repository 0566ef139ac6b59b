import EffectEngineShared
import Foundation
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The file-system steps of a state file, with the flushes that make a save survive a
/// crash or a power cut: `Data.write(options: .atomic)` renames a temporary file into
/// place but, on Linux, does not flush the directory, so after a crash the rename itself
/// may be lost.
enum DurableFile {
    /// What stands at a path.
    enum Entry {
        case missing
        case file
        case other(String)
    }

    static func entry(at path: String) -> Entry {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else {
            return errno == ENOENT ? .missing : .other(String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .other("it is a directory") }
        if (info.st_mode & S_IFMT) != S_IFREG { return .other("it is not a regular file") }
        return .file
    }

    /// Replaces the file at `path` with `data`, durably: writes a temporary file beside
    /// it, flushes it, renames it over `path`, and flushes the directory. On failure the
    /// file at `path` is as it was, and no temporary file is left.
    static func replace(_ path: String, with data: Data) throws(StateFileError) {
        func failure(_ step: String) -> StateFileError {
            StateFileError(
                kind: .writeFailed, path: path, reason: "\(step): \(String(cString: strerror(errno)))")
        }
        if case .other(let what) = entry(at: path) {
            throw StateFileError(kind: .notAFile, path: path, reason: what)
        }
        let directory = self.directory(of: path)
        var temporary: String
        var descriptor: Int32
        var attempts = 0
        repeat {
            // A name is taken only by a file left by a killed process with this one's id.
            temporary = "\(directory)/\(temporaryPrefix(of: path))\(getpid())-\(nextTemporaryNumber())"
            descriptor = PathBytes.withCString(temporary) {
                open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            }
            attempts += 1
        } while descriptor < 0 && errno == EEXIST && attempts < 100
        guard descriptor >= 0 else { throw failure("cannot create a file in \(directory)") }
        var written = 0
        let wroteAll = data.withUnsafeBytes { bytes -> Bool in
            while written < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += count
            }
            return true
        }
        let error: StateFileError? =
            if !wroteAll { failure("write") } else if fsync(descriptor) != 0 { failure("flush") } else { nil }
        close(descriptor)
        if let error {
            unlinkFile(temporary)
            throw error
        }
        guard renameFile(temporary, to: path) else {
            let error = failure("rename")
            unlinkFile(temporary)
            throw error
        }
        try flushDirectory(directory, of: path)
    }

    /// Deletes the temporary files that saves of `path` left behind in processes that no
    /// longer run (a process killed mid-save leaves its temporary file). The temporary
    /// files of running processes, this one included, are kept.
    static func removeLeftovers(of path: String) {
        let directory = self.directory(of: path)
        let prefix = temporaryPrefix(of: path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            // `.NAME.saving-PID-N`
            let number = name.dropFirst(prefix.count).split(separator: "-").first
            guard let process = number.flatMap({ pid_t($0) }), process > 0, process != getpid() else {
                continue
            }
            if kill(process, 0) != 0 && errno == ESRCH { unlinkFile("\(directory)/\(name)") }
        }
    }

    /// `unlink(2)` of a path, given to the system as its bytes (``PathBytes``).
    private static func unlinkFile(_ path: String) {
        _ = PathBytes.withCString(path) { unlink($0) }
    }

    /// `rename(2)`, both paths given to the system as their bytes; whether it renamed.
    private static func renameFile(_ path: String, to target: String) -> Bool {
        PathBytes.withCString(path) { from in PathBytes.withCString(target) { rename(from, $0) } } == 0
    }

    /// The start of the name of a temporary file that a save of `path` writes.
    private static func temporaryPrefix(of path: String) -> String {
        ".\(PathName.lastComponent(of: path)).saving-"
    }

    /// Renames the file at `path` to `NAME.corrupt-<time>` beside it, and returns the new
    /// path; `nil` when it could not be moved.
    static func moveAside(_ path: String, at time: Date = Date()) -> String? {
        let stamp = ISO8601DateFormatter().string(from: time).replacingOccurrences(of: ":", with: "-")
        var target = "\(path).corrupt-\(stamp)"
        var attempt = 1
        while entry(at: target).exists {
            attempt += 1
            target = "\(path).corrupt-\(stamp)-\(attempt)"
        }
        guard renameFile(path, to: target) else { return nil }
        try? flushDirectory(directory(of: path), of: path)
        return target
    }

    private static func flushDirectory(_ directory: String, of path: String) throws(StateFileError) {
        let descriptor = PathBytes.withCString(directory) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw StateFileError(
                kind: .writeFailed, path: path,
                reason: "cannot open \(directory) to flush it: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw StateFileError(
                kind: .writeFailed, path: path,
                reason: "cannot flush \(directory): \(String(cString: strerror(errno)))")
        }
    }

    /// The directory the file is in, found by the project's own code: Foundation's
    /// `deletingLastPathComponent` traps on a one-character name.
    static func directory(of path: String) -> String {
        PathName.directory(of: path)
    }

    private static let temporaryNumbers = Atomic<Int>(0)

    private static func nextTemporaryNumber() -> Int {
        temporaryNumbers.add(1, ordering: .relaxed).newValue
    }
}

extension DurableFile.Entry {
    var exists: Bool {
        if case .missing = self { false } else { true }
    }
}
