import EffectEngine
import EffectEngineExploration
import Foundation
import Testing

@testable import EffectEngineCLI

/// A knob that goes up to 4 and down to 0; the program's `--limit` says how high it may
/// go, and the explorer checks it.
private enum Dial: ExplorableLineFeature {
    struct State: Hashable, Sendable {
        var level = 0
    }

    enum Event: Hashable, Sendable {
        case up, down
    }

    struct Env: Sendable {
        var limit: Int
    }

    static let name = "dial"
    static let summary = "turns a knob"
    static let options: [LineOption] = [.value("limit", placeholder: "n", default: "4", summary: "how high the knob may go")]
    static let initialState = State()
    static let commands = LineCommands<State, Event>([
        LineCommand("up", summary: "turn it up", event: .up), LineCommand("down", summary: "turn it down", event: .down),
    ])

    static func env(_ arguments: LineArguments) throws(LineError) -> Env {
        Env(limit: try arguments.int("limit"))
    }

    static func render(_ state: State) -> String { "level \(state.level)" }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .up: state.level += 1
        case .down: state.level = max(0, state.level - 1)
        }
        return nil
    }

    static func explorer(env: Env) -> Explorer<State, Event, Env> {
        Explorer(initialState: State(), env: env, update: update) { state in
            state.level < 4 ? [.up, .down] : [.down]
        }
        .always("the level stays within the limit") { $0.level <= env.limit }
        .testCode(spec: "UpdateSpec(Dial.update, env: .init(limit: 3))")
    }
}

@Suite("A line program's --explore")
@MainActor
struct LineProgramExplorationTests {
    /// Runs `dial` with `arguments`, reading no lines.
    func explore(_ arguments: [String], _ captured: CapturedOutput) async -> Int32 {
        await LineProgram<Dial>().run(arguments: arguments, output: captured.output, isInteractive: false) { host in
            await host.run(lines: [])
        }
    }

    @Test func withoutExploreTheProgramRunsAsUsual() async {
        let captured = CapturedOutput()
        #expect(await explore(["--limit", "3"], captured) == LineExitStatus.success)
        #expect(captured.standardOutput == "level 0\n")
        let help = CapturedOutput()
        #expect(await explore(["--explore", "--help"], help) == LineExitStatus.success)
        #expect(help.standardOutput.contains("\nexploration (an ExplorableLineFeature):\n  --explore "))
    }

    @Test func printsTheReportAndExitsZeroWhenEverythingHolds() async {
        let captured = CapturedOutput()
        #expect(await explore(["--explore"], captured) == LineExitStatus.success)
        #expect(
            captured.standardOutputLines.first
                == "Explored 5 states and 9 transitions, 4 events deep: the whole reachable space.")
        #expect(captured.standardOutputLines.contains("  ✓ always \"the level stays within the limit\""))
        #expect(captured.standardError.isEmpty)
    }

    @Test func aFailingPropertyPrintsItsTestAndExitsOne() async {
        let captured = CapturedOutput()
        #expect(await explore(["--explore", "--limit", "3"], captured) == LineExitStatus.propertyFailed)
        #expect(
            captured.standardOutputLines.contains(
                "  ✗ always \"the level stays within the limit\" is broken after 4 events"))
        #expect(captured.standardOutput.contains("    @Test func theLevelStaysWithinTheLimit() {"))
        #expect(
            captured.standardOutput.contains(
                "        UpdateSpec(Dial.update, env: .init(limit: 3)).given(.init(level: 0))"))
    }

    @Test func boundsComeFromTheOptions() async {
        let captured = CapturedOutput()
        #expect(await explore(["--explore", "--depth", "2"], captured) == LineExitStatus.success)
        #expect(
            captured.standardOutputLines.first?.hasSuffix(
                "stopped at the depth bound of 2; deeper states were not explored.") == true)
        let few = CapturedOutput()
        #expect(await explore(["--explore", "--max-states=2"], few) == LineExitStatus.success)
        #expect(few.standardOutputLines.first?.hasSuffix("stopped at the bound of 2 states.") == true)
    }

    /// `--workers` is taken and checked; a space this small is walked keeping its graph,
    /// on one worker (the parallel walk itself is `ExplorerParallelTests`'s).
    @Test func severalWorkersPrintTheSameReport() async {
        let one = CapturedOutput()
        #expect(await explore(["--explore", "--limit", "3"], one) == LineExitStatus.propertyFailed)
        let two = CapturedOutput()
        #expect(await explore(["--explore", "--limit", "3", "--workers", "2"], two) == LineExitStatus.propertyFailed)
        #expect(two.standardOutput == one.standardOutput)
    }

    @Test func writesTheGraphInBothFormats() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dot = folder.appendingPathComponent("dial.dot").path
        let mermaid = folder.appendingPathComponent("dial.mmd").path
        let captured = CapturedOutput()
        #expect(
            await explore(["--explore", "--dot", dot, "--mermaid", mermaid], captured) == LineExitStatus.success)
        let written = try String(contentsOfFile: dot, encoding: .utf8)
        #expect(written.hasPrefix("digraph exploration {\n"))
        #expect(written.contains(#"    s0 [label="level 0", penwidth=2];"#))
        #expect(written.contains(#"    s0 -> s1 [label="up"];"#))
        #expect(
            try String(contentsOfFile: mermaid, encoding: .utf8).hasPrefix(
                "flowchart TD\n    s0[\"level 0\"]\n"))
        #expect(
            Array(captured.standardOutputLines.suffix(2)) == [
                "Wrote the graph (5 states, 9 edges) to '\(dot)' in DOT.",
                "Wrote the graph (5 states, 9 edges) to '\(mermaid)' in Mermaid.",
            ])
    }

    @Test func badValuesAreUsageErrors() async {
        let cases: [([String], String)] = [
            (
                ["--depth", "2"],
                "error: '--depth' is an exploration option: add --explore — try 'dial --help'"
            ),
            (
                ["--dot", "x.dot"],
                "error: '--dot' is an exploration option: add --explore — try 'dial --help'"
            ),
            (
                ["--explore", "--depth", "x"],
                "error: '--depth' needs a whole number, got 'x' — try 'dial --help'"
            ),
            (
                ["--explore", "--depth", "-1"],
                "error: the depth bound must be 0 or more, not -1 — try 'dial --help'"
            ),
            (
                ["--explore", "--max-states", "0"],
                "error: the state bound must be 1 or more, not 0 — try 'dial --help'"
            ),
            (
                ["--explore", "--workers", "0"],
                "error: the workers must be 1 to 256, not 0 — try 'dial --help'"
            ),
            (
                ["--workers", "2"],
                "error: '--workers' is an exploration option: add --explore — try 'dial --help'"
            ),
            (
                ["--explore", "--limit", "x"],
                "error: '--limit' needs a whole number, got 'x' — try 'dial --help'"
            ),
        ]
        for (arguments, message) in cases {
            let captured = CapturedOutput()
            #expect(await explore(arguments, captured) == LineExitStatus.usage, "\(arguments)")
            #expect(captured.standardErrorLines == [message])
            #expect(captured.standardOutput.isEmpty)
        }
    }

    /// A graph file that cannot be written is refused before the walk, which would
    /// otherwise run for nothing (it used to explore first, then exit 73).
    @Test func aGraphFileThatCannotBeWrittenIsRefusedBeforeTheWalk() async {
        let path = "/nonexistent-\(UUID().uuidString)/dial.dot"
        for option in ["--dot", "--mermaid", "--html"] {
            let captured = CapturedOutput()
            #expect(await explore(["--explore", option, path], captured) == LineExitStatus.usage)
            #expect(
                captured.standardErrorLines == [
                    "error: \(option): cannot write '\(path)': No such file or directory"
                ])
            #expect(captured.standardOutput.isEmpty)
        }
        let empty = CapturedOutput()
        #expect(await explore(["--explore", "--dot="], empty) == LineExitStatus.usage)
        #expect(empty.standardErrorLines == ["error: '--dot' needs <file> — try 'dial --help'"])
    }
}
