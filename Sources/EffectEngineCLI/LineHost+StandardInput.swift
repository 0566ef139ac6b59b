import Dispatch
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension LineHost {
    /// Runs on the process's standard input until end of input, `:quit` or SIGINT,
    /// and returns the exit status.
    ///
    /// Standard input is read by a thread of its own, never on the main actor. SIGINT
    /// stops the host — tasks cancelled, bodies awaited — and the status is 130; a second
    /// SIGINT exits at once. `SIGPIPE` is ignored, so a closed standard output
    /// (`| head -1`) ends the run quietly instead of killing the process.
    ///
    /// ```swift
    /// let host = LineHost(initialState: Counter.State(), env: .live(interval: .seconds(1)),
    ///                     commands: .cases(), render: Counter.render, update: Counter.update)
    /// exit(await host.runStandardInput())
    /// ```
    ///
    /// - Returns: The exit status, one of ``LineExitStatus``.
    @inlinable
    public func runStandardInput() async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        let interrupts = Self.watchInterrupts { [weak self] in self?.interrupt() }
        interrupts.resume()
        defer {
            interrupts.cancel()
            signal(SIGINT, SIG_DFL)
        }
        return await run(batches: StandardInput.batches())
    }

    /// A SIGINT source calling `interrupted` on the main actor; a second SIGINT exits.
    ///
    /// Non-isolated so that the handler is not main-actor isolated: dispatch runs it on
    /// one of its own threads.
    @usableFromInline
    nonisolated static func watchInterrupts(
        _ interrupted: @escaping @MainActor @Sendable () -> Void
    ) -> any DispatchSourceSignal {
        let interrupts = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let count = InterruptCount()
        interrupts.setEventHandler { @Sendable in
            guard count.increment() == 1 else { exit(LineExitStatus.interrupted) }
            Task { @MainActor in interrupted() }
        }
        return interrupts
    }
}

/// How many SIGINTs arrived.
private final class InterruptCount: Sendable {
    private let value = Atomic(0)

    func increment() -> Int {
        value.add(1, ordering: .relaxed).newValue
    }
}
