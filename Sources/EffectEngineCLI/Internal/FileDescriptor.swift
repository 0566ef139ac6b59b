#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes to the process's file descriptors, unbuffered.
enum FileDescriptor {
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
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
