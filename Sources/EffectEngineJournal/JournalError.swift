/// Why a journal could not be read: what was wrong, and on which line.
///
/// ```swift
/// do {
///     _ = try Journal<Counter.Event>.read(from: "run.journal")
/// } catch {
///     print("error: \(error)")   // error: run.journal, line 4: not JSON
/// }
/// ```
public struct JournalError: Error, Equatable, CustomStringConvertible {
    /// The journal's path, or `journal` for text read from memory.
    public let path: String
    /// The line where reading stopped, from 1; `nil` for the file as a whole.
    public let line: Int?
    /// What was wrong.
    public let reason: String

    /// Creates an error.
    ///
    /// ```swift
    /// let error = JournalError(path: "run.journal", line: 2, reason: "not JSON")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The journal's path.
    ///   - line: The line, from 1, or `nil`.
    ///   - reason: What was wrong.
    public init(path: String, line: Int?, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `run.journal, line 4: not JSON`.
    public var description: String {
        line.map { "\(path), line \($0): \(reason)" } ?? "\(path): \(reason)"
    }
}
