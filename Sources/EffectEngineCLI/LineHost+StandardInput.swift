import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension LineHost {
    /// Runs on the process's standard input until end of input, `:quit` or a signal that
    /// ends it, and returns the exit status.
    ///
    /// Standard input is read by a thread of its own, never on the main actor. SIGINT,
    /// SIGTERM, SIGHUP and SIGQUIT each end the run the one way end of input ends it —
    /// tasks cancelled, bodies awaited, the terminal put back — and the status says which
    /// ended it: 130, 143, 129 or 131 (``LineExitStatus``). A second signal exits at once.
    /// No Swift code runs in a signal handler: dispatch reports each signal on a queue.
    /// After the run, such a signal ends the process at once with its status. `SIGPIPE` is
    /// ignored, so a closed standard output (`| head -1`) is a failed write, not a killed
    /// process.
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
        takeEndingSignals()
        defer { Self.releaseEndingSignals() }
        if settings.isInteractive, let status = await runAtTerminal() { return status }
        return await run(batches: StandardInput.batches())
    }

    /// Ignores `SIGPIPE` and routes the signals that end a run to this host (L10).
    @usableFromInline
    func takeEndingSignals() {
        signal(SIGPIPE, SIG_IGN)
        let signals = EndingSignals.shared
        signals.watch()
        signals.route(to: { [weak self] number in
            Task { @MainActor in self?.interrupt(status: EndingSignals.status(of: number)) }
        })
    }

    /// Stops routing the ending signals to a host: the run is over.
    @usableFromInline
    nonisolated static func releaseEndingSignals() {
        EndingSignals.shared.route(to: nil)
    }

    /// Runs on lines edited at the terminal, when standard input and output are one;
    /// `nil` when they are not, having read nothing.
    @usableFromInline
    func runAtTerminal() async -> Int32? {
        guard let session = TerminalSession.start() else { return nil }
        defer { session.end() }
        return await run(batches: StandardInput.batches(editedBy: session))
    }
}
