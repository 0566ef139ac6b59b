#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole files read and written through the system's own calls, with the system's reason
/// when it cannot: what the journal, the state file and the line programs share, so that
/// no path a user types reaches a Foundation call that may trap on it.
///
/// ```swift
/// switch SystemFile.read("run.journal") {
/// case .success(let bytes): print(bytes.count)
/// case .failure(let error): print(error.reason)   // "No such file or directory"
/// }
/// ```
package enum SystemFile {
    /// Why a file could not be read or written: the system's words for `errno`, or ours.
    package struct Failure: Error, Equatable, Sendable {
        package let reason: String

        package init(reason: String) {
            self.reason = reason
        }

        /// The system's words for an `errno` value.
        package init(code: Int32) {
            reason = String(cString: strerror(code))
        }
    }

    /// The bytes of the regular file at `path`; a directory or an empty path is refused.
    package static func read(_ path: String) -> Result<[UInt8], Failure> {
        guard !path.isEmpty else { return .failure(Failure(code: ENOENT)) }
        let descriptor = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(Failure(code: errno)) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            return .failure(Failure(code: EISDIR))
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { readSome(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(code: errno))
            }
            if count == 0 { return .success(bytes) }
            bytes += buffer[0..<count]
        }
    }

    /// Writes `bytes` to the file at `path`, created or emptied first.
    package static func write(_ bytes: some Collection<UInt8>, to path: String) -> Result<Void, Failure> {
        guard !path.isEmpty else { return .failure(Failure(code: ENOENT)) }
        let descriptor = PathBytes.withCString(path) {
            open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { return .failure(Failure(code: errno)) }
        let written = writeAll(bytes, to: descriptor)
        let closed = close(descriptor) == 0 ? nil : Failure(code: errno)
        if case .failure = written { return written }
        if let closed { return .failure(closed) }
        return .success(())
    }

    /// Writes all of `bytes` to the open file `descriptor`, going on after an
    /// interrupted write.
    package static func writeAll(
        _ bytes: some Collection<UInt8>, to descriptor: Int32
    ) -> Result<Void, Failure> {
        // Contiguous bytes (an array, `Data`) are written where they lie, with no copy.
        let contiguous = bytes.withContiguousStorageIfAvailable {
            writeAll(UnsafeRawBufferPointer($0), to: descriptor)
        }
        if let contiguous { return contiguous }
        return Array(bytes).withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    private static func writeAll(
        _ buffer: UnsafeRawBufferPointer, to descriptor: Int32
    ) -> Result<Void, Failure> {
        guard let base = buffer.baseAddress else { return .success(()) }
        var offset = 0
        while offset < buffer.count {
            let count = writeSome(descriptor, base + offset, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(code: errno))
            }
            offset += count
        }
        return .success(())
    }

    /// The system's `read(2)`, named apart from ``read(_:)``.
    private static func readSome(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, bytes, count)
        #elseif canImport(Musl)
            Musl.read(descriptor, bytes, count)
        #elseif canImport(Darwin)
            Darwin.read(descriptor, bytes, count)
        #endif
    }

    /// The system's `write(2)`, named apart from ``write(_:to:)``.
    private static func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
            Musl.write(descriptor, bytes, count)
        #elseif canImport(Darwin)
            Darwin.write(descriptor, bytes, count)
        #endif
    }
}
