import EffectEngine
import Foundation
import Testing

@testable import EffectEngineJournal

@MainActor @Suite struct JournalPageTests {
    /// The JSON a page embeds, read back.
    static func data(of page: JournalPage) throws -> [String: Any] {
        let start = try #require(page.html.range(of: #"<script type="application/json" id="page-data">"#))
        let end = try #require(page.html.range(of: "</script>", range: start.upperBound..<page.html.endIndex))
        let json = Data(page.html[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    func recorded<State, Event: Codable & Sendable>(
        _ state: State, update: @escaping (inout State, Event) -> Effect<Event, Void>?,
        run: (EffectHost<State, Event, Void>) async -> Void
    ) async throws -> Journal<Event> {
        let path = journalPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let host = EffectHost(initialState: state, update: update)
        let recorder = try host.record(to: path)
        await run(host)
        await host.stop()
        recorder.finish()
        return try Journal<Event>.read(from: path)
    }

    @Test func aPageHoldsEveryEventWithItsCauseAndTheTasks() async throws {
        let journal = try await recorded(Relay.State(), update: Relay.update) { host in
            host.send(.say("a"))
            host.send(.twice("b"))
            await host.perform(.fetch)
        }
        let page = journal.page(initialState: Relay.State(), update: Relay.update)
        #expect(page.events == 6 && page.tasks == 1 && page.differingSteps.isEmpty)
        let data = try Self.data(of: page)
        let strings = try #require(data["strings"] as? [String])
        #expect((data["events"] as? [Int])?.map { strings[$0] } == [#"say("a")"#, #"twice("b")"#, #"say("b")"#, #"say("b")"#, "fetch", "fetched(42)"])
        #expect((data["effects"] as? [Int])?.map { strings[$0] }.last == "no effect")
        #expect(data["causes"] as? [Int] == [0, 0, 1, 1, 0, 2])
        // Task "fetch" #1: started at step 5, ended after step 6.
        let task = try #require((data["tasks"] as? [[Any]])?.first)
        #expect(task[0] as? String == "1")
        #expect(task[1...].compactMap { $0 as? Int }.dropFirst() == [5, 6, 1, -1, -1, 0])
        #expect(strings[task[1] as? Int ?? -1] == "fetch")
        // Step 1 sets log[0] and tags: changes, not the whole state.
        let changes = try #require(data["changes"] as? [Any])
        #expect(changes.count == 6)
        #expect(changes[4] as? Int == 0)
    }

    @Test func replacedAndCancelledTasksAreMarked() async throws {
        let journal = try await recorded(Ticking.State(), update: Ticking.update) { host in
            host.send(.start)
            host.send(.start)
            host.send(.stop)
        }
        let data = try Self.data(of: journal.page(initialState: Ticking.State(), update: Ticking.update))
        let tasks = try #require(data["tasks"] as? [[Any]])
        // [id, name, start, end, kind, replaced by, error, inferred]: 2 replaced, 3 cancelled.
        #expect(tasks.map { Array($0[2...5].compactMap { $0 as? Int }) } == [[1, 2, 2, 1], [2, 3, 3, -1]])
    }

    @Test func anEmptyJournalIsAPageWithNoEvents() throws {
        let header = #"{"journal":1,"schema":"\#(StateDigest.schema(of: Ticking.Event.self, version: ""))"}"#
        let journal = try Journal<Ticking.Event>(data: Data((header + "\n").utf8), path: "runs/empty.journal")
        let page = journal.page(initialState: Ticking.State(), update: Ticking.update)
        #expect(page.events == 0 && page.tasks == 0)
        let data = try Self.data(of: page)
        #expect(data["events"] as? [Int] == [])
        #expect(data["title"] as? String == "empty.journal")
        #expect(data["initial"] is [Any])
    }

    @Test func aJournalWithoutTaskChangesDrawsEachTaskFromTheEventsItDelivered() throws {
        // Recorded before entries kept task changes: task #7 is known by its events alone.
        let header = #"{"journal":1,"schema":"\#(StateDigest.schema(of: Relay.Event.self, version: ""))"}"#
        var state = Relay.State()
        var lines = [header]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let steps: [(Relay.Event, JournalCause)] = [
            (.fetch, .external), (.fetched(1), .task(name: "fetch", id: 7)), (.say("x"), .external),
            (.fetched(2), .task(name: "fetch", id: 7)),
        ]
        for (offset, (event, cause)) in steps.enumerated() {
            let effect = Relay.update(state: &state, event: event)?.summary.description ?? "no effect"
            let entry = JournalEntry(
                step: offset + 1, cause: cause, event: event, effect: effect, digest: StateDigest.of(state))
            lines.append(String(decoding: try encoder.encode(entry), as: UTF8.self))
        }
        let journal = try Journal<Relay.Event>(data: Data((lines.joined(separator: "\n") + "\n").utf8))
        let page = journal.page(initialState: Relay.State(), update: Relay.update)
        #expect(page.differingSteps.isEmpty && page.tasks == 1)
        let task = try #require((try Self.data(of: page)["tasks"] as? [[Any]])?.first)
        // [id, name, start, end, kind, replaced by, error, inferred]: steps 2 to 4, no end known.
        #expect(task[0] as? String == "7")
        #expect(task[2...].compactMap { $0 as? Int } == [2, 4, 0, -1, -1, 1])
    }

    @Test func textThatWouldEndTheScriptIsEscaped() async throws {
        let evil = "</script><script>alert(1)</script><!--"
        let journal = try await recorded(Relay.State(), update: Relay.update) { host in host.send(.say(evil)) }
        let page = journal.page(initialState: Relay.State(), title: "<b>\(evil)</b>", update: Relay.update)
        // Three script elements end where they should, and nowhere else.
        #expect(page.html.components(separatedBy: "</script>").count - 1 == 3)
        #expect(page.html.contains("<title>&lt;b&gt;&lt;/script&gt;"))
        let data = try Self.data(of: page)
        #expect((data["strings"] as? [String])?.contains("say(\"\(evil)\")") == true)
        #expect(data["title"] as? String == "<b>\(evil)</b>")
    }

    @Test func stepsWhoseReplayDiffersAreListed() async throws {
        let journal = try await recorded(Relay.State(), update: Relay.update) { host in
            host.send(.twice("b"))
            host.send(.fetch)
        }
        let page = journal.page(initialState: Relay.State(), update: Relay.changed)
        #expect(page.differingSteps == [2, 3, 4])
        let difference = try #require(try Self.data(of: page)["difference"] as? String)
        #expect(difference.hasPrefix("step 2: the replay's state differs"))
    }

    @Test func thePageLoadsNothing() async throws {
        let journal = try await recorded(Relay.State(), update: Relay.update) { host in host.send(.say("a")) }
        let html = journal.page(initialState: Relay.State(), update: Relay.update).html
        #expect(html.contains(#"content="default-src 'none';"#))
        for outside in ["http://", "https://", "src=", "href=", "@import", "fetch(", "XMLHttpRequest"] {
            #expect(!html.contains(outside), "\(outside)")
        }
    }
}
