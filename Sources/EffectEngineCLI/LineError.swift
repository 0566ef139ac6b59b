/// Why a line or a command-line argument was rejected, as one line for standard error.
///
/// ``LineHost`` prints a rejected line's error as `error: <message>` and leaves state
/// untouched (L2). A line the host could not read as a command (an unknown name, a
/// missing or malformed argument) ends with ` — type :help`; a parser's own refusal, a
/// `LineError` it throws, is printed as it is written: the line was understood, and
/// refused.
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
        pointsToHelp = false
    }

    /// Whether the error is about how the line is written, which `:help` answers: the
    /// host then ends its line with ` — type :help`.
    ///
    /// ```swift
    /// LineError(usage: "open takes a number").pointsToHelp   // true
    /// LineError("type an email first").pointsToHelp          // false
    /// ```
    public let pointsToHelp: Bool

    /// An error about how a line is written (a missing or malformed argument), which
    /// `:help` answers: the host prints it as `error: <message> — type :help`. The
    /// library's own parsing throws these; a parser that reads its arguments itself
    /// throws one for a line it cannot read, and ``init(_:)`` for one it refuses.
    ///
    /// ```swift
    /// guard let minutes = Int(argument) else {
    ///     throw LineError(usage: "'length' needs <minutes>, got \(LineError.quote(argument))")
    /// }
    /// guard state.isEditing else { throw LineError("press edit first") }
    /// ```
    ///
    /// - Parameter message: What was wrong, one line, without the `error:` prefix.
    public init(usage message: String) {
        self.message = message
        pointsToHelp = true
    }

    /// The message.
    public var description: String { message }

    /// Errors with the same message are equal, whoever made them.
    public static func == (lhs: LineError, rhs: LineError) -> Bool { lhs.message == rhs.message }
}

extension LineError {
    /// The longest stretch of user input a message quotes.
    @usableFromInline static let quotedLimit = 40

    /// User input quoted for a message: control characters escaped (so a stray escape
    /// sequence cannot reach the terminal and a message stays one line), and cut after
    /// 40 characters. Quote what the user typed in your own parsers' errors too.
    ///
    /// ```swift
    /// LineError.quote("a\u{1B}[2Jb")   // 'a\u{1B}[2Jb'
    /// throw LineError("'go' needs north or south, got \(LineError.quote(argument))")
    /// ```
    ///
    /// - Parameter text: What the user typed.
    /// - Returns: The text in single quotes, safe to print.
    public static func quote(_ text: some StringProtocol) -> String {
        let scalars = text.unicodeScalars
        let shown = escapingControls(scalars.prefix(quotedLimit))
        return "'" + shown + (scalars.count > quotedLimit ? "…" : "") + "'"
    }

    /// The text with control, format and separator characters escaped, so that it stays
    /// one line and cannot drive the terminal.
    ///
    /// ```swift
    /// LineError.escapingControls("a\u{1B}b".unicodeScalars)   // a\u{1B}b
    /// ```
    static func escapingControls(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var shown = ""
        for scalar in scalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                shown += scalar.escaped(asASCII: true)
            default:
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
