import EffectEngine
import Foundation
import Synchronization
import Testing

@testable import EffectEngineJournal

/// A feature that draws a fresh id in an `.action`, as a real app does: its env need not
/// repeat between recording and replay.
private enum Notes {
    struct State: Codable, Equatable, Sendable {
        var ids: [Int] = []
    }

    enum Event: Codable, Equatable, Sendable {
        case add
        case added(id: Int)
    }

    /// Hands out increasing ids from `start`.
    final class Ids: Sendable {
        private let next: Mutex<Int>
        init(from start: Int) { next = Mutex(start) }
        func draw() -> Int {
            next.withLock { id in
                defer { id += 1 }
                return id
            }
        }
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Ids>? {
        switch event {
        case .add:
            return .action { ids in .added(id: ids.draw()) }
        case .added(let id):
            state.ids.append(id)
            return nil
        }
    }
}

@MainActor
@Suite("J1: replay takes the events of .action closures from the journal")
struct ReplayedActionsTests {
    /// Records two adds, ids drawn from 100.
    private func recorded() async throws -> (Journal<Notes.Event>, Notes.State) {
        let (data, state) = try await recordedData()
        return (try Journal<Notes.Event>(data: data), state)
    }

    /// The journal's bytes: a header line, then one line an entry.
    private func recordedData() async throws -> (Data, Notes.State) {
        let path = journalPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let host = EffectHost(initialState: Notes.State(), env: Notes.Ids(from: 100), update: Notes.update)
        let recorder = try host.record(to: path)
        host.send(.add)
        host.send(.add)
        await host.stop()
        recorder.finish()
        #expect(host.state.ids == [100, 101])
        return (try Data(contentsOf: URL(fileURLWithPath: path)), host.state)
    }

    @Test("By default a run that drew fresh ids replays to the recorded state, with another env")
    func fromTheJournal() async throws {
        let (journal, final) = try await recorded()
        let replay = journal.replay(initialState: Notes.State(), env: Notes.Ids(from: 0), update: Notes.update)
        #expect(replay.divergence == nil)
        #expect(replay.state == final)
        #expect(replay.stepsReplayed == 4)
        #expect(replay.settledStates == [Notes.State(ids: [100]), final])
        // The same without any env.
        #expect(journal.replay(initialState: Notes.State(), update: Notes.update).state == final)
    }

    @Test("actions: .rerun runs the closures again, and names the action whose event differs")
    func rerun() async throws {
        let (journal, _) = try await recorded()
        let replay = journal.replay(
            initialState: Notes.State(), env: Notes.Ids(from: 0), actions: .rerun, update: Notes.update)
        let divergence = try #require(replay.divergence)
        #expect(divergence.step == 2)
        #expect(divergence.reason == "the .action produced a different event (the journal has added(id: 100))")
        let same = journal.replay(
            initialState: Notes.State(), env: Notes.Ids(from: 100), actions: .rerun, update: Notes.update)
        #expect(same.divergence == nil)
    }

    @Test("A changed update is still caught at its first different step")
    func changedUpdate() async throws {
        let (journal, _) = try await recorded()
        // A changed update: an added id is stored doubled.
        let replay = journal.replay(initialState: Notes.State()) {
            (state: inout Notes.State, event: Notes.Event) -> Effect<Notes.Event, Notes.Ids>? in
            guard case .added(let id) = event else { return Notes.update(state: &state, event: event) }
            state.ids.append(id * 2)
            return nil
        }
        let divergence = try #require(replay.divergence)
        #expect(divergence.step == 2)
        #expect(divergence.reason == "the state differs")
    }

    @Test("A journal that begins with an action's event is a divergence, not a crash")
    func beginsWithAnAction() async throws {
        let (data, _) = try await recordedData()
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            .map(String.init)
        lines.remove(at: 1)
        // Renumbered from 1, as a journal's steps must be.
        for index in 1..<lines.count {
            lines[index] = lines[index].replacingOccurrences(of: "\"step\":\(index + 1)", with: "\"step\":\(index)")
        }
        let headless = try Journal<Notes.Event>(data: Data((lines.joined(separator: "\n") + "\n").utf8))
        let divergence = try #require(headless.replay(initialState: Notes.State(), update: Notes.update).divergence)
        #expect(divergence.reason.contains("begins with an event from an .action"))
    }
}
