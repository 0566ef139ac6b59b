import EffectEngineExploration

/// `--test-plan --transcript FILE`: the first path where the real host disagreed with
/// the model, as a transcript that `--check FILE` runs (X10).
///
/// Its input is the line a user would type for each event of the path: the feature's
/// commands are run backwards (``LineCommands/line(for:at:)``), and an event no command
/// spells is refused rather than written as a wrong line.
///
/// Its output is the model's, not what the program printed: the model's state wherever
/// the host settled, rendered as a line host renders it (the initial state, then each
/// state that renders differently from the last, blocks of several lines set apart by a
/// blank line), and the problems the model's `update` reported where the host reports
/// them, as the line host writes them on standard error (`! error: …` for an event
/// refused with `.reject`, L8). Up to the failing step the two agree, so `--check FILE` on the real
/// program runs clean up to there and fails at the first step where the host and the
/// model differ, its diff showing what the model expected above what the program did.
/// The model's output stops where it disagrees: for a task that delivered an event the
/// model does not list, it holds the one outcome the model lists instead, if it lists
/// one, so the transcript passes once the program delivers that outcome (L14). Write a
/// transcript of the fixed run with `--write-transcript` to keep. The model's output is chosen over the
/// program's because a transcript of what the program printed would pass `--check`,
/// hiding the very step that differs. A difference the rendering does not show (a field
/// ``LineFeature/render(_:)`` leaves out) cannot fail a check, so no transcript is
/// written for it: the test the plan printed checks the whole state.
struct TestPlanTranscript<Feature: ExplorableLineFeature> where Feature.Event: Equatable, Feature.State: Sendable {
    let mismatch: TestPlanResult<Feature.State, Feature.Event>.Mismatch
    /// The state the failing path starts from.
    let initialState: Feature.State

    /// The transcript's text, headed by comments saying where it came from and how to
    /// check it.
    ///
    /// - Parameters:
    ///   - command: The command line that checks it, `--check FILE` included.
    ///   - options: The options it carries (L14), which `--check FILE` runs with.
    /// - Throws: A ``LineError`` when the path starts from a state the program does not,
    ///   an event has no line, or the rendering does not show the difference.
    @MainActor
    func text(checkedWith command: String, options: [String]) throws(LineError) -> String {
        guard initialState == Feature.initialState else {
            throw LineError(
                "path \(mismatch.path) starts from a state other than the one \(Feature.name) starts in, "
                    + "so no transcript can replay it")
        }
        let recording = TranscriptRecording()
        let console = LineConsole<Feature.State, Feature.Event>(output: recording.output) { Feature.render($0) }
        console.show(initialState)
        var typedAt = initialState
        for (event, output) in zip(mismatch.events, mismatch.modelOutput) {
            guard let line = Feature.commands.line(for: event, at: typedAt) else {
                throw LineError(
                    "no command of \(Feature.name) spells \(String(describing: event)) as a line, "
                        + "so the path cannot be written as a transcript; the test above replays it")
            }
            recording.recordInput(line)
            for shown in output {
                switch shown {
                case .settled(let state):
                    console.show(state)
                    typedAt = state
                case .reported(let problem):
                    // As the line host writes it: `! error: …` for a `.reject` (L8).
                    console.observe(.diagnostic(problem))
                }
            }
        }
        if Feature.render(typedAt) == Feature.render(mismatch.hostState) {
            throw LineError(
                "the host's state differs from the model's only in what \(Feature.name) does not render, "
                    + "so a transcript could not show it; the test above checks the whole state")
        }
        let found = mismatch.message.split(separator: "\n").first.map(String.init) ?? ""
        let header = [
            "# Written by --test-plan --transcript, from the first path where the real host disagreed with the model:",
            "# \(found)",
            "# The output below is the model's, so checking it fails at that step until the two agree: \(command)",
        ] + LineTranscript.optionsLines(options)
        return (header + recording.lines).joined(separator: "\n") + "\n"
    }
}
