import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Standard input as an `AsyncStream` of batches of lines, read by a thread of its own.
///
/// Reading blocks; on the main actor it would stall the loop and every task hopping to
/// it, and on the cooperative pool it would hold one of its few threads. A detached POSIX
/// thread reads instead. Each `read(2)` returns what is available — one line typed at a
/// terminal, up to 64 KiB from a pipe — and every complete line in it is yielded as one
/// batch, so a piped script is not paid for line by line. Bytes are decoded as UTF-8,
/// invalid sequences replaced; a last line with no newline is still a line. At most
/// `maximumPendingBatches` wait for the reader; past that the thread waits too.
@usableFromInline
enum StandardInput {
    static let maximumPendingBatches = 64

    @usableFromInline
    static func batches() -> LineBatches {
        batches {
            var splitter = LineSplitter()
            return { bytes in
                guard let bytes else { return (splitter.finish(), true) }
                return (splitter.split(bytes), false)
            }
        }
    }

    /// The lines a person submits at the terminal, edited by `session` as the keys arrive:
    /// one batch per line; Control-D on an empty line ends them, and Control-C raises
    /// SIGINT, as it would in a terminal's own line mode.
    static func batches(editedBy session: TerminalSession) -> LineBatches {
        batches {
            { bytes in
                guard let bytes else { return ([], true) }
                var lines: [String] = []
                for input in session.received(bytes) {
                    switch input {
                    case .line(let line): lines.append(line)
                    case .endOfInput: return (lines, true)
                    // To the process, as the terminal sends it, not to this reading
                    // thread: the signal source watches the process.
                    case .interrupt: kill(getpid(), SIGINT)
                    }
                }
                return (lines, false)
            }
        }
    }

    /// Reads standard input on a thread of its own, handing each read to the function
    /// `makeTake` makes there, `nil` at the end of input: what it returns is yielded as
    /// one batch, and the reading stops when it says the input has ended.
    private static func batches(
        _ makeTake: @escaping @Sendable () -> (ArraySlice<UInt8>?) -> (lines: [String], ended: Bool)
    ) -> LineBatches {
        // Created at zero and then signalled: libdispatch traps when a semaphore is
        // released while its count is below the value it was created with, which is what
        // happens when a run ends early (a closed standard output) with batches unread.
        let room = DispatchSemaphore(value: 0)
        for _ in 0..<maximumPendingBatches { room.signal() }
        let (stream, continuation) = AsyncStream.makeStream(of: [String].self)
        detachThread {
            let take = makeTake()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                let (lines, ended) = take(count > 0 ? buffer[0..<count] : nil)
                if !lines.isEmpty {
                    room.wait()
                    if case .terminated = continuation.yield(lines) { return }
                }
                if ended || count <= 0 { break }
            }
            continuation.finish()
        }
        return LineBatches(stream: stream, room: room)
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

/// Cuts a byte stream into lines at `\n`, keeping a partial line until its end arrives.
struct LineSplitter {
    private var partial: [UInt8] = []

    /// The lines completed by `bytes`.
    mutating func split(_ bytes: ArraySlice<UInt8>) -> [String] {
        var lines: [String] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: 10) {
            if partial.isEmpty {
                lines.append(String(decoding: bytes[start..<newline], as: UTF8.self))
            } else {
                partial.append(contentsOf: bytes[start..<newline])
                lines.append(String(decoding: partial, as: UTF8.self))
                partial.removeAll(keepingCapacity: true)
            }
            start = newline + 1
        }
        partial.append(contentsOf: bytes[start...])
        return lines
    }

    /// The last line, when the input ended without a newline.
    mutating func finish() -> [String] {
        defer { partial = [] }
        return partial.isEmpty ? [] : [String(decoding: partial, as: UTF8.self)]
    }
}

/// The batches standard input yields; taking one frees room for the reader thread.
@usableFromInline
struct LineBatches: AsyncSequence, Sendable {
    @usableFromInline typealias Element = [String]
    let stream: AsyncStream<[String]>
    let room: DispatchSemaphore

    @usableFromInline
    struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<[String]>.AsyncIterator
        let room: DispatchSemaphore

        @usableFromInline
        mutating func next() async -> [String]? {
            let batch = await base.next()
            if batch != nil { room.signal() }
            return batch
        }
    }

    @usableFromInline
    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), room: room)
    }
}
