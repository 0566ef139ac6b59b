/// Why a line or a command-line argument was rejected, as one line for standard error.
///
/// ``LineHost`` prints a rejected line's error as `error: <message> — type :help` and
/// leaves state untouched (L2).
///
/// ```swift
/// throw LineError("'select' needs a number, got 'two'")
/// ```
public struct LineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, without the `error:` prefix.
    public let message: String

    /// Creates an error with a message.
    ///
    /// ```swift
    /// let error = LineError("unknown command 'frobnicate'")
    /// ```
    ///
    /// - Parameter message: What was wrong, one line, without the `error:` prefix.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
