/// Where a ``LineHost`` writes: renderings and meta-command answers to standard output,
/// errors, diagnostics and traces to standard error.
///
/// The default, ``standard``, writes straight to the file descriptors with no
/// buffering, so every line is out as soon as it is written. Tests capture instead:
///
/// ```swift
/// let captured = Mutex<[String]>([])
/// let output = LineOutput { text, stream in
///     if stream == .standardOutput { captured.withLock { $0.append(text) } }
///     return true
/// }
/// ```
public struct LineOutput: Sendable {
    /// One of the two output streams.
    public enum Stream: Sendable, Hashable {
        /// Renderings and the answers of `:help`, `:state` and `:tasks`.
        case standardOutput
        /// Errors, diagnostics and `--trace` lines.
        case standardError
    }

    let write: @Sendable (String, Stream) -> Bool

    /// Creates an output from a writing function.
    ///
    /// ```swift
    /// let silent = LineOutput { _, _ in true }
    /// ```
    ///
    /// - Parameter write: Writes `text` (one or more lines, each ending in a newline) to
    ///   `stream`. Returns `false` when the stream is closed, such as standard output piped
    ///   into `head -1`: the host then stops, and a line program says so and exits 74.
    public init(_ write: @escaping @Sendable (_ text: String, _ stream: Stream) -> Bool) {
        self.write = write
    }

    /// Writes to the process's standard output and standard error, unbuffered.
    ///
    /// A write to a closed pipe (`EPIPE`) returns `false` instead of killing the process;
    /// `LineHost.runStandardInput()` ignores `SIGPIPE` for this.
    ///
    /// ```swift
    /// let host = LineHost(initialState: 0, commands: commands, output: .standard,
    ///                     render: { "count: \($0)" }, update: update)
    /// ```
    ///
    /// While a person types at the terminal (``LineHost/runStandardInput()`` with standard
    /// input and output a terminal), each write is drawn above the line being typed.
    public static let standard = LineOutput { text, stream in
        let descriptor: Int32 = stream == .standardOutput ? 1 : 2
        if let session = TerminalSession.current { return session.write(text, to: descriptor) }
        return FileDescriptor.writeAll(text, to: descriptor)
    }
}
