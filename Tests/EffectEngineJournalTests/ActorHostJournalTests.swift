import EffectEngine
import Foundation
import TestSupport
import Testing

@testable import EffectEngineJournal

/// H8: a host on any actor is recorded as a main-actor host is, and its journal replays to
/// its state.
@Suite struct ActorHostJournalTests {
    @Test func aJournalRecordedOnAnActorHostReplaysToItsState() async throws {
        let path = journalPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let host = ActorHost(initialState: Relay.State(), update: Relay.update)
        let recorder = try await host.record(to: path)
        await host.send(.say("a"))
        await host.send(.twice("b"))
        await host.perform(.fetch)
        host.input(.say("c"))
        #expect(await host.waitUntilIdle(timeout: TestBounds.hang))
        await host.stop()
        recorder.finish()
        #expect(recorder.count == 7)
        #expect(recorder.lastError == nil)
        let journal = try Journal<Relay.Event>.read(from: path)
        #expect(journal.entries.map(\.step) == Array(1...7))
        #expect(journal.entries.map(\.cause)[5] == .task(name: "fetch", id: 1))
        let start = try #require(try journal.initialState(Relay.State.self))
        let replay = journal.replay(initialState: start, env: (), update: Relay.update)
        #expect(replay.divergence == nil)
        #expect(replay.state == (await host.state))
        #expect(replay.state.log == ["a", "twice", "b", "b", "fetched 42", "c"])
    }

    @Test func aFinishedRecorderRecordsNothingMore() async throws {
        let path = journalPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let host = ActorHost(initialState: Relay.State(), update: Relay.update)
        let recorder = try await host.record(to: path)
        await host.send(.say("a"))
        recorder.finish()
        await host.send(.say("b"))
        recorder.finish()
        #expect(recorder.count == 1)
        #expect(try Journal<Relay.Event>.read(from: path).entries.map(\.event) == [.say("a")])
    }

    @Test func aJournalThatCannotBeCreatedIsAnErrorAndRecordsNothing() async {
        let host = ActorHost(initialState: Relay.State(), update: Relay.update)
        await #expect(throws: JournalError.self) {
            try await host.record(to: "/nonexistent-folder/run.journal")
        }
        await host.send(.say("a"))
        #expect(await host.state.log == ["a"])
    }
}
