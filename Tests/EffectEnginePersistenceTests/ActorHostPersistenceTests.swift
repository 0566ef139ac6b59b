import EffectEngine
import Foundation
import Testing

@testable import EffectEnginePersistence

/// H8: a host on its own actor is persisted as a main-actor host is: its state survives a
/// restart, a flush writes its latest state, and a released host's last change is kept.
@MainActor @Suite struct ActorHostPersistenceTests {
    @Test func aStatePersistedOnAnActorHostSurvivesARestart() async throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        let host = ActorHost(initialState: Note(), update: Tally.update)
        let saver = await host.persist(to: file, every: .seconds(3600))
        await host.send(2)
        await host.send(3)
        await host.stop()
        await saver.flush()
        #expect(saver.lastError == nil)
        #expect(try file.load() == Note(count: 5))

        // The restart: a new host from the file, on an actor of its own too.
        let restarted = ActorHost(initialState: try file.load() ?? Note(), update: Tally.update)
        let again = await restarted.persist(to: file, every: .seconds(3600))
        await restarted.send(1)
        await again.flush()
        #expect(try file.load() == Note(count: 6))
        await restarted.stop()
    }

    @Test func theInitialStateIsNotSavedAndAnUnchangedStateIsNotWrittenAgain() async throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        let host = ActorHost(initialState: Note(count: 5), update: Tally.update)
        let saver = await host.persist(to: file, every: .seconds(3600))
        await saver.flush()
        #expect(try file.load() == nil)
        #expect(saver.saveCount == 0)
        await host.send(1)
        await saver.flush()
        await saver.flush()
        #expect(saver.saveCount == 1)
        #expect(try file.load() == Note(count: 6))
        await host.stop()
    }

    @Test func aReleasedActorHostHasItsLastChangeWritten() async throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        var host: ActorHost<Note, Int, Void>? = ActorHost(initialState: Note(), update: Tally.update)
        let saver = try await #require(host).persist(to: file, every: .seconds(3600))
        await host?.send(4)
        host = nil
        await saver.flush()
        #expect(try file.load() == Note(count: 4))
    }

    @Test func aFailedSaveSaysWhyAndTheLoopGoesOn() async throws {
        let scratch = try Scratch()
        // A folder where the file should be: every save fails, and says why.
        try FileManager.default.createDirectory(atPath: scratch.path("note.json"), withIntermediateDirectories: false)
        let file = StateFile<Note>(path: scratch.path("note.json"))
        let host = ActorHost(initialState: Note(), update: Tally.update)
        let saver = await host.persist(to: file, every: .seconds(3600))
        await host.send(1)
        await saver.flush()
        #expect(saver.lastError != nil)
        #expect(saver.saveCount == 0)
        await host.send(1)
        #expect(await host.state == Note(count: 2))
        await host.stop()
    }
}
