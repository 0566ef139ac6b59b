// `--check FILE`: a transcript's input run through the program, and its output compared.

extension LineTranscript {
    /// The transcript `--check` names, or `nil` once its error is written.
    static func read(checking path: String, output: LineOutput) -> LineTranscript? {
        do throws(LineError) {
            return try LineTranscript(contentsOf: path)
        } catch {
            let message = LineError.file(TranscriptOptions.check.name, error.message).message
            _ = output.write("error: \(message)\n", .standardError)
            return nil
        }
    }

    /// Runs the transcript at `path` through the feature's program and writes `ok` or the
    /// diff on standard output: status 0 when they match, 1 when they differ, 64 when the
    /// transcript cannot be read or the options are wrong.
    @MainActor
    static func check<Feature: LineFeature>(
        _ feature: Feature.Type, path: String, commandLine: [String], output: LineOutput
    ) async -> Int32 {
        guard let transcript = read(checking: path, output: output) else { return LineExitStatus.usage }
        let recording = TranscriptRecording()
        let host: LineHost<Feature.State, Feature.Event, Feature.Env>
        do throws(LineError) {
            // The transcript's options first: those typed after them win (L14).
            let program = LineProgram<Feature>()
            let arguments = try program.parse(transcript.options + commandLine)
            host = try program.transcriptHost(arguments: arguments, output: recording.output)
        } catch {
            return LineProgram<Feature>.usageError(error, output: output)
        }
        let check = await transcript.run(on: host, recording: recording, name: path)
        guard let diff = check.diff else {
            _ = output.write("\(path): ok, \(transcript.input.count) input lines\n", .standardOutput)
            return LineExitStatus.success
        }
        _ = output.write(diff, .standardOutput)
        return LineExitStatus.rejectedLine
    }
}

extension LineProgram {
    /// The host a transcript runs on: the feature's initial state, the env the arguments
    /// make, settled.
    ///
    /// - Throws: The ``LineError`` of an env that refuses the arguments.
    func transcriptHost(
        arguments: LineArguments, output: LineOutput
    ) throws(LineError) -> LineHost<Feature.State, Feature.Event, Feature.Env> {
        var settings = arguments.settings
        settings.settle = true
        return makeHost(
            state: Feature.initialState, env: try Feature.env(arguments), settings: settings, output: output)
    }
}
