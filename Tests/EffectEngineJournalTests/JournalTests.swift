import EffectEngine
import Foundation
import Testing

@testable import EffectEngineJournal

/// A feature with every cause: outside events, an `.action` chain, and a task.
enum Relay {
    struct State: Codable, Equatable, Sendable {
        var log: [String] = []
        var tags: Set<String> = []
    }

    enum Event: Codable, Equatable, Sendable {
        case say(String)
        case twice(String)
        case fetch
        case fetched(Int)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .say(let word):
            state.log.append(word)
            state.tags.insert(word)
            return nil
        case .twice(let word):
            state.log.append("twice")
            return .sequence([.action { _ in .say(word) }, .action { _ in .say(word) }])
        case .fetch:
            return .task(name: "fetch") { input, _ in input(.fetched(42)) }
        case .fetched(let number):
            state.log.append("fetched \(number)")
            return nil
        }
    }

    /// A changed `update`: `say` writes upper case.
    static func changed(state: inout State, event: Event) -> Effect<Event, Void>? {
        if case .say(let word) = event {
            state.log.append(word.uppercased())
            return nil
        }
        return update(state: &state, event: event)
    }
}

/// Two fields, one optional: swapped values and a missing one must digest apart.
struct Pair: Codable {
    var first: Int
    var second: Int?
}

/// A state that is not `Encodable`.
struct Plain {
    var names: [String]
}

/// A journal file of its own for each test.
func journalPath() -> String {
    NSTemporaryDirectory() + "journal-" + UUID().uuidString + ".journal"
}

@MainActor @Suite struct JournalTests {
    /// Records a run with tasks, then returns the path and the final state.
    func recordedRun() async throws -> (String, Relay.State) {
        let path = journalPath()
        let host = EffectHost(initialState: Relay.State(), update: Relay.update)
        let recorder = try host.record(to: path)
        host.send(.say("a"))
        host.send(.twice("b"))
        await host.perform(.fetch)
        host.send(.say("c"))
        await host.stop()
        recorder.finish()
        #expect(recorder.count == 7)
        return (path, host.state)
    }

    @Test func aRecordedRunReplaysToTheSameState() async throws {
        let (path, final) = try await recordedRun()
        let journal = try Journal<Relay.Event>.read(from: path)
        #expect(journal.entries.map(\.cause) == [.external, .external, .action, .action, .external, .task(name: "fetch", id: 1), .external])
        #expect(journal.entries[1].effect == "sequence(action, action)")
        let start = try #require(try journal.initialState(Relay.State.self))
        let replay = journal.replay(initialState: start, env: (), update: Relay.update)
        #expect(replay.divergence == nil)
        #expect(replay.state == final)
        #expect(replay.stepsReplayed == 7)
        #expect(replay.settledStates.count == 5)
    }

    @Test func aWrittenJournalReadsAsTheRecordedOneAndReplays() async throws {
        let (recordedPath, final) = try await recordedRun()
        let recorded = try Journal<Relay.Event>.read(from: recordedPath)
        let path = journalPath()
        try Journal<Relay.Event>.write(
            [(.say("a"), nil), (.twice("b"), nil), (.fetch, nil), (.fetched(42), "fetch"), (.say("c"), nil)],
            from: Relay.State(), env: (), update: Relay.update, to: path)
        let written = try Journal<Relay.Event>.read(from: path)
        #expect(written.schema == recorded.schema)
        #expect(written.entries.map(\.cause) == recorded.entries.map(\.cause))
        #expect(written.entries.map(\.effect) == recorded.entries.map(\.effect))
        #expect(written.entries.map(\.digest) == recorded.entries.map(\.digest))
        let replay = written.replay(initialState: Relay.State(), env: (), update: Relay.update)
        #expect(replay.divergence == nil)
        #expect(replay.state == final)
        #expect(throws: JournalError.self) {
            try Journal<Relay.Event>.write([], from: Relay.State(), env: (), update: Relay.update, to: "/no/such/dir/j")
        }
    }

    @Test func aChangedUpdateIsCaughtAtItsFirstDifferentStep() async throws {
        let (path, _) = try await recordedRun()
        let journal = try Journal<Relay.Event>.read(from: path)
        let replay = journal.replay(initialState: Relay.State(), env: (), update: Relay.changed)
        let divergence = try #require(replay.divergence)
        #expect(divergence.step == 1)
        #expect(divergence.reason == "the state differs")
        #expect(divergence.description.hasPrefix("step 1, say(\"a\"): the state differs\n  journal: no effect, state "))
        // The field the replayed step changed, not only two digests.
        #expect(divergence.changes == [#"log[0]: (none) → "A""#])
        #expect(divergence.description.hasSuffix(#", having changed log[0]: (none) → "A""#))
        #expect(replay.stepsReplayed == 0)
    }

    @Test func digestsAreTheSameInEveryProcess() {
        // Fixed values: a set's order, or Swift's per-process hash seed, must not show.
        #expect(StateDigest.of(Relay.State(log: ["x"], tags: ["b", "a", "c"])) == "904924590c346e95")
        #expect(StateDigest.of(Relay.State(log: ["x"], tags: ["c", "a", "b"])) == "904924590c346e95")
        let scores = Dictionary(uniqueKeysWithValues: (0..<50).map { ("player \($0)", $0) })
        #expect(StateDigest.of(scores) == StateDigest.of(Dictionary(uniqueKeysWithValues: scores.shuffled())))
        // A state that is not Encodable is hashed through its rendering, as stably.
        #expect(StateDigest.of(Plain(names: ["a", "b"])) == "c451a25998622b55")
    }

    @Test func digestsTellApartWhatTheStateTellsApart() {
        let digests = [
            StateDigest.of(Pair(first: 1, second: 2)), StateDigest.of(Pair(first: 2, second: 1)),
            StateDigest.of(Pair(first: 1, second: nil)), StateDigest.of(Pair(first: 0, second: nil)),
            StateDigest.of(Relay.State(log: ["a", "b"])), StateDigest.of(Relay.State(log: ["b", "a"])),
            StateDigest.of(Relay.State(log: ["ab"])), StateDigest.of(Relay.State(log: ["a"], tags: ["a"])),
            StateDigest.of(Relay.State()), StateDigest.of(Plain(names: ["a"])), StateDigest.of(Plain(names: [])),
        ]
        #expect(Set(digests).count == digests.count, "\(digests)")
        #expect(digests.allSatisfy { $0.count == 16 })
    }

    @Test(arguments: [
        ("", 1, "no header: the file is empty"),
        ("{\"journal\":1", 1, "not a journal header (not JSON)"),
        ("hello\n", 1, "not a journal header (not JSON)"),
        ("{\"journal\":2,\"schema\":\"SCHEMA\"}\n", 1, "journal format 2 is newer than this program's 1"),
        ("{\"journal\":1,\"schema\":\"SCHEMA\"}\nnot json\n", 2, "not JSON"),
        (
            "{\"journal\":1,\"schema\":\"SCHEMA\"}\n{\"step\":1,\"cause\":{\"external\":{}},\"event\":{\"say\":{\"_0\":\"a\"}},\"effect\":\"no effect\",\"digest\":\"0\"}\n{\"step\":2,\"cau",
            3, "truncated (the line ends before its JSON does)"
        ),
        (
            "{\"journal\":1,\"schema\":\"SCHEMA\"}\n{\"step\":1,\"cause\":{\"external\":{}},\"event\":{\"dance\":{}},\"effect\":\"no effect\",\"digest\":\"0\"}\n",
            2, "an event this program does not know (event"
        ),
        (
            "{\"journal\":1,\"schema\":\"SCHEMA\"}\n{\"step\":3,\"cause\":{\"external\":{}},\"event\":{\"fetch\":{}},\"effect\":\"no effect\",\"digest\":\"0\"}\n",
            2, "step 3 where step 1 was expected"
        ),
    ])
    func badJournalsSayWhichLineAndWhatIsWrong(text: String, line: Int, reason: String) {
        let schema = StateDigest.schema(of: Relay.Event.self, version: "")
        let data = Data(text.replacingOccurrences(of: "SCHEMA", with: schema).utf8)
        let error = #expect(throws: JournalError.self) { try Journal<Relay.Event>(data: data, path: "bad.journal") }
        #expect(error?.line == line)
        #expect(error?.reason.hasPrefix(reason) == true, "\(error?.reason ?? "")")
    }

    @Test func aJournalThatCannotBeCreatedSaysWhy() {
        let host = EffectHost(initialState: Relay.State(), update: Relay.update)
        let path = NSTemporaryDirectory() + "no-such-directory-" + UUID().uuidString + "/run.journal"
        let error = #expect(throws: JournalError.self) { try host.record(to: path) }
        #expect(error?.description == "\(path): cannot create the file: No such file or directory")
        // Nothing was recorded: the host goes on as before.
        host.send(.say("a"))
        #expect(host.state.log == ["a"])
    }

    @Test func aJournalOfAnotherEventTypeIsRefused() async throws {
        let (path, _) = try await recordedRun()
        let error = #expect(throws: JournalError.self) { try Journal<Relay.Event>.read(from: path, schemaVersion: "2") }
        #expect(error?.line == 1)
        #expect(error?.reason.contains("is not this program's") == true)
        let missing = #expect(throws: JournalError.self) { try Journal<Relay.Event>.read(from: path + ".missing") }
        #expect(missing?.description == "\(path).missing: No such file or directory")
    }
}
