import EffectEngine
import EffectEngineTesting
import TestSupport
import Testing

@testable import counter
@testable import downloads
@testable import EffectEngineCLI
@testable import movies
@testable import search
@testable import todos
@testable import weather

/// Thousands of seeded random lines against each example's parser and `update`, through
/// an in-process ``LineHost`` whose env sleeps on a ``TestClock`` nobody moves, so no
/// task progresses on its own and every change of state comes from the line just
/// handled. No crash, no hang, and a rejected line leaves state exactly as it was, whether
/// the commands rejected it (L2, L7) or `update` did (L8).
///
/// The seed is fixed: a failure names the line's number and text, and running the test
/// again reproduces it.
// One fuzz at a time, and a generous bound: each holds the main actor for thousands of
// lines, which every main-actor suite of the run shares.
@Suite(.serialized, .timeLimit(.minutes(10)))
@MainActor
struct FuzzTests {
    static let seed: UInt64 = 0x00EF_FEC7_0006
    static let lineCount = 5_000

    @Test func counterLines() async {
        let clock = TestClock()
        let report = await fuzz(
            seed: Self.seed, initialState: Counter.State(), env: .mock(clock: clock),
            commands: Counter.commands,
            render: Counter.render, update: Counter.update)
        expect(report)
    }

    @Test func searchLines() async {
        let clock = TestClock()
        let report = await fuzz(
            seed: Self.seed &+ 1, initialState: Search.State(), env: .mock(clock: clock),
            commands: Search.commands, render: Search.render, update: Search.update)
        expect(report)
    }

    @Test func moviesLines() async {
        // A latency, so that a refresh waits for the clock too.
        let clock = TestClock()
        let env = Movies.Env(service: Movies.MovieService(clock: clock, latency: .seconds(1), failing: false))
        let report = await fuzz(
            seed: Self.seed &+ 2, initialState: Movies.State(), env: env, commands: Movies.commands,
            render: Movies.render, update: Movies.update)
        expect(report)
    }

    @Test func downloadsLines() async {
        // Rows are child features, named as shown: a line for a row not shown is rejected.
        let clock = TestClock()
        let report = await fuzz(
            seed: Self.seed &+ 4, initialState: Downloads.State(), env: .mock(clock: clock),
            commands: Downloads.commands, render: Downloads.render, update: Downloads.update)
        expect(report)
    }

    @Test func todosLines() async {
        let clock = TestClock()
        let report = await fuzz(
            seed: Self.seed &+ 5, initialState: Todos.State(), env: .mock(clock: clock),
            commands: Todos.commands, render: Todos.render, update: Todos.update)
        expect(report)
    }

    @Test func weatherLines() async {
        let clock = TestClock()
        let env = Weather.Env(weather: .live(clock: clock, latency: .seconds(1)))
        let report = await fuzz(
            seed: Self.seed &+ 6, initialState: Weather.State(), env: env,
            commands: Weather.commands, render: Weather.render, update: Weather.update)
        expect(report)
    }

    /// Random bytes, newlines among them, cut into random chunks as `read(2)` would
    /// return them: the splitter gives back exactly the lines between the newlines,
    /// decoded as UTF-8 — a multi-byte character cut by a chunk is not broken.
    @Test func lineSplitterKeepsEveryLineWhateverTheChunks() {
        var random = SplitMix64(seed: Self.seed &+ 3)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...4_000, using: &random)).map { _ in
                random.next(upperBound: UInt64(8)) == 0 ? 0x0A : UInt8.random(in: 0...255, using: &random)
            }
            var expected = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            if expected.last == "" { expected.removeLast() }

            var splitter = LineSplitter()
            var lines: [String] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...300, using: &random))
                lines += splitter.split(bytes[start..<end])
                start = end
            }
            lines += splitter.finish()
            #expect(lines == expected)
            if lines != expected { return }
        }
    }

    // MARK: The run

    struct Report {
        var problems: [String] = []
        var accepted = 0
        var rejected = 0
        /// Lines the commands accepted and `update` refused (L8).
        var refused = 0
        var skipped = 0
        var stateChanges = 0
        var status: Int32 = -1
        var tasksLeft: [String] = []
    }

    /// Handles each line, checking what it did against what the parser says of it.
    func fuzz<State: Equatable, Event: Sendable, Env: Sendable>(
        seed: UInt64, initialState: State, env: Env, commands: LineCommands<State, Event>,
        render: @escaping (State) -> String, update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) async -> Report {
        let recorded = RecordedOutput()
        let host = LineHost(
            initialState: initialState, env: env, commands: commands, output: recorded.output, render: render,
            update: update)
        var fuzzer = LineFuzzer(seed: seed, names: commands.commands.map(\.name))
        var report = Report()
        // The first line handled renders the initial state: get that out of the way.
        await host.handle("")
        for (number, line) in fuzzer.lines(Self.lineCount).enumerated() {
            // A line that starts no task is handled without suspending: without a turn
            // given back now and then, the loop would hold the main actor for its
            // thousands of lines, and the suites beside it, which wait on the main actor
            // with bounds, would wait for it.
            if number.isMultiple(of: 64) { await Task.yield() }
            let before = host.state
            let kind = Kind(of: line, commands: commands, state: before)
            let errorsBefore = recorded.errorCount
            let outputsBefore = recorded.outputCount
            await host.handle(line)
            let errors = recorded.errors(from: errorsBefore)
            func problem(_ text: String) {
                report.problems.append("line \(number) \(line.debugDescription): \(text)")
            }

            if host.isFinished { problem("the host finished") }
            if host.state != before { report.stateChanges += 1 }
            switch kind {
            case .skipped:
                report.skipped += 1
                if !errors.isEmpty || recorded.outputCount != outputsBefore || host.state != before {
                    problem("a skipped line did something")
                }
            case .accepted:
                report.accepted += 1
                // A warning (a diagnostic, such as an event for a child that is gone) is not
                // a rejection; `update` refusing the event in its own words is (L8).
                let rejections = errors.filter { !$0.hasPrefix("warning: ") }
                guard !rejections.isEmpty else { break }
                report.refused += 1
                if rejections.count != 1 { problem("\(rejections.count) refusals, not 1: \(rejections)") }
                if host.state != before { problem("refused, yet state changed from \(before) to \(host.state)") }
                for error in rejections where !Self.isOneShortRefusal(error) {
                    problem("not one short refusal: \(error.debugDescription)")
                }
            case .rejected:
                report.rejected += 1
                if errors.count != 1 { problem("\(errors.count) error lines, not 1: \(errors)") }
                if host.state != before { problem("state changed from \(before) to \(host.state)") }
                for error in errors where !Self.isOneShortErrorLine(error) {
                    problem("not one short error line: \(error.debugDescription)")
                }
            }
        }
        report.status = await host.finish()
        report.tasksLeft = host.host.runningTaskNames
        return report
    }

    /// What a line should do, decided without the host: the rules L1, L2 and L4 applied
    /// to the line and the parser's verdict.
    enum Kind {
        case skipped, accepted, rejected

        init<State, Event>(of line: String, commands: LineCommands<State, Event>, state: State) {
            let scalars = line.unicodeScalars
            let start = scalars.firstIndex { !$0.properties.isWhitespace }
            let end = scalars.lastIndex { !$0.properties.isWhitespace }
            guard let start, let end else {
                self = .skipped
                return
            }
            // By scalar, not by `Character`: `#` followed by a combining mark is one
            // character, yet the line still starts with `#`.
            let text = String(scalars[start...end])
            if scalars[start] == "#" {
                self = .skipped
            } else if scalars[start] == ":" {
                self = [":help", ":state", ":tasks"].contains(text) ? .accepted : .rejected
            } else {
                self = (try? commands.parse(line, state: state)) == nil ? .rejected : .accepted
            }
        }
    }

    /// `error: … — type :help`, one line, short whatever the input was: user text is
    /// quoted with at most 40 characters, each escaped to at most 10.
    static func isOneShortErrorLine(_ text: String) -> Bool {
        text.hasPrefix("error: ") && text.hasSuffix(" — type :help\n")
            && text.filter { $0 == "\n" }.count == 1
            && text.unicodeScalars.count <= 600
    }

    /// `error: …` in the feature's words, one line, with no `:help` hint: the line was
    /// understood, and refused.
    static func isOneShortRefusal(_ text: String) -> Bool {
        text.hasPrefix("error: ") && !text.hasSuffix(" — type :help\n")
            && text.filter { $0 == "\n" }.count == 1
            && text.unicodeScalars.count <= 600
    }

    func expect(_ report: Report, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            report.problems.isEmpty,
            "\(report.problems.count) problems, the first: \(report.problems.prefix(5).joined(separator: "\n"))",
            sourceLocation: sourceLocation)
        #expect(report.status == (report.rejected + report.refused > 0 ? 1 : 0), sourceLocation: sourceLocation)
        #expect(report.tasksLeft.isEmpty, sourceLocation: sourceLocation)
        // The generator reaches every path, and lines do something: change state, or are
        // refused by `update` in its own words.
        #expect(report.accepted > Self.lineCount / 20, sourceLocation: sourceLocation)
        #expect(report.rejected > Self.lineCount / 10, sourceLocation: sourceLocation)
        #expect(report.skipped > Self.lineCount / 50, sourceLocation: sourceLocation)
        #expect(report.stateChanges + report.refused > Self.lineCount / 100, sourceLocation: sourceLocation)
    }
}
