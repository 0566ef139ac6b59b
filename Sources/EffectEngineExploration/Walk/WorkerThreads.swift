#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs one body on several threads at once and waits for all of them: the walk's
/// parallel levels (X6). Body `0` runs on the calling thread, the others on threads of
/// their own, started for the call and joined before it returns.
///
/// POSIX threads, as Darwin and Linux both have them: the walk is synchronous, so it
/// cannot wait for tasks without blocking a thread of the cooperative pool.
@usableFromInline
enum WorkerThreads {
    /// Calls `body(worker)` for each worker in `0..<count`, concurrently, and returns once
    /// every call has. When a thread cannot be started, its worker runs on the calling
    /// thread after worker `0`.
    ///
    /// - Parameter body: It must be safe to call from several threads at once; the walk
    ///   passes one whose workers each write only their own results.
    @usableFromInline
    static func run(count: Int, _ body: (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            var threads: [(worker: Int, thread: Thread?)] = []
            for worker in 1..<count {
                threads.append((worker, start { body(worker) }))
            }
            body(0)
            for (worker, thread) in threads {
                if let thread { join(thread) } else { body(worker) }
            }
        }
    }

    typealias Thread = pthread_t

    /// The work of one thread. The box is handed to the thread as a raw pointer, which
    /// the compiler cannot check for `Sendable`: ``run(count:_:)`` joins the thread before
    /// the work's captures go out of scope, and the work writes only its own results.
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts a thread with 8 MiB of stack (Darwin gives new threads 512 KiB, too little
    /// for a deep `update`); `nil` when the system refuses.
    private static func start(_ body: @escaping () -> Void) -> Thread? {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 8 << 20)
        #if canImport(Darwin)
            var thread: pthread_t?
            let status = pthread_create(
                &thread, &attributes,
                { raw in
                    Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
                    return nil
                }, work)
        #else
            var thread = pthread_t()
            let status = pthread_create(
                &thread, &attributes,
                { raw in
                    Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
                    return nil
                }, work)
        #endif
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return nil
        }
        #if canImport(Darwin)
            return thread
        #else
            return Optional(thread)
        #endif
    }

    private static func join(_ thread: Thread) {
        pthread_join(thread, nil)
    }
}
