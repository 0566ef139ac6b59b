/// A mistake in what an ``Explorer`` was asked to do, found before anything is explored.
///
/// ```swift
/// #expect(throws: ExplorationError.self) { try explorer.explore(depth: -1) }
/// ```
public struct ExplorationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, one line per mistake.
    ///
    /// ```swift
    /// print(error.message)  // the depth bound must be 0 or more, not -1
    /// ```
    public let message: String

    /// Creates an error with its message.
    ///
    /// ```swift
    /// #expect(throws: ExplorationError("the state bound must be 1 or more, not 0")) {
    ///     try explorer.explore(states: 0)
    /// }
    /// ```
    ///
    /// - Parameter message: What was wrong.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    ///
    /// ```swift
    /// print(error)
    /// ```
    public var description: String { message }
}
