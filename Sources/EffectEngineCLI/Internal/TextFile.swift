#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes a whole text file, replacing what was there.
enum TextFile {
    /// Writes `text` to `path`.
    ///
    /// - Throws: A ``LineError`` naming the file and the system's reason.
    static func write(_ text: String, to path: String) throws(LineError) {
        guard !path.isEmpty else { throw LineError("cannot write a file with an empty name") }
        guard let file = fopen(path, "w") else {
            throw LineError("cannot write \(quoted(path)): \(String(cString: strerror(errno)))")
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
            throw LineError("cannot write \(quoted(path)): \(String(cString: strerror(reason)))")
        }
    }

    /// A path in quotes, whole (a long one is not cut), with control characters escaped.
    static func quoted(_ path: String) -> String {
        "'" + LineError.escapingControls(path.unicodeScalars) + "'"
    }
}
