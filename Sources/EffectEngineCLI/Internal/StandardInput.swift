#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Standard input as an `AsyncStream` of lines, read by a thread of its own.
///
/// `readLine` blocks; on the main actor it would stall the loop and every task hopping
/// to it, and on the cooperative pool it would hold one of its few threads. A detached
/// POSIX thread reads instead and yields each line; the stream finishes at end of input.
enum StandardInput {
    static func lines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        detachThread {
            while let line = readLine(strippingNewline: true) {
                if case .terminated = continuation.yield(line) { return }
            }
            continuation.finish()
        }
        return stream
    }

    /// The body of a thread, handed to `pthread_create` as an unmanaged pointer.
    private final class ThreadBody {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private static func detachThread(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
            let result = pthread_create(
                &thread, nil,
                { raw in
                    Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
                    return nil
                }, context)
            if result == 0, let thread { pthread_detach(thread) }
        #else
            var thread = pthread_t()
            let result = pthread_create(
                &thread, nil,
                { raw in
                    Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
                    return nil
                }, context)
            if result == 0 { pthread_detach(thread) }
        #endif
        precondition(result == 0, "cannot start the standard input reader thread (error \(result))")
    }
}
