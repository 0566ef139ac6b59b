import EffectEngine
import Foundation
import TestSupport
import Testing

@testable import EffectEnginePersistence

enum Tally {
    static func update(state: inout Note, event: Int) -> Effect<Int, Void>? {
        state.count += event
        return nil
    }
}

/// Notes titles, one event each: the note ends with every title it was sent.
enum Jotting {
    static func update(state: inout Note, event: String) -> Effect<String, Void>? {
        state.count += 1
        state.title += state.title.isEmpty ? event : " " + event
        return nil
    }
}

/// The saves a saver ended, awaited with a bound: tests wait on the saver itself.
@MainActor
final class SaveLog<Saved: Codable & Sendable & Equatable> {
    private(set) var saves: [(Saved, StateFileError?)] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func attach(to saver: StatePersistence<Saved>) {
        saver.saveEnded = { [weak self] state, error in
            guard let self else { return }
            saves.append((state, error))
            let ready = waiters.filter { $0.count <= saves.count }
            waiters.removeAll { $0.count <= saves.count }
            for waiter in ready { waiter.continuation.resume() }
        }
    }

    /// Waits until `count` saves have ended, at most `bound` (a guard against a hang,
    /// never a wait for the work: a save normally takes milliseconds).
    func wait(for count: Int, bound: Duration = TestBounds.hang, sourceLocation: SourceLocation = #_sourceLocation)
        async
    {
        guard saves.count < count else { return }
        let guardTask = Task { [weak self] in
            try? await Task.sleep(for: bound)
            guard !Task.isCancelled, let self else { return }
            Issue.record("\(self.saves.count) of \(count) saves after \(bound)", sourceLocation: sourceLocation)
            let waiting = self.waiters
            self.waiters.removeAll()
            for waiter in waiting { waiter.continuation.resume() }
        }
        await withCheckedContinuation { waiters.append((count, $0)) }
        guardTask.cancel()
    }
}

@MainActor @Suite struct StatePersistenceTests {
    @Test func theFirstChangeIsSavedAtOnceAndLaterOnesAreCoalesced() async throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        let host = EffectHost(initialState: Note(), update: Tally.update)
        let saver = host.persist(to: file, every: .seconds(3600))
        let log = SaveLog<Note>()
        log.attach(to: saver)
        host.send(1)
        await log.wait(for: 1)
        #expect(try file.load() == Note(count: 1))
        for _ in 0..<100 { host.send(1) }
        // An hour between saves: the hundred changes wait, then the flush writes the last.
        #expect(saver.saveCount == 1)
        await saver.flush()
        #expect(saver.saveCount == 2)
        #expect(try file.load() == Note(count: 101))
        await host.stop()
        await saver.flush()
        #expect(saver.saveCount == 2, "an unchanged state is not written again")
    }

    @Test func theInitialStateIsNotSavedAndStoppingWritesTheLastChange() async throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        let host = EffectHost(initialState: Note(count: 5), update: Tally.update)
        let saver = host.persist(to: file, every: .seconds(3600))
        let log = SaveLog<Note>()
        log.attach(to: saver)
        await saver.flush()
        #expect(try file.load() == nil)
        host.send(2)
        await log.wait(for: 1)
        host.send(3)
        await host.stop()
        await log.wait(for: 2)
        #expect(try file.load() == Note(count: 10))
    }

    /// `persist` is `@discardableResult`: a saver nobody keeps saves for as long as the
    /// host runs, and writes the last change when the host stops.
    @Test func aSaverNobodyKeepsSavesUntilTheHostStops() async throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        let host = EffectHost(initialState: Note(), update: Tally.update)
        let diagnostics = ActivityLog<Note, Int>()
        host.observe(.sink(diagnostics).filtered { if case .diagnostic = $0 { true } else { false } })
        let log = SaveLog<Note>()
        log.attach(to: host.persist(to: file, every: .seconds(3600)))
        host.send(1)
        await log.wait(for: 1)
        host.send(2)
        await host.stop()
        await log.wait(for: 2)
        #expect(try file.load() == Note(count: 3))
        #expect(diagnostics.activities.isEmpty)
    }

    /// A host released without `stop()` (the view went away, R9) in the turn of its last
    /// change: no reader of `states` saw that change, yet the flush writes it, and the saver
    /// keeps nothing of the host alive.
    @Test func aReleasedHostStillHasItsLastChangeWritten() async throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        var host: EffectHost<Note, String, Void>? = EffectHost(initialState: Note(), update: Jotting.update)
        weak let released = host
        let saver = try #require(host).persist(to: file, every: .seconds(60))
        let log = SaveLog<Note>()
        log.attach(to: saver)
        host?.send("first")
        await log.wait(for: 1)
        #expect(try file.load() == Note(count: 1, title: "first"))
        host?.send("second")
        host = nil
        #expect(released == nil)
        await saver.flush()
        #expect(try file.load() == Note(count: 2, title: "first second"))
    }

    /// The host's end ends its `states`: the saver's reader then writes the last change
    /// itself, with no flush.
    @Test func theEndOfAReleasedHostWritesItsLastChange() async throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        let log = SaveLog<Note>()
        do {
            let host = EffectHost(initialState: Note(), update: Jotting.update)
            log.attach(to: host.persist(to: file, every: .seconds(60)))
            host.send("first")
            await log.wait(for: 1)
            host.send("second")
        }
        await log.wait(for: 2)
        #expect(try file.load() == Note(count: 2, title: "first second"))
    }

    @Test func aCancelledSaverWritesNothingMore() async throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        let host = EffectHost(initialState: Note(), update: Tally.update)
        let saver = host.persist(to: file, every: .zero)
        let log = SaveLog<Note>()
        log.attach(to: saver)
        host.send(1)
        await log.wait(for: 1)
        saver.cancel()
        host.send(2)
        // Every task the saver has, awaited: the reader, then a save it may have started.
        await saver.reading?.value
        await saver.scheduled?.value
        await saver.writing?.value
        await host.stop()
        #expect(log.saves.count == 1)
        #expect(try file.load() == Note(count: 1))
    }

    @Test func aFailedSaveIsADiagnosticAndTheLoopGoesOn() async throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("note.json"), withIntermediateDirectories: false)
        let host = EffectHost(initialState: Note(), update: Tally.update)
        let diagnostics = ActivityLog<Note, Int>()
        host.observe(.sink(diagnostics).filtered { if case .diagnostic = $0 { true } else { false } })
        let saver = host.persist(to: StateFile(path: scratch.path("note.json")), every: .zero)
        let log = SaveLog<Note>()
        log.attach(to: saver)
        host.send(1)
        await log.wait(for: 1)
        #expect(saver.lastError?.kind == .notAFile)
        let reported = diagnostics.activities.compactMap { activity -> String? in
            if case .diagnostic(let problem) = activity { "\(problem)" } else { nil }
        }
        #expect(reported == ["cannot write \(scratch.path("note.json")): it is a directory"])
        host.send(1)
        #expect(host.state.count == 2)
        await host.stop()
    }

    /// A state with a part worth keeping and a part that is not: only the first is saved.
    struct Meeting: Equatable, Sendable {
        var minutes: [String] = []
        var secondsElapsed = 0
    }

    enum Recording {
        static func update(state: inout Meeting, event: String) -> Effect<String, Void>? {
            if event == "tick" { state.secondsElapsed += 1 } else { state.minutes.append(event) }
            return nil
        }
    }

    @Test func onePartIsKeptAndWrittenOnlyWhenItChanged() async throws {
        let scratch = try Scratch()
        let file = StateFile<[String]>(path: scratch.path("minutes.json"))
        let host = EffectHost(initialState: Meeting(), update: Recording.update)
        let saver = host.persist(to: file, every: .zero, \.minutes)
        let log = SaveLog<[String]>()
        log.attach(to: saver)
        host.send("hello")
        await log.wait(for: 1)
        for _ in 0..<50 { host.send("tick") }
        await saver.flush()
        #expect(saver.saveCount == 1, "ticks change the state, not the part kept: nothing more is written")
        host.send("bye")
        await host.stop()
        await log.wait(for: 2)
        #expect(try file.load() == ["hello", "bye"])
        #expect(saver.saveCount == 2)
    }
}
