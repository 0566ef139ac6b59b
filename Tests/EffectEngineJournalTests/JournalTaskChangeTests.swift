import EffectEngine
import Foundation
import Testing

@testable import EffectEngineJournal

/// A ticker whose task is started, replaced and cancelled.
enum Ticking {
    struct State: Codable, Equatable, Sendable {
        var starts = 0
    }

    enum Event: Codable, Equatable, Sendable {
        case start, stop
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .start:
            state.starts += 1
            return .task(name: "tick") { _, _ in try await Task.sleep(for: .seconds(3600)) }
        case .stop:
            return .cancel("tick")
        }
    }
}

@MainActor @Suite struct JournalTaskChangeTests {
    @Test func eachEntryKeepsTheTaskChangesThatFollowedIt() async throws {
        let path = journalPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let host = EffectHost(initialState: Relay.State(), update: Relay.update)
        let recorder = try host.record(to: path)
        host.send(.say("a"))
        await host.perform(.fetch)
        await host.stop()
        recorder.finish()
        let entries = try Journal<Relay.Event>.read(from: path).entries
        #expect(entries.map(\.tasks) == [
            [], [JournalTaskChange(kind: .started, task: 1, name: "fetch")],
            [JournalTaskChange(kind: .ended, task: 1, name: "fetch")],
        ])
    }

    @Test func replacedAndCancelledTasksAreKeptWithWhatReplacedThem() async throws {
        let path = journalPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let host = EffectHost(initialState: Ticking.State(), update: Ticking.update)
        let recorder = try host.record(to: path)
        host.send(.start)
        host.send(.start)
        host.send(.stop)
        await host.stop()
        recorder.finish()
        // The ends of cancelled bodies come when they come: only the decisions are compared.
        let changes = try Journal<Ticking.Event>.read(from: path).entries.map { $0.tasks.filter { $0.kind != .ended } }
        #expect(changes == [
            [JournalTaskChange(kind: .started, task: 1, name: "tick")],
            [
                JournalTaskChange(kind: .replaced, task: 1, name: "tick", replacement: 2),
                JournalTaskChange(kind: .started, task: 2, name: "tick"),
            ],
            [JournalTaskChange(kind: .cancelled, task: 2, name: "tick")],
        ])
        #expect(changes[1][0].description == #"replaced task "tick" #1 by #2"#)
    }

    @Test func anEntryWithoutTasksIsWrittenAndReadAsBefore() throws {
        let line = #"{"cause":{"external":{}},"digest":"0","effect":"no effect","event":{"start":{}},"step":1}"#
        let entry = try JSONDecoder().decode(JournalEntry<Ticking.Event>.self, from: Data(line.utf8))
        #expect(entry.tasks.isEmpty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(entry), as: UTF8.self) == line)
    }

    @Test func aFailedTaskKeepsItsError() {
        struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
        let change = JournalTaskChange(.failed(TaskInfo(id: 4, name: nil), Broken()))
        #expect(change == JournalTaskChange(kind: .failed, task: 4, name: nil, error: "broken"))
        #expect(change.description == "failed task #4: broken")
    }
}
