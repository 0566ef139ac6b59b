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
    /// When a person types (``LineSettings/isInteractive``) and standard input and output
    /// are a terminal, the line is edited as it is typed: a `> ` prompt, ← and →, Home
    /// and End (and Control-A, Control-E), Backspace and Delete, ↑ and ↓ through the
    /// lines typed before, Control-U, Control-K and Control-W; Control-D on an empty line
    /// ends the input and Control-C interrupts. What the program writes meanwhile, a
    /// task's rendering say, is drawn above the line being typed. The terminal's settings
    /// are put back when the run ends. From a pipe, lines are read as they come, exactly
    /// as before.
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
        if settings.isInteractive, let status = await runAtTerminal() { return status }
        return await run(batches: StandardInput.batches())
    }

    /// Runs on lines edited at the terminal, when standard input and output are one;
    /// `nil` when they are not, having read nothing.
    @usableFromInline
    func runAtTerminal() async -> Int32? {
        guard let session = TerminalSession.start() else { return nil }
        defer { session.end() }
        return await run(batches: StandardInput.batches(editedBy: session))
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
