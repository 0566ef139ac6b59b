import EffectEngine

/// A transcript: the lines typed into a line program and the output they must print,
/// checked with `--check FILE`, written with `--write-transcript FILE`, or checked from a
/// test with ``check(_:arguments:name:)``.
///
/// The format, one line each:
///
/// ```text
/// # options: --interval 20ms
/// # A comment: a line starting with "#" is skipped.
/// count: 0
/// $ tick
/// count: 1
/// $ frobnicate
/// ! error: unknown command 'frobnicate' — type :help
/// ```
///
/// - `# options: ` names the options the transcript was written with (L14), as a shell
///   reads them: `--check FILE` runs with them, before any typed after it, which win;
/// - `$ ` starts a line of input, as at a shell prompt, without the white space around
///   it; a control character typed in it is written `\u{1B}`, and read back as typed;
/// - `! ` starts a line the program must write to standard error;
/// - any other line is a line the program must write to standard output; the lines before
///   the first input are the initial rendering. An output line that itself starts with
///   `$ `, `! `, `#` or `\` is written with a `\` before it. The host shows a control
///   character in a rendering as `\u{1B}` (``LineHost``), and so does the transcript.
/// - A blank line is output too: the host writes one between a rendering of several lines
///   and what comes before or after it, so that consecutive renderings read apart.
///
/// The input is run with `--settle` (L5), so the output of each line is known before
/// the next is read, and a transcript is deterministic.
public struct LineTranscript: Sendable, Equatable {
    /// The input lines, in order.
    public let input: [String]
    /// The options the transcript was written with, from its `# options: ` line; a check
    /// runs with them (L14).
    ///
    /// ```swift
    /// let transcript = LineTranscript("# options: --virtual-time\n$ tick\ncount: 1\n")
    /// transcript.options  // ["--virtual-time"]
    /// ```
    public let options: [String]
    /// The transcript's lines, comments left out: what a run must produce.
    public let expected: [String]

    /// The start of the line naming the options a transcript was written with.
    static let optionsPrefix = "# options: "

    /// The line naming `options` in a transcript's header; none when there are none.
    static func optionsLines(_ options: [String]) -> [String] {
        options.isEmpty ? [] : [optionsPrefix + options.map(ShellWords.quoted).joined(separator: " ")]
    }

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
        var input: [String] = []
        options = lines.first { $0.hasPrefix(Self.optionsPrefix) }
            .map { ShellWords.split($0.dropFirst(Self.optionsPrefix.count)) } ?? []
        expected = lines.filter { !$0.hasPrefix("#") }.map { line in
            guard line.hasPrefix("$ ") else { return line }
            // Input is compared as the host records it: trimmed, its control characters
            // escaped; it is typed with them as they stand for.
            let typed = ControlText.unescapedLine(String(line.dropFirst(2).trimmingWhiteSpace()))
            input.append(typed)
            return "$ " + ControlText.escapedLine(typed)
        }
        self.input = input
    }

    /// Reads a transcript file.
    ///
    /// ```swift
    /// let transcript = try LineTranscript(contentsOf: "Examples/Counter/counter.transcript")
    /// ```
    ///
    /// - Parameter path: The file.
    /// - Throws: A ``LineError`` when the file cannot be read:
    ///   `cannot read 'c.transcript': No such file or directory`.
    public init(contentsOf path: String) throws(LineError) {
        self.init(String(decoding: try TextFile.read(path), as: UTF8.self))
    }

    /// Runs the transcript's input through the feature's program, settled, and compares
    /// what it printed with the transcript: what `--check` does, in the test's process.
    ///
    /// ```swift
    /// let transcript = try LineTranscript(contentsOf: "Examples/Counter/counter.transcript")
    /// let check = await transcript.check(Counter.self, arguments: ["--virtual-time"])
    /// #expect(check.diff == nil, "\(check.diff ?? "")")
    /// ```
    ///
    /// - Parameters:
    ///   - feature: The feature, run as its ``LineFeature/main()`` would.
    ///   - arguments: The program's options, as typed after its name, after the
    ///     transcript's own ``options``; a bad one is written to the run's output
    ///     (`! error: …`), so the check fails naming it.
    ///   - name: The transcript's name in the diff's `---` line.
    /// - Returns: What the run printed, as a transcript, and the diff, if any.
    @MainActor
    public func check<Feature: LineFeature>(
        _ feature: Feature.Type, arguments: [String] = [], name: String = "transcript"
    ) async -> Check {
        let recording = TranscriptRecording()
        let program = LineProgram<Feature>()
        let host: LineHost<Feature.State, Feature.Event, Feature.Env>
        do throws(LineError) {
            host = try program.transcriptHost(
                arguments: try program.parse(options + arguments), output: recording.output)
        } catch {
            recording.record("error: \(error.message)\n", .standardError)
            return compare(recording.lines, name: name)
        }
        return await run(on: host, recording: recording, name: name)
    }

    /// Feeds the input to `host`, which records into `recording`, then compares.
    @MainActor
    func run<State, Event, Env>(
        on host: LineHost<State, Event, Env>, recording: TranscriptRecording, name: String
    ) async -> Check {
        host.recordsInput(into: recording)
        host.start()
        for line in input { await host.handle(line) }
        _ = await host.finish()
        return compare(recording.lines, name: name)
    }

    func compare(_ actual: [String], name: String) -> Check {
        let diff =
            actual == expected
            ? nil
            : UnifiedDiff.text(
                expected: expected, actual: actual, expectedName: name, actualName: "actual output")
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
