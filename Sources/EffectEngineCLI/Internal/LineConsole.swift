import EffectEngine

/// The host's side of the terminal: renders each settled state when it changed (L3,
/// R16), and writes traces and diagnostics to standard error.
///
/// It observes the wrapped `EffectHost` like any other observer, so it sees every
/// transition and task change on the main actor, in order.
@MainActor
final class LineConsole<State, Event> {
    private let output: LineOutput
    private let render: (State) -> String
    private var lastRendering: String?
    /// Whether anything was written to standard output, and whether the last write took
    /// several lines: a blank line separates a block of several lines from what is next
    /// to it, so consecutive renderings read apart.
    private var hasWritten = false
    private var lastWasBlock = false

    /// Standard output was closed; nothing more is written to it.
    private(set) var isClosed = false
    /// Called once, when a write to standard output fails.
    var closed: (() -> Void)?
    /// Called for each event `update` rejected (L8).
    var rejected: (() -> Void)?
    /// Where the interactive hint goes: the output, unless a transcript is recorded from
    /// it (a check, reading no terminal, would not print it).
    var hintOutput: LineOutput?

    init(output: LineOutput, render: @escaping (State) -> String) {
        self.output = output
        self.render = render
    }

    /// Renders settled states and writes diagnostics: a rejection as an error, in the
    /// feature's words (L8), anything else as a warning.
    func observe(_ activity: HostActivity<State, Event>) {
        switch activity {
        case .settled(let state):
            show(state)
        case .diagnostic(.rejected(let reason)):
            writeError("error: \(reason)")
            rejected?()
        case .diagnostic(let problem):
            writeError("warning: \(problem)")
        default:
            break
        }
    }

    /// `--trace`: every activity but settled states and diagnostics, one line each on
    /// standard error, written by the core's logging observer; a transition's line ends
    /// with the fields it changed.
    func tracer(from state: State) -> HostObserver<State, Event> {
        // The console observes a line host's main-actor host: the check cannot fail.
        HostObserver.logging(prefix: "trace: ", changesFrom: state) { [weak self] line in
            MainActor.assumeIsolated { self?.writeError(line) }
        }
            .filtered { activity in
                if case .diagnostic = activity { false } else { true }
            }
    }

    /// Writes the state's rendering when it differs from the last one written.
    func show(_ state: State) {
        let rendering = render(state)
        guard rendering != lastRendering else { return }
        lastRendering = rendering
        writeOutput(rendering)
    }

    /// Writes a rendering or an answer to standard output, its control characters
    /// escaped (``ControlText``), so that no state drives the terminal.
    func writeOutput(_ text: String) {
        guard !isClosed else { return }
        let body = Self.line(ControlText.escaped(text))
        let isBlock = body.utf8.dropLast().contains(UInt8(ascii: "\n"))
        let separated = hasWritten && (isBlock || lastWasBlock) ? "\n" + body : body
        hasWritten = true
        lastWasBlock = isBlock
        guard output.write(separated, .standardOutput) else {
            isClosed = true
            closed?()
            return
        }
    }

    /// Writes one line to standard error; control characters in it (from user input in
    /// a traced event, say) are escaped.
    func writeError(_ text: String) {
        _ = output.write(LineError.escapingControls(text.unicodeScalars) + "\n", .standardError)
    }

    /// Writes the line naming `:help` for a person at a terminal.
    func writeHint(_ text: String) {
        _ = (hintOutput ?? output).write(text + "\n", .standardError)
    }

    private static func line(_ text: String) -> String {
        text.hasSuffix("\n") ? text : text + "\n"
    }
}
