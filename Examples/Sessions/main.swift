import EffectEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// sessions: a server's sessions, one host each on an actor of its own, all processing at
// once. Reads lines `<session> <command>` from standard input; prints `<session>: <state>`
// after each change of a session's state, in that session's order. With --settle each line
// is performed, its tree settled, before the next is read: the output is then the same on
// every run.

let usage = """
    sessions — one host per session, each on an actor of its own

    usage: sessions [--settle]

    Reads lines `<session> <command>` from standard input, and prints `<session>: <state>`
    after each change of a session's state. Commands:
      add <n>     add n to the session's total
      fetch <n>   ask a service for 1 + … + n, and add it when it answers
      reset       back to zero, cancelling a fetch

    Options:
      --settle   settle each line before reading the next: deterministic output
      --help     show this help
    """

/// Where a line goes: standard output or standard error, by file descriptor.
enum Stream: Int32 {
    case output = 1
    case error = 2
}

/// Lines written whole, from any session's actor.
let output = Mutex<Void>(())
func emit(_ line: String, to stream: Stream) {
    let bytes = Array((line + "\n").utf8)
    output.withLock { _ in
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(stream.rawValue, $0.baseAddress, $0.count) }
            guard result > 0 else { return }
            written += result
        }
    }
}

/// A session's host, and the queue that keeps its lines in order while it runs at the
/// same time as the others.
struct Running {
    let host: ActorHost<Session.State, Session.Event, Void>
    let lines: AsyncStream<Session.Event>.Continuation
    let worker: Task<Void, Never>
}

func start(_ name: String) async -> Running {
    let host = ActorHost(initialState: Session.State(), update: Session.update)
    let shown = Mutex<String?>(nil)
    await host.observe { activity in
        guard case .settled(let state) = activity else { return }
        let text = Session.render(state)
        let changed = shown.withLock { last in
            defer { last = text }
            return last != text
        }
        if changed { emit("\(name): \(text)", to: .output) }
    }
    let (stream, lines) = AsyncStream<Session.Event>.makeStream()
    let worker = Task {
        for await event in stream { await host.perform(event) }
    }
    return Running(host: host, lines: lines, worker: worker)
}

func main() async -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") {
        print(usage)
        return 0
    }
    if let unknown = arguments.first(where: { $0 != "--settle" }) {
        emit("error: unknown option '\(unknown)' — try 'sessions --help'", to: .error)
        return 64
    }
    let settles = arguments.contains("--settle")
    var sessions: [String: Running] = [:]
    var rejected = false
    var number = 0
    while let raw = readLine() {
        number += 1
        let line = raw.trimmingCharacters()
        if line.isEmpty || line.hasPrefix("#") { continue }
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2 else {
            emit("error: line \(number): expected '<session> <command>', got '\(line)'", to: .error)
            rejected = true
            continue
        }
        let name = String(words[0])
        let event: Session.Event
        switch Session.parse(Array(words.dropFirst())) {
        case .success(let parsed): event = parsed
        case .failure(let error):
            emit("error: line \(number): \(name): \(error.text)", to: .error)
            rejected = true
            continue
        }
        let session: Running
        if let running = sessions[name] {
            session = running
        } else {
            session = await start(name)
            sessions[name] = session
        }
        if settles {
            await session.host.perform(event)
        } else {
            session.lines.yield(event)
        }
    }
    for session in sessions.values { session.lines.finish() }
    for session in sessions.values {
        await session.worker.value
        await session.host.stop()
    }
    return rejected ? 1 : 0
}

extension String {
    /// The line without the white space around it.
    func trimmingCharacters() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

exit(await main())
