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
}
