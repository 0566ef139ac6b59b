import EffectEngine
import EffectEngineJournal
import EffectEngineTesting
import Foundation
import Testing

/// A feature whose events are `Codable`, with an `.action` chain and a task.
private enum Tally {
    struct State: Codable, Equatable, Sendable {
        var total = 0
        var notes: [String] = []
    }

    enum Event: Codable, Equatable, Sendable {
        case add(Int)
        case double
        case fetch
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Int>? {
        switch event {
        case .add(let amount):
            state.total += amount
            return nil
        case .double:
            state.notes.append("double")
            let total = state.total
            return .action { _ in .add(total) }
        case .fetch:
            return .task(name: "fetch") { input, bonus in input(.add(bonus)) }
        }
    }

    /// A changed `update`: `double` triples.
    static func changed(state: inout State, event: Event) -> Effect<Event, Int>? {
        guard case .double = event else { return update(state: &state, event: event) }
        state.notes.append("double")
        let total = state.total
        return .action { _ in .add(2 * total) }
    }
}

@MainActor
@Suite("UpdateSpec.replay(journalAt:): a recorded run as a regression test")
struct UpdateSpecJournalTests {
    let path = NSTemporaryDirectory() + "spec-" + UUID().uuidString + ".journal"

    /// Records a run with an outside event, an `.action` chain and a task's event.
    private func record() async throws -> Tally.State {
        let host = EffectHost(initialState: Tally.State(total: 1), env: 5, update: Tally.update)
        let recorder = try host.record(to: path)
        host.send(.add(2))
        host.send(.double)
        await host.perform(.fetch)
        await host.stop()
        recorder.finish()
        return host.state
    }

    @Test func aRecordedRunReplaysToItsFinalState() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let final = try await record()
        #expect(final == Tally.State(total: 11, notes: ["double"]))
        // The header's state (total 1) is where the replay starts, not `from`.
        let replayed = UpdateSpec(Tally.update, env: 5).replay(journalAt: path, from: Tally.State())
        #expect(replayed == final)
    }

    @Test func aChangedUpdateFailsAtTheFirstStepThatDiffers() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try await record()
        withKnownIssue {
            #expect(UpdateSpec(Tally.changed, env: 5).replay(journalAt: path, actions: .rerun) == nil)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("differs at step 3, add(6): the .action produced a different event (the journal has add(3))")
        }
    }

    @Test func aJournalThatCannotBeReadFailsNamingTheLine() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: path))
        withKnownIssue {
            #expect(UpdateSpec(Tally.update, env: 5).replay(journalAt: path, from: Tally.State()) == nil)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("cannot replay: \(path), line 1: not a journal header")
        }
        withKnownIssue {
            _ = UpdateSpec(Tally.update, env: 5).replay(journalAt: path + ".missing")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("No such file or directory")
        }
    }

    @Test func rerunningActionsNeedsAnEnv() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try await record()
        withKnownIssue {
            _ = UpdateSpec(Tally.update).replay(journalAt: path, actions: .rerun)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("make the spec with UpdateSpec(update, env:)")
        }
    }

    @Test("J1: actions' events come from the journal, so a spec with no env replays it")
    func actionsComeFromTheJournal() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let final = try await record()
        #expect(UpdateSpec(Tally.update).replay(journalAt: path) == final)
        // A change inside an action's closure is not run, so not seen, unless rerun.
        #expect(UpdateSpec(Tally.changed, env: 5).replay(journalAt: path) == final)
    }
}
