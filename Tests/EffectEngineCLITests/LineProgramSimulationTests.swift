import EffectEngine
import EffectEngineExploration
import Foundation
import Testing

@testable import EffectEngineCLI

/// A valve that opens by steps; its `--limit` says how far it may open, and the model
/// checks it. Its events are `Codable`, so it can be simulated and journaled.
private enum Valve: ExplorableLineFeature {
    struct State: Hashable, Sendable, Codable {
        var opening = 0
    }

    enum Event: Hashable, Sendable, Codable {
        case open, close, shut
    }

    struct Env: Sendable {
        var limit: Int
    }

    static let name = "valve"
    static let summary = "opens a valve"
    static let options: [LineOption] = [.value("limit", placeholder: "n", default: "9", summary: "how far it may open")]
    static let initialState = State()
    static let commands = LineCommands<State, Event>([
        LineCommand("open", summary: "open a step", event: .open),
        LineCommand("close", summary: "close a step", event: .close),
    ])

    static func env(_ arguments: LineArguments) throws(LineError) -> Env {
        Env(limit: try arguments.int("limit"))
    }

    static func render(_ state: State) -> String { "opening \(state.opening)" }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .open: state.opening += 1
        case .close: state.opening = max(0, state.opening - 1)
        case .shut: state.opening = 0
        }
        return nil
    }

    static func explorer(env: Env) -> Explorer<State, Event, Env> {
        Explorer(initialState: State(), env: env, update: update) { state in
            state.opening < 6 ? [.shut, .close, .open] : [.shut, .close]
        }
        .always("the valve stays within the limit") { $0.opening <= env.limit }
    }
}

@Suite("A line program's --simulate")
@MainActor
struct LineProgramSimulationTests {
    func run(_ arguments: [String], _ captured: CapturedOutput) async -> Int32 {
        await LineProgram<Valve>().run(arguments: arguments, output: captured.output, isInteractive: false) { host in
            await host.run(lines: [])
        }
    }

    @Test func aFailingWalkIsShrunkAndWrittenAsAJournalThatReplays() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).journal").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let captured = CapturedOutput()
        let status = await run(["--simulate", "500", "--seed", "1", "--limit", "3", "--journal", path], captured)
        #expect(status == LineExitStatus.propertyFailed)
        // Shrunk to the four opens, none removable and none simpler.
        #expect(captured.standardOutput.contains("is broken after 4 events"), "\(captured.standardOutput)")
        #expect(captured.standardOutput.contains(".when(.open, .open, .open, .open)") || captured.standardOutput.contains("            .open,"))
        #expect(captured.standardOutput.contains("valve --replay '\(path)' runs it."))
        let replay = CapturedOutput()
        #expect(await run(["--replay", path], replay) == LineExitStatus.success)
        #expect(replay.standardOutput.hasPrefix("opening 0\nopening 1\nopening 2\nopening 3\nopening 4\n"))
        #expect(replay.standardError.isEmpty, "\(replay.standardError)")
    }

    @Test func walksThatHoldExitZeroAndWriteNoJournal() async {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).journal").path
        let captured = CapturedOutput()
        #expect(await run(["--simulate", "50", "--steps", "20", "--journal", path], captured) == LineExitStatus.success)
        #expect(
            captured.standardOutput
                == "Simulated 50 random walks (1,000 events) with seed 0: no property failed.\n"
                + "No walk failed, so no journal was written.\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func livenessWithExploreNamesTheStuckState() async {
        let captured = CapturedOutput()
        #expect(await run(["--explore", "--liveness"], captured) == LineExitStatus.success)
        #expect(captured.standardOutput.contains("Liveness, checked on 7 states, the whole space:\n  (no liveness or step property)"))
        #expect(captured.standardOutput.contains("Coverage, by event case (transitions, of which changed the state):\n  shut"))
    }
}
