import EffectEngineShared
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// Every file a line program reads or writes goes through here, so a fault with a file is
// worded one way: `cannot read 'run.journal': No such file or directory`, and, for a
// file given to an option, `--replay: cannot read …`.

/// Reads and writes whole files, with the system's reason when it cannot. Paths are
/// handed to the system as typed, and taken apart only by ``PathName``: no Foundation
/// path call, which may trap on a name a user types (`a`, say), ever sees one.
enum TextFile {
    /// The bytes of the file at `path`.
    ///
    /// - Throws: A ``LineError`` naming the file and the system's reason.
    static func read(_ path: String) throws(LineError) -> Data {
        switch SystemFile.read(path) {
        case .success(let bytes): return Data(bytes)
        case .failure(let failure): throw cannot("read", path, failure.reason)
        }
    }

    /// The bytes of the file given to `--option`.
    static func read(_ path: String, for option: String) throws(LineError) -> Data {
        do throws(LineError) {
            return try read(path)
        } catch {
            throw LineError.file(option, error.message)
        }
    }

    /// Writes `text` to the file given to `--option`, replacing what was there.
    ///
    /// - Throws: A ``LineError`` naming the option, the file and the system's reason.
    static func write(_ text: String, to path: String, for option: String) throws(LineError) {
        if case .failure(let failure) = SystemFile.write(text.utf8, to: path) {
            throw LineError.file(option, cannot("write", path, failure.reason).message)
        }
    }

    /// Creates (or empties) the file given to `--option`, so that a run that writes it
    /// later, or a library that says less, fails before it starts, with the system's
    /// reason.
    static func checkWritable(_ path: String, for option: String) throws(LineError) {
        try refuseDirectoryName(path, for: option)
        try write("", to: path, for: option)
    }

    /// Checks that the file given to `--option` can be written, leaving it as it was: a
    /// file that is there is opened to append and kept; one that is not is created, then
    /// removed. For a file written only if the run finds something to write.
    static func checkWritableLeavingIt(_ path: String, for option: String) throws(LineError) {
        try refuseDirectoryName(path, for: option)
        let existed = PathBytes.withCString(path) { access($0, F_OK) } == 0
        let descriptor = PathBytes.withCString(path) {
            open($0, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            throw LineError.file(option, cannot("write", path, String(cString: strerror(errno))).message)
        }
        close(descriptor)
        if !existed { _ = PathBytes.withCString(path) { unlink($0) } }
    }

    /// Checks that a file can be put in place of the one given to `--option` by a save
    /// that writes beside it and renames (``EffectEnginePersistence/StateFile``): the path
    /// names no directory, and a file can be created in the directory it is in (one is
    /// created there, then removed).
    static func checkReplaceable(_ path: String, for option: String) throws(LineError) {
        try refuseDirectoryName(path, for: option)
        let directory = PathName.directory(of: path)
        let probe = directory + "/.\(PathName.lastComponent(of: path)).probe-\(getpid())"
        let descriptor = PathBytes.withCString(probe) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw LineError.file(option, "cannot write in the directory \(quoted(directory)): \(reason)")
        }
        close(descriptor)
        _ = PathBytes.withCString(probe) { unlink($0) }
    }

    /// Refuses a path ending in `/`, which names a directory whatever stands there.
    private static func refuseDirectoryName(_ path: String, for option: String) throws(LineError) {
        if PathName.namesDirectory(path) {
            throw LineError.file(option, "\(quoted(path)) ends in '/', so it names a directory, not a file")
        }
    }

    /// A path in quotes, whole (a long one is not cut), with control characters escaped.
    static func quoted(_ path: String) -> String {
        "'" + LineError.escapingControls(PathBytes.displayed(path).unicodeScalars) + "'"
    }

    private static func cannot(_ verb: String, _ path: String, _ reason: String) -> LineError {
        LineError("cannot \(verb) \(quoted(path)): \(reason)")
    }
}

extension LineError {
    /// A fault with the file given to `--option`: `--record: cannot write 'a/b': No such
    /// file or directory`.
    static func file(_ option: String, _ message: String) -> LineError {
        LineError("--\(option): \(message)")
    }
}
