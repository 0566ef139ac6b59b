import EffectEngine
import Foundation
import Testing

@testable import EffectEngineJournal

/// S2: one journal for many hosts, each a session: every entry names its session, each
/// session replays to its host's state, and a journal of one host is as it was.
@Suite struct SessionsJournalTests {
    /// Sessions recorded at once, each on an actor of its own, and a name started again
    /// once its host stopped: each replays to its host's state.
    @Test func sessionsRecordedAtOnceReplayEachToItsState() async throws {
        let path = journalPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try SessionsJournalRecorder<Relay.State, Relay.Event>(path: path)
        let names = (0..<6).map { "s\($0)" }
        let states = await withTaskGroup(of: (String, Relay.State).self) { group in
            for name in names {
                group.addTask {
                    let host = ActorHost(initialState: Relay.State(log: [name]), update: Relay.update)
                    await host.record(into: recorder, as: name)
                    for word in ["a", "b", "c"] { await host.send(.say(word)) }
                    await host.send(.twice("d"))
                    await host.perform(.fetch)
                    await host.stop()
                    return (name, await host.state)
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        let again = ActorHost(initialState: Relay.State(), update: Relay.update)
        await again.record(into: recorder, as: "s0")
        await again.send(.say("again"))
        await again.stop()
        recorder.finish()
        #expect(recorder.lastError == nil)
        #expect(recorder.count == 6 * 8 + 1)

        let journal = try SessionsJournal<Relay.Event>.read(from: path)
        #expect(journal.sessions.map(\.name).sorted() == (names + ["s0"]).sorted())
        #expect(journal.sessions.last?.name == "s0")
        for session in journal.sessions {
            let start = try #require(try session.journal.initialState(Relay.State.self))
            #expect(StateDigest.of(start) == session.startDigest)
            let replay = session.journal.replay(initialState: start, update: Relay.update)
            #expect(replay.divergence == nil, "\(session.name)")
            if session.name == "s0", session.journal.entries.count == 1 {
                #expect(session.journal.entries.map(\.step) == [9])
                #expect(replay.state == (await again.state))
            } else {
                #expect(session.journal.entries.map(\.step) == Array(1...8))
                #expect(replay.state == states[session.name], "\(session.name)")
            }
        }
    }

    /// A journal of one host carries no session, byte for byte as before; and neither
    /// reader takes the other's journal.
    @Test func journalsOfOneHostAndOfSessionsAreToldApart() async throws {
        let (single, sessions) = (journalPath(), journalPath())
        defer {
            try? FileManager.default.removeItem(atPath: single)
            try? FileManager.default.removeItem(atPath: sessions)
        }
        let host = ActorHost(initialState: Relay.State(), update: Relay.update)
        let recorder = try await host.record(to: single)
        await host.send(.say("a"))
        await host.stop()
        recorder.finish()
        let text = try String(contentsOfFile: single, encoding: .utf8)
        #expect(!text.contains("session"))
        #expect(text.split(separator: "\n").first?.hasSuffix(#""state":{"log":[],"tags":[]}}"#) == true, "\(text)")

        let shared = try SessionsJournalRecorder<Relay.State, Relay.Event>(path: sessions)
        let alice = ActorHost(initialState: Relay.State(), update: Relay.update)
        await alice.record(into: shared, as: "alice")
        await alice.send(.say("a"))
        await alice.stop()
        shared.finish()

        #expect(throws: JournalError(
            path: single, line: 1,
            reason: "a journal of one host, not of sessions (a program of one host replays it; Journal reads it)")
        ) { try SessionsJournal<Relay.Event>.read(from: single) }
        #expect(throws: JournalError(
            path: sessions, line: 1,
            reason: "a journal of sessions, not of one host (a program of sessions replays it; SessionsJournal reads it)")
        ) { try Journal<Relay.Event>.read(from: sessions) }
    }

    /// An entry of a session that has not started, or one with no session, is named by its
    /// line.
    @Test func anEntryOutOfItsSessionIsNamedByItsLine() throws {
        let header = #"{"journal":1,"schema":"\#(StateDigest.schema(of: Relay.Event.self, version: ""))","sessions":true}"#
        let start = #"{"digest":"0","session":"a","start":null}"#
        let entry = #"{"cause":{"external":{}},"digest":"0","effect":"no effect","event":{"fetch":{}},"step":1"#
        for (lines, line, reason) in [
            ([header, entry + #","session":"b"}"#], 2, "an entry of the session 'b', which has not started"),
            ([header, start, entry + "}"], 3, "an entry with no session, in a journal of sessions"),
        ] {
            #expect(throws: JournalError(path: "journal", line: line, reason: reason)) {
                try SessionsJournal<Relay.Event>(data: Data((lines.joined(separator: "\n") + "\n").utf8))
            }
        }
    }
}
