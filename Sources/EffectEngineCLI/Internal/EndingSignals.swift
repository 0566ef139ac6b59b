import Dispatch
import EffectEngineShared

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The signals that end a line program's run the way end of input does (L10): SIGINT,
/// SIGTERM, SIGHUP and SIGQUIT, each routed to the one end of the run, whose status is
/// 128 plus the signal's number (130, 143, 129, 131).
///
/// No Swift code runs in a signal handler: each signal's disposition is set to ignore it
/// and a dispatch source reports it on a queue of dispatch's own, where it is routed (a
/// signal the program was started ignoring, under `nohup` say, stays ignored):
///
/// - to the run that takes it (``LineHost/runStandardInput()``), which ends as SIGINT
///   has always ended it, so that the state is saved and every file written whole;
/// - while a program loads its run or writes its files after it (``hold()``), kept, and
///   handed to the run when it starts, or returned as the status to exit with;
/// - otherwise the process exits at once with the signal's status.
///
/// A second signal, of any of them, exits at once: the way out of a run whose end hangs.
@usableFromInline
final class EndingSignals: Sendable {
    /// The one watcher of the process.
    @usableFromInline static let shared = EndingSignals()

    /// The signals watched.
    static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    private struct Routing {
        var target: (@Sendable (Int32) -> Void)?
        var isHeld = false
        var held: Int32?
        var count = 0
        var isWatching = false
    }

    /// What to do with a signal, decided under the lock and done outside it.
    private enum Route {
        case deliver(@Sendable (Int32) -> Void)
        case keep
        case exit
    }

    private let routing = Locked(Routing())
    private let queue = DispatchQueue(label: "EffectEngineCLI.EndingSignals")
    /// The sources, kept for the life of the process; set once, by ``watch()``.
    private nonisolated(unsafe) static var sources: [any DispatchSourceSignal] = []

    private init() {}

    /// Starts watching the signals, once per process.
    func watch() {
        let starts = routing.withLock { routing in
            defer { routing.isWatching = true }
            return !routing.isWatching
        }
        guard starts else { return }
        let armed = DispatchGroup()
        var sources: [any DispatchSourceSignal] = []
        for number in Self.numbers {
            // A signal the program was started ignoring stays ignored, as `nohup` and a
            // shell's background jobs ask: SIGHUP must not end a `nohup` run.
            let inherited = signal(number, SIG_IGN)
            if Self.isIgnore(inherited) { continue }
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in received(number) }
            armed.enter()
            source.setRegistrationHandler { armed.leave() }
            source.resume()
            sources.append(source)
        }
        // Dispatch arms a source on a thread of its own, after `resume()`; a signal before
        // that is ignored. Waiting for it means a signal that comes once the program has
        // shown anything is seen (bounded, should dispatch never say).
        _ = armed.wait(timeout: .now() + .seconds(5))
        Self.sources = sources
    }

    /// Sends the signals to `target` from now on, and at once one kept while held;
    /// `nil` stops.
    func route(to target: (@Sendable (Int32) -> Void)?) {
        let kept: Int32? = routing.withLock { routing in
            routing.target = target
            // A run counts its own signals: a second one exits at once, a first one ends
            // the run that takes it, whatever ended a run before it in this process.
            if target != nil { routing.count = routing.held == nil ? 0 : 1 }
            guard target != nil, let held = routing.held else { return nil }
            routing.held = nil
            return held
        }
        if let kept, let target { target(kept) }
    }

    /// Keeps a signal that comes while no run takes it, rather than exiting at once: a
    /// program loading its run, or writing its files after it.
    func hold() {
        routing.withLock { $0.isHeld = true }
    }

    /// The status a signal kept while held asks for: 128 plus its number; `nil` when none came.
    var heldStatus: Int32? {
        routing.withLock { routing in routing.held.map(Self.status(of:)) }
    }

    /// Whether `handler`, a disposition `signal(_:_:)` returned, ignores its signal.
    private static func isIgnore<Handler>(_ handler: Handler) -> Bool {
        MemoryLayout<Handler>.size == MemoryLayout<Int>.size
            && unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// The exit status of a run ended by the signal `number`: 128 plus the number.
    static func status(of number: Int32) -> Int32 {
        128 + number
    }

    private func received(_ number: Int32) {
        let route: Route = routing.withLock { routing in
            routing.count += 1
            if routing.count > 1 { return .exit }
            if let target = routing.target { return .deliver(target) }
            guard routing.isHeld else { return .exit }
            routing.held = number
            return .keep
        }
        switch route {
        case .deliver(let target): target(number)
        case .keep: break
        // `exit` runs the handlers registered with `atexit`: the terminal is put back.
        case .exit: LineExitStatus.exit(with: Self.status(of: number))
        }
    }
}
