import EffectEngine
import EffectEngineShared

/// Collects a run as transcript lines: each input line after `$ `, standard output as is
/// (escaped where it would read as something else), standard error after `! `.
final class TranscriptRecording: Sendable {
    private let collected = Locked<[String]>([])

    var lines: [String] { collected.withLock { $0 } }

    /// A line of input, as the host handles it, its control characters escaped
    /// (``LineTranscript`` reads them back).
    func recordInput(_ line: some StringProtocol) {
        let shown = ControlText.escapedLine(line)
        collected.withLock { $0.append("$ " + shown) }
    }

    /// Text written to `stream`: one or more lines, each ending in a newline.
    func record(_ text: String, _ stream: LineOutput.Stream) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        collected.withLock {
            $0 += lines.map { line in
                if stream == .standardError { return "! " + line }
                let needsEscape = ["$ ", "! ", "#", "\\"].contains { line.hasPrefix($0) }
                return needsEscape ? "\\" + line : line
            }
        }
    }

    /// An output that records, for `--check`.
    var output: LineOutput {
        LineOutput { [self] text, stream in
            record(text, stream)
            return true
        }
    }

    /// An output that records and writes to `output`, for `--write-transcript`.
    func tee(_ output: LineOutput) -> LineOutput {
        LineOutput { [self] text, stream in
            record(text, stream)
            return output.write(text, stream)
        }
    }
}

/// `--write-transcript FILE`: the run is recorded as it goes, and written to the file at
/// its end, headed by a comment saying how to check it.
struct TranscriptWriting: Sendable {
    let path: String
    let recording = TranscriptRecording()
    /// The comments at the top of the file: how to check it, and the options it carries.
    let header: [String]

    /// - Parameters:
    ///   - path: The file.
    ///   - program: The program's name.
    ///   - options: The options the transcript carries (L14): `--check FILE` alone runs
    ///     with them.
    init(path: String, program: String, options: [String]) {
        self.path = path
        let command = [program, "--check", path].map(ShellWords.quoted).joined(separator: " ")
        header =
            ["# Written by --write-transcript; check it with: \(command)"]
            + LineTranscript.optionsLines(options)
    }

    /// Writes the transcript.
    ///
    /// - Throws: A ``LineError`` naming the file and the system's reason.
    func write() throws(LineError) {
        let text = (header + recording.lines).joined(separator: "\n") + "\n"
        try TextFile.write(text, to: path, for: TranscriptOptions.writeTranscript.name)
    }
}
