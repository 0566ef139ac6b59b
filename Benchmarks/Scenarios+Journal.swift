import EffectEngine
import EffectEngineJournal
import Foundation

/// A small feature with `Codable` events and a state of a few fields, as a journal
/// records them.
enum Notebook {
    struct State: Codable, Equatable, Sendable {
        var count = 0
        var title = "notes"
        var tags = ["a", "b", "c"]
    }

    enum Event: Codable, Equatable, Sendable {
        case add(Int)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .add(let amount):
            state.count &+= amount
            return nil
        }
    }
}

extension Scenarios {
    /// `record`: a host with a journal recorder processing events, the journal flushed to
    /// a file each round, against `JSONEncoder` encoding the same journal entries (step,
    /// cause, event, effect and digest, prepared beforehand) into a buffer written to a
    /// file: what a journal adds beyond encoding is the observer, the state's digest and
    /// the entry's making. `replay`: `Journal(data:)` and `replay` of a journal of those
    /// events, against `JSONDecoder` decoding its lines alone. Each pair is measured in
    /// alternating rounds, so a busy machine slows both alike.
    mutating func journal() async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-" + UUID().uuidString)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("run.journal").path

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func encodeAlone(_ n: Int) async -> Double {
            var state = Notebook.State()
            let entries = (0..<n).map { step in
                _ = Notebook.update(state: &state, event: .add(1))
                return JournalEntry<Notebook.Event>(
                    step: step + 1, cause: .external, event: .add(1), effect: "no effect",
                    digest: StateDigest.of(state))
            }
            return await timed {
                var buffer = Data()
                for entry in entries {
                    buffer += (try? encoder.encode(entry)) ?? Data()
                    buffer.append(UInt8(ascii: "\n"))
                }
                blackHole(FileManager.default.createFile(atPath: path, contents: buffer))
            }
        }
        func recordRound(_ n: Int) async -> Double {
            let host = EffectHost(initialState: Notebook.State(), update: Notebook.update)
            guard let recorder = try? host.record(to: path) else { return .nan }
            let time = await timed {
                for _ in 0..<n { host.send(.add(1)) }
                recorder.finish()
            }
            await host.stop()
            return time
        }
        let (encoded, recorded) = await measureAlternating(budget, initial: 2_000, encodeAlone, recordRound)
        add("record.baseline", "JSONEncoder alone: the same journal entries, to a buffer written to a file", encoded)
        add(
            "record", "host.send with a journal recorder attached, flushed to the file", recorded,
            baseline: "record.baseline", bar: "≤ 1.5×")

        func journalData(_ n: Int) async -> Data {
            let host = EffectHost(initialState: Notebook.State(), update: Notebook.update)
            let recorder = try? host.record(to: path)
            for _ in 0..<n { host.send(.add(1)) }
            recorder?.finish()
            await host.stop()
            return FileManager.default.contents(atPath: path) ?? Data()
        }
        let decoder = JSONDecoder()
        func decodeAlone(_ n: Int) async -> Double {
            let data = await journalData(n)
            return await timed {
                let lines = data.split(separator: UInt8(ascii: "\n"))
                var decoded = 0
                for line in lines.dropFirst() {
                    if (try? decoder.decode(JournalEntry<Notebook.Event>.self, from: line)) != nil { decoded += 1 }
                }
                blackHole(decoded)
            }
        }
        func replayRound(_ n: Int) async -> Double {
            let data = await journalData(n)
            return await timed {
                guard let journal = try? Journal<Notebook.Event>(data: data) else { return }
                let replay = journal.replay(initialState: Notebook.State(), env: (), update: Notebook.update)
                blackHole(replay.state)
            }
        }
        func rerunRound(_ n: Int) async -> Double {
            let data = await journalData(n)
            return await timed {
                guard let journal = try? Journal<Notebook.Event>(data: data) else { return }
                let replay = journal.replay(
                    initialState: Notebook.State(), env: (), actions: .rerun, update: Notebook.update)
                blackHole(replay.state)
            }
        }
        let (decoded, replayed) = await measureAlternating(budget, initial: 2_000, decodeAlone, replayRound)
        add("replay.baseline", "JSONDecoder alone: the journal's entry lines", decoded)
        add(
            "replay", "Journal(data:) and replay through update, actions' events from the journal (J1)", replayed,
            baseline: "replay.baseline", bar: "≤ 1.5×")
        let (fromJournal, rerun) = await measureAlternating(budget, initial: 2_000, replayRound, rerunRound)
        add("replay.rerun.baseline", "replay, in rounds alternating with replay.rerun", fromJournal)
        add(
            "replay.rerun", "replay with actions: .rerun, each chain stepped again and compared", rerun,
            baseline: "replay.rerun.baseline")
    }
}
