import EffectEngineShared

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes to the process's file descriptors, unbuffered.
enum FileDescriptor {
    /// The system's reason the first failed write to standard output failed (`No space
    /// left on device`, `Broken pipe`), for the program to say at its end (L11); `nil`
    /// while every write went through. Kept only when a write fails, so a write that
    /// succeeds pays nothing for it.
    static var standardOutputFailure: String? {
        failedStandardOutput.withLock { $0 }
    }

    private static let failedStandardOutput = Locked<String?>(nil)

    /// Writes all of `text`, going on after an interrupted write.
    static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Darwin)
                    let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #elseif canImport(Glibc)
                    let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #else
                    let written = Musl.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #endif
                if written < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    if descriptor == STDOUT_FILENO { noteStandardOutputFailure(code) }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Keeps the reason of the first failed write to standard output.
    private static func noteStandardOutputFailure(_ code: Int32) {
        let reason = String(cString: strerror(code))
        failedStandardOutput.withLock { failure in
            if failure == nil { failure = reason }
        }
    }
}
