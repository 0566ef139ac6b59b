@testable import EffectEngine
import TestSupport
import Testing

/// Rows keyed by paths: the ids a user of `Compose.forEach` meets with files and URLs.
private enum Paths {
    struct Row: Identifiable, Equatable {
        let id: String
        var loaded = false
    }

    struct State: Equatable {
        var rows: [Row]
    }

    enum RowEvent: Equatable, Sendable { case load, loaded }

    enum Event: Equatable, Sendable {
        case row(String, RowEvent)
        case remove(String)
    }

    static func row(_ gate: Signal) -> (inout Row, RowEvent) -> Effect<RowEvent, Void>? {
        { row, event in
            switch event {
            case .load:
                return .task(name: "load") { input, _ in
                    await gate.waitUnbounded()
                    input(.loaded)
                }
            case .loaded:
                row.loaded = true
                return nil
            }
        }
    }

    static func update(_ gate: Signal) -> (inout State, Event) -> Effect<Event, Void>? {
        { state, event in
            Compose.forEach(
                \.rows, in: &state, event: event, scope: "rows",
                child: { if case .row(let id, let event) = $0 { (id, event) } else { nil } },
                embed: Event.row, env: { $0 }, update: row(gate),
                parent: { state, event in
                    if case .remove(let id) = event { state.rows.removeAll { $0.id == id } }
                    return nil
                })
        }
    }
}

@MainActor
@Suite("C3: children's scopes never overlap, whatever their ids hold")
struct ChildScopeTests {
    @Test("Removing the row \"docs\" cancels its task only, not \"docs/api\"'s, nor the empty id's")
    func idsThatArePrefixesStayApart() async {
        let gate = Signal()
        let ids = ["docs", "docs/api", "", "50%"]
        let host = EffectHost(
            initialState: Paths.State(rows: ids.map { Paths.Row(id: $0) }), update: Paths.update(gate))
        for id in ids { host.send(.row(id, .load)) }
        #expect(
            host.runningTaskNames == ["rows/%00/load", "rows/50%25/load", "rows/docs%2Fapi/load", "rows/docs/load"])
        host.send(.remove("docs"))
        #expect(host.runningTaskNames == ["rows/%00/load", "rows/50%25/load", "rows/docs%2Fapi/load"])
        gate.fire()
        #expect(await host.waitUntilIdle(timeout: TestBounds.hang))
        #expect(host.state.rows.map(\.id) == ["docs/api", "", "50%"])
        #expect(host.state.rows.allSatisfy { $0.loaded })
        await host.stop()
    }

    @Test("An id is one path component: no written id lies under another, and plain ids read as they are")
    func componentsArePrefixFree() {
        let ids = ["", "docs", "docs/api", "docs/", "/", "%", "%2F", "a%2Fb", "a/b", "%00", "7"]
        let written = ids.map(ScopePath.component)
        // Distinct, non-empty and slash-free: one path component each, so no scope built
        // from one id lies under another's.
        #expect(Set(written).count == ids.count)
        #expect(written.allSatisfy { !$0.contains("/") && !$0.isEmpty })
        #expect(ScopePath.component("docs") == "docs")
        #expect(ScopePath.component("7") == "7")
        #expect(ScopePath.component("docs/api") == "docs%2Fapi")
    }
}
