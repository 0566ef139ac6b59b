#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The exit statuses of a line-driven program.
///
/// ```swift
/// let status = await host.run(lines: ["start", "stop"])
/// #expect(status == LineExitStatus.success)
/// ```
public enum LineExitStatus {
    /// Every line was accepted.
    public static let success: Int32 = 0
    /// At least one line was rejected: by the commands (L2) or by `update` (L8). Also
    /// `--check`'s status for a transcript the run differs from, and `--replay`'s for a
    /// replay that differs from its journal.
    public static let rejectedLine: Int32 = 1
    /// `--explore` found a property that fails: a broken invariant, an unreachable
    /// state, a dead end or a cut chain.
    public static let propertyFailed: Int32 = 1
    /// A command-line argument was wrong (`EX_USAGE`).
    public static let usage: Int32 = 64
    /// A file the program was asked to write could not be written (`EX_CANTCREAT`): a
    /// graph of `--explore`, the transcript of `--write-transcript`.
    public static let cannotWrite: Int32 = 73
    /// Standard output could not be written (`EX_IOERR`): a full disk, a closed pipe.
    /// One `error:` line on standard error says why (L11).
    public static let cannotWriteOutput: Int32 = 74
    /// The program was interrupted by SIGINT (128 + 2).
    public static let interrupted: Int32 = 130
    /// The run was ended by SIGTERM (128 + 15), as `kill`, `timeout` and service
    /// managers end it; everything was kept, as at end of input (L10).
    public static let terminated: Int32 = 143
    /// The run was ended by SIGHUP (128 + 1): its terminal went away.
    public static let hungUp: Int32 = 129
    /// The run was ended by SIGQUIT (128 + 3), `Control-\` in a terminal's line mode: it
    /// ends as the others do, with no crash report.
    public static let quit: Int32 = 131

    /// Ends the process with `status`, with no need to import Foundation or the C library.
    ///
    /// ```swift
    /// let host = LineHost(initialState: Tally.State(), env: (), commands: Tally.commands,
    ///                     render: Tally.render, update: Tally.update)
    /// LineExitStatus.exit(with: await host.runStandardInput())
    /// ```
    ///
    /// - Parameter status: The exit status, such as what ``LineHost/runStandardInput()`` returned.
    public static func exit(with status: Int32) -> Never {
        #if canImport(Darwin)
            Darwin.exit(status)
        #elseif canImport(Glibc)
            Glibc.exit(status)
        #elseif canImport(Musl)
            Musl.exit(status)
        #endif
    }
}
