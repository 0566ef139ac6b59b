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
    /// At least one line was rejected (L2).
    public static let rejectedLine: Int32 = 1
    /// A command-line argument was wrong (`EX_USAGE`).
    public static let usage: Int32 = 64
    /// The program was interrupted by SIGINT (128 + 2).
    public static let interrupted: Int32 = 130

    /// Ends the process with `status`, with no need to import Foundation or the C library.
    ///
    /// ```swift
    /// let host = LineHost(initialState: Tally.State(), commands: Tally.commands,
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
