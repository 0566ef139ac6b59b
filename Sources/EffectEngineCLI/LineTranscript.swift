import EffectEngine
import Foundation

/// A transcript: the lines typed into a line-driven program and the output they must
/// print, checked with `--check FILE` or from a test.
///
/// The format, one line each:
///
/// ```text
/// # A comment: a line starting with "#" is skipped.
/// count: 0
/// $ tick
/// count: 1
/// $ frobnicate
/// ! error: unknown command 'frobnicate' — type :help
/// ```
///
/// - `$ ` starts a line of input, as at a shell prompt;
/// - `! ` starts a line the program must write to standard error;
/// - any other line is a line the program must write to standard output, blank lines
///   included; the lines before the first input are the initial rendering. An output
///   line that itself starts with `$ `, `! `, `#` or `\` is written with a `\` before it.
///
/// The input is run with `--settle` (L5), so the output of each line is known before
/// the next is read, and a transcript is deterministic.
public struct LineTranscript: Sendable, Equatable {
    /// The input lines, in order.
    public let input: [String]
    /// The transcript's lines, comments left out: what a run must produce.
    public let expected: [String]

    /// Reads a transcript's text.
    ///
    /// ```swift
    /// let transcript = LineTranscript("count: 0\n$ tick\ncount: 1\n")
    /// #expect(transcript.input == ["tick"])
    /// ```
    ///
    /// - Parameter text: The transcript.
    public init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        expected = lines.filter { !$0.hasPrefix("#") }
        input = expected.filter { $0.hasPrefix("$ ") }.map { String($0.dropFirst(2)) }
    }

    /// Reads a transcript file.
    ///
    /// ```swift
    /// let transcript = try LineTranscript(contentsOf: "Examples/Counter/counter.transcript")
    /// ```
    ///
    /// - Parameter path: The file.
    /// - Throws: A ``LineError`` when the file cannot be read.
    public init(contentsOf path: String) throws(LineError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LineError("cannot read the transcript \(LineError.quote(path))")
        }
        self.init(String(decoding: data, as: UTF8.self))
    }

    /// Runs the transcript's input through a host made for it and compares the output.
    ///
    /// ```swift
    /// let check = await transcript.check { output in
    ///     LineHost(initialState: Counter.State(), env: .mock, commands: Counter.commands,
    ///              settings: LineSettings(settle: true), output: output,
    ///              render: Counter.render, update: Counter.update)
    /// }
    /// #expect(check.diff == nil)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The transcript's name in the diff's `---` line.
    ///   - makeHost: Makes the host, writing to `output`; it should settle (L5).
    /// - Returns: What the run printed, as a transcript, and the diff, if any.
    @MainActor
    public func check<State, Event: Sendable, Env: Sendable>(
        name: String = "transcript",
        _ makeHost: (LineOutput) -> LineHost<State, Event, Env>
    ) async -> Check {
        let recording = TranscriptRecording()
        return await check(name: name, host: makeHost(recording.output), recording: recording)
    }

    @MainActor
    func check<State, Event: Sendable, Env: Sendable>(
        name: String, host: LineHost<State, Event, Env>, recording: TranscriptRecording
    ) async -> Check {
        host.start()
        for line in input {
            recording.append("$ \(line)")
            await host.handle(line)
        }
        _ = await host.finish()
        let actual = recording.lines
        let diff =
            actual == expected
            ? nil : UnifiedDiff.text(expected: expected, actual: actual, expectedName: name, actualName: "actual output")
        return Check(actual: actual, diff: diff)
    }

    /// What a transcript's run printed, and how it differs from the transcript.
    ///
    /// ```swift
    /// if let diff = check.diff { print(diff) }
    /// ```
    public struct Check: Sendable, Equatable {
        /// The run, as transcript lines.
        public let actual: [String]
        /// A unified diff from the transcript to the run, or `nil` when they match.
        public let diff: String?
    }
}

/// Collects a run's output as transcript lines: standard output as is, standard error
/// after `! `.
final class TranscriptRecording: Sendable {
    private let collected = Locked<[String]>([])

    var lines: [String] { collected.withLock { $0 } }

    func append(_ line: String) {
        collected.withLock { $0.append(line) }
    }

    var output: LineOutput {
        LineOutput { [collected] text, stream in
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            collected.withLock {
                $0 += lines.map { line in
                    if stream == .standardError { return "! " + line }
                    let needsEscape = ["$ ", "! ", "#", "\\"].contains { line.hasPrefix($0) }
                    return needsEscape ? "\\" + line : line
                }
            }
            return true
        }
    }
}
