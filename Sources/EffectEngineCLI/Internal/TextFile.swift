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

/// Reads and writes whole files, with the system's reason when it cannot.
enum TextFile {
    /// The bytes of the file at `path`.
    ///
    /// - Throws: A ``LineError`` naming the file and the system's reason.
    static func read(_ path: String) throws(LineError) -> Data {
        guard let file = fopen(path, "r") else { throw cannot("read", path, errno) }
        defer { fclose(file) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            data.append(contentsOf: buffer[0..<count])
            if count < buffer.count {
                // A directory opens, then fails to read (EISDIR).
                if ferror(file) != 0 { throw cannot("read", path, errno) }
                return data
            }
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
        guard let file = fopen(path, "w") else {
            throw LineError.file(option, cannot("write", path, errno).message)
        }
        var text = text
        let written = text.withUTF8 { bytes in
            bytes.isEmpty ? 0 : fwrite(bytes.baseAddress!, 1, bytes.count, file)
        }
        let complete = written == text.utf8.count
        let flushed = fflush(file) == 0
        let reason = errno
        let closed = fclose(file) == 0
        guard complete, flushed, closed else {
            throw LineError.file(option, cannot("write", path, reason).message)
        }
    }

    /// Creates (or empties) the file given to `--option`, so that a run that writes it
    /// later, or a library that says less, fails before it starts, with the system's
    /// reason.
    static func checkWritable(_ path: String, for option: String) throws(LineError) {
        try write("", to: path, for: option)
    }

    /// Checks that the file given to `--option` can be written, leaving it as it was: a
    /// file that is there is opened to append and kept; one that is not is created, then
    /// removed. For a file written only if the run finds something to write.
    static func checkWritableLeavingIt(_ path: String, for option: String) throws(LineError) {
        let existed = access(path, F_OK) == 0
        guard let file = fopen(path, "a") else {
            throw LineError.file(option, cannot("write", path, errno).message)
        }
        fclose(file)
        if !existed { unlink(path) }
    }

    /// A path in quotes, whole (a long one is not cut), with control characters escaped.
    static func quoted(_ path: String) -> String {
        "'" + LineError.escapingControls(path.unicodeScalars) + "'"
    }

    private static func cannot(_ verb: String, _ path: String, _ code: Int32) -> LineError {
        LineError("cannot \(verb) \(quoted(path)): \(String(cString: strerror(code)))")
    }
}

extension LineError {
    /// A fault with the file given to `--option`: `--record: cannot write 'a/b': No such
    /// file or directory`.
    static func file(_ option: String, _ message: String) -> LineError {
        LineError("--\(option): \(message)")
    }
}
