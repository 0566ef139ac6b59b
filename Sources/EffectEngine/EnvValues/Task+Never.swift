extension Task where Success == Never, Failure == Never {
    /// Suspends until the task is cancelled, then throws `CancellationError` (N14,
    /// ConcurrencyExtras' `Task.never()`): the body of a task whose work is its lifetime,
    /// a subscription held open or a test's stand-in for a stream that never ends.
    ///
    /// ```swift
    /// return .task(name: "session") { input, env in
    ///     input(.started)
    ///     try await Task.never()   // until .cancel("session")
    /// }
    /// ```
    ///
    /// - Throws: `CancellationError`, once the task is cancelled (at once if it already is).
    public static func never() async throws -> Never {
        let (stream, continuation) = AsyncStream<Never>.makeStream()
        // The stream ends only when the task is cancelled: its continuation is held until then.
        for await _ in stream {}
        withExtendedLifetime(continuation) {}
        throw _Concurrency.CancellationError()
    }
}
