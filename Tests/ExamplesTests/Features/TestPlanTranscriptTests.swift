import EffectEngine
import EffectEngineExploration
import EffectEngineShared
import Foundation
import Testing

@testable import EffectEngineCLI
@testable import movies

/// Movies as a line program run in this process, with no latency, so its plan runs at
/// once; the two programs below differ in their `update` only.
private protocol MoviesProgram: ExplorableLineFeature
where State == Movies.State, Event == Movies.Event, Env == Movies.Env {}

extension MoviesProgram {
    static var initialState: State { Movies.State() }
    static var commands: LineCommands<State, Event> { Movies.commands }
    static func env(_ arguments: LineArguments) -> Env { .mock(clock: arguments.clock) }
    static func render(_ state: State) -> String { Movies.render(state) }
    static func explorer(env: Env) -> Explorer<State, Event, Env> { Movies.explorer(env: env) }
}

/// Movies whose refresh body answers with an empty page, which its model (the real Movies
/// model) does not list: the planted mismatch of
/// ``TestPlanTests/aBodyThatSendsAnUnlistedEventIsCaught()``, behind a command line.
private enum PlantedMovies: MoviesProgram {
    static let name = "planted-movies"
    static let summary = "movies whose refresh answers with an empty page"

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        guard event == .refresh else { return Movies.update(state: &state, event: event) }
        state.isLoading = true
        state.error = nil
        return .task(name: Movies.refreshTask) { input, _ in input(.loaded([])) }
    }
}

/// Movies, unplanted.
private enum RealMovies: MoviesProgram {
    static let name = "movies"
    static let summary = "movies"

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        Movies.update(state: &state, event: event)
    }
}

/// Tags, each added once: `update` refuses a duplicate with `.reject`, which a line host
/// writes as `! error: …`. The two programs below differ in their `update` only.
private enum Tags {
    enum Event: Hashable, Sendable {
        case add(String)
        case clear
    }

    static func update(state: inout [String], event: Event) -> Effect<Event, Void>? {
        switch event {
        case .add(let tag):
            guard !state.contains(tag) else { return .reject("'\(tag)' is already a tag") }
            state.append(tag)
        case .clear:
            state.removeAll()
        }
        return nil
    }
}

private protocol TagsProgram: ExplorableLineFeature where State == [String], Event == Tags.Event, Env == Void {}

extension TagsProgram {
    static var summary: String { "tags, each added once" }
    static var initialState: State { [] }
    static var commands: LineCommands<State, Event> {
        LineCommands([
            LineCommand.text("add", placeholder: "tag", summary: "add a tag") { .add($0) },
            LineCommand("clear", summary: "remove every tag", event: .clear),
        ])
    }
    static func render(_ state: State) -> String { "tags: " + (state.isEmpty ? "none" : state.joined(separator: ", ")) }
    static func explorer(env: Env) -> Explorer<State, Event, Env> {
        Explorer(initialState: [], update: Tags.update) { _ in [.add("a"), .clear] }
    }
}

private enum RealTags: TagsProgram {
    static let name = "tags"

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        Tags.update(state: &state, event: event)
    }
}

/// Tags whose `clear` keeps the tags: a mismatch its plan finds after a refused `add`.
private enum PlantedTags: TagsProgram {
    static let name = "planted-tags"

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        event == .clear ? nil : Tags.update(state: &state, event: event)
    }
}

/// A shelf whose `check` task counts its books; its model lists the one outcome, the
/// count. The two programs below differ in what the task delivers only.
private enum Shelf {
    struct State: Hashable, Sendable {
        var books = 0
        var checked = 0
        var isChecking = false
    }

    enum Event: Hashable, Sendable {
        case put
        case check
        case checked(Int)
    }

    static func update(state: inout State, event: Event, miscount: Int) -> Effect<Event, Void>? {
        switch event {
        case .put:
            state.books += 1
            return nil
        case .check:
            let count = state.books + miscount
            state.isChecking = true
            return .task(name: "check") { input, _ in input(.checked(count)) }
        case .checked(let count):
            state.checked = count
            state.isChecking = false
            return nil
        }
    }
}

private protocol ShelfProgram: ExplorableLineFeature where State == Shelf.State, Event == Shelf.Event, Env == Void {}

extension ShelfProgram {
    static var summary: String { "a shelf that checks its count" }
    static var initialState: State { State() }
    static var commands: LineCommands<State, Event> {
        LineCommands([
            LineCommand("put", summary: "put a book", event: .put),
            LineCommand("check", summary: "count the books", event: .check),
        ])
    }
    static func render(_ state: State) -> String {
        "shelf: \(state.books) - " + (state.isChecking ? "checking" : "\(state.checked) checked")
    }
    static func explorer(env: Env) -> Explorer<State, Event, Env> {
        Explorer(initialState: State(), update: { Shelf.update(state: &$0, event: $1, miscount: 0) }) { _ in
            [.put, .check]
        }
        .task("check", delivers: { state in [.checked(state.books)] })
    }
}

private enum RealShelf: ShelfProgram {
    static let name = "shelf"
    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        Shelf.update(state: &state, event: event, miscount: 0)
    }
}

/// A shelf whose check counts one book too many.
private enum PlantedShelf: ShelfProgram {
    static let name = "planted-shelf"
    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        Shelf.update(state: &state, event: event, miscount: 1)
    }
}

/// `--test-plan --transcript FILE`: the first failing path written as a transcript of
/// the model's output, which `--check FILE` fails on where the real program differs (X10).
@Suite("--test-plan --transcript")
@MainActor
struct TestPlanTranscriptTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
    }

    func run<Feature: LineFeature>(
        _ feature: Feature.Type, _ arguments: [String]
    ) async -> (status: Int32, standardOutput: String, standardError: String) {
        let written = Locked((standardOutput: "", standardError: ""))
        let output = LineOutput { text, stream in
            written.withLock { if stream == .standardError { $0.standardError += text } else { $0.standardOutput += text } }
            return true
        }
        let status = await LineProgram<Feature>().run(arguments: arguments, output: output, isInteractive: false) {
            host in await host.run(lines: [])
        }
        return written.withLock { (status, $0.standardOutput, $0.standardError) }
    }

    @Test func aFailingPathIsWrittenAsATranscriptThatCheckFailsOnAtItsStep() async throws {
        let path = temporaryPath("planted.transcript")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = await run(PlantedMovies.self, ["--test-plan", "--virtual-time", "--transcript", path])
        #expect(plan.status == 1, "\(plan.standardError)")
        #expect(plan.standardError == "")
        #expect(plan.standardOutput.contains("task \"refresh\" delivered .loaded([]), which the model does not list"))
        #expect(
            plan.standardOutput.hasSuffix(
                "Wrote path 1 (1 events) to '\(path)' as a transcript of the model's output: "
                    + "planted-movies --check '\(path)' fails where the host differs.\n"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == """
                # Written by --test-plan --transcript, from the first path where the real host disagreed with the model:
                # path 1, after 1 event (.refresh): task "refresh" delivered .loaded([]), which the model does not list \
                (it lists .loaded([Movie(title: "Arrival", year: 2016), Movie(title: "Blade Runner", year: 1982), \
                Movie(title: "Casablanca", year: 1942), Movie(title: "Dune", year: 2021), Movie(title: "Heat", year: 1995)]), \
                .loaded([Movie(title: "Arrival", year: 2016), Movie(title: "Blade Runner", year: 1982)]), \
                .failed("the movie service is unavailable"))
                # The output below is the model's, so checking it fails at that step until the two agree: \
                planted-movies --check \(path)
                # options: --virtual-time
                movies: none loaded — type refresh
                $ refresh
                movies: loading…

                """)

        let check = await run(PlantedMovies.self, ["--virtual-time", "--check", path])
        #expect(check.status == 1)
        #expect(
            check.standardOutput.contains(
                """
                 $ refresh
                 movies: loading…
                +movies: none loaded — type refresh
                """), "\(check.standardOutput)")
    }

    /// An event the model refuses with `.reject` is written with the `! error:` line the
    /// line host prints for it, so the transcript checks clean up to the planted step,
    /// and clean on the correct program. Without that line, `--check` failed at the first
    /// refusal, on the correct program too.
    @Test func anEventTheModelRefusesIsWrittenWithItsErrorLine() async throws {
        let path = temporaryPath("tags.transcript")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = await run(PlantedTags.self, ["--test-plan", "--plan-depth", "2", "--transcript", path])
        #expect(plan.status == 1, "\(plan.standardError)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }
        #expect(
            lines == [
                "tags: none", "$ add a", "tags: a", "$ add a", "! error: 'a' is already a tag", "$ clear", "tags: none",
                "",
            ], "\(text)")
        let planted = await run(PlantedTags.self, ["--check", path])
        #expect(planted.status == 1)
        #expect(planted.standardOutput.contains(" $ clear\n-tags: none\n"), "\(planted.standardOutput)")
        #expect(!planted.standardOutput.contains("-! error"), "\(planted.standardOutput)")
        let correct = await run(RealTags.self, ["--check", path])
        #expect(correct.status == 0, "\(correct.standardOutput)")
    }

    /// Item 11: the failing step's transcript holds the outcome the model lists for the
    /// task, so it fails on the planted program and passes on the fixed one. Before, it
    /// stopped before that outcome (`shelf: 0 - checking`), and failed on the fixed
    /// program too.
    @Test func aFailingStepHoldsTheOutcomeTheModelLists() async throws {
        let path = temporaryPath("shelf.transcript")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = await run(PlantedShelf.self, ["--test-plan", "--plan-depth", "2", "--virtual-time", "--transcript", path])
        #expect(plan.status == 1, "\(plan.standardError)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\n# options: --virtual-time\n"), "\(text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }
        #expect(
            lines == ["shelf: 0 - 0 checked", "$ check", "shelf: 0 - checking", "shelf: 0 - 0 checked", ""], "\(text)")
        let planted = await run(PlantedShelf.self, ["--check", path])
        #expect(planted.status == 1, "\(planted.standardOutput)")
        let fixed = await run(RealShelf.self, ["--check", path])
        #expect(fixed.status == 0, "\(fixed.standardOutput)")
    }

    @Test func noFailingPathWritesNothingAndSaysSo() async throws {
        let path = temporaryPath("clean.transcript")
        let plan = await run(RealMovies.self, ["--test-plan", "--virtual-time", "--transcript", path])
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(plan.standardOutput.hasSuffix("No path failed, so no transcript was written.\n"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func badTranscriptOptionsAreRefusedWithNothingWritten() async throws {
        let unwritable = temporaryPath("missing-directory") + "/planted.transcript"
        let path = temporaryPath("never.transcript")
        for (arguments, message) in [
            (
                ["--test-plan", "--virtual-time", "--transcript", unwritable],
                "error: --transcript: cannot write '\(unwritable)': No such file or directory"
            ),
            (["--transcript", path], "'--transcript' is a test plan option: add --test-plan"),
            (["--transcript", path, "--virtual-time"], "'--transcript' is a test plan option: add --test-plan"),
        ] {
            let run = await run(PlantedMovies.self, arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.standardOutput == "", "\(arguments)")
            #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: unwritable))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func anExistingFileIsLeftAsItWasWhenNoPathFails() async throws {
        let path = temporaryPath("kept.transcript")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "kept\n".write(toFile: path, atomically: true, encoding: .utf8)
        let plan = await run(RealMovies.self, ["--test-plan", "--virtual-time", "--transcript", path])
        #expect(plan.status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
    }

    @Test func eventsAreSpelledAsTheLinesTheCommandsReadBack() {
        var state = Movies.State()
        #expect(Movies.commands.line(for: .refresh, at: state) == "refresh")
        #expect(Movies.commands.line(for: .select(5), at: state) == "select 5")
        #expect(Movies.commands.line(for: .loaded([]), at: state) == nil)
        state.movies = Movies.MovieService.page
        #expect(Movies.commands.line(for: .clear, at: state) == "clear")
    }
}
