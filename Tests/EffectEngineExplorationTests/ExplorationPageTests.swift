import EffectEngine
import EffectEngineExploration
import Foundation
import TestSupport
import Testing

@Suite("ExplorationPage: the graph as a page", .onThreadOfItsOwn)
struct ExplorationPageTests {
    let capped = Explorer(initialState: Capped.State(), update: Capped.update, events: Capped.enabled)
        .terminal { $0.isDone }
        .always("the count stays at most 3") { $0.count <= 3 }

    /// The JSON a page embeds, read back.
    static func data(of page: ExplorationPage) throws -> [String: Any] {
        let start = try #require(page.html.range(of: #"<script type="application/json" id="page-data">"#))
        let end = try #require(page.html.range(of: "</script>", range: start.upperBound..<page.html.endIndex))
        let json = Data(page.html[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    @Test func everyStateAndTransitionIsDrawnWithTheFailuresTrace() throws {
        let report = try capped.explore(graph: true)
        let page = report.page(title: "capped") { "count \($0.count)" + ($0.isDone ? ", done" : "") }
        #expect(page.drawsGraph && page.states == 14 && page.transitions == 17)
        let data = try Self.data(of: page)
        let strings = try #require(data["strings"] as? [String])
        let nodes = try #require(data["nodes"] as? [[Any]])
        #expect(nodes.count == 14)
        #expect((data["edges"] as? [[Int]])?.count == 17)
        #expect(data["mode"] as? String == "graph")
        // Depth 0 holds the initial state; each layer counts its states and failing ones.
        let layers = try #require(data["layers"] as? [[Int]])
        #expect(layers.map { $0[0] }.reduce(0, +) == 14)
        // A state that both breaks an invariant and is a dead end fails once.
        let failing = nodes.filter { ($0[4] as? [Int])?.isEmpty == false || $0[5] as? Int == 1 }.count
        #expect(layers.map { $0[1] }.reduce(0, +) == failing && layers.allSatisfy { $0[1] <= $0[0] })
        #expect(strings[nodes[0][2] as? Int ?? -1] == "count 0")
        // The failure's trace runs through the graph's states: add(2), add(2).
        let failure = try #require((data["failures"] as? [[Any]])?.first)
        #expect(strings[failure[0] as? Int ?? -1] == #"always "the count stays at most 3" is broken after 2 events"#)
        let path = try #require(failure[2] as? [Int])
        #expect(path.count == 3 && !path.contains(-1) && path[0] == 0)
        #expect((failure[4] as? [[Int]])?.map { strings[$0[0]] } == ["add(2)", "add(2)"])
        #expect((nodes[path[2]][4] as? [Int])?.isEmpty == false)
    }

    @Test func aGraphTooBigToDrawIsSummarisedByDepth() throws {
        let page = try capped.explore(graph: true).page(drawLimit: 5)
        #expect(!page.drawsGraph && page.states == 0)
        let data = try Self.data(of: page)
        #expect(data["mode"] as? String == "summary")
        #expect((data["nodes"] as? [Any])?.isEmpty == true)
        #expect((data["layers"] as? [[Int]])?.map { $0[0] } == [1, 3, 4, 4, 2])
        // The failure's trace keeps its own states: three of them, the last one failing.
        let failure = try #require((data["failures"] as? [[Any]])?.first)
        #expect((failure[3] as? [Any])?.count == 3)
    }

    @Test func withoutAGraphThePageShowsTheFailuresOnly() throws {
        let page = try capped.explore().page()
        #expect(!page.drawsGraph)
        let data = try Self.data(of: page)
        #expect((data["layers"] as? [Any])?.isEmpty == true)
        #expect((data["failures"] as? [Any])?.count == 1)
    }

    @Test func labelsThatWouldEndTheScriptAreEscaped() throws {
        let light = Explorer(initialState: false, update: Light.update) { _ in [.toggle] }
        let page = try light.explore(graph: true).page(title: "</script><!--") { _ in "</script><script>alert(1)</script>" }
        #expect(page.html.components(separatedBy: "</script>").count - 1 == 3)
        #expect(page.html.contains("<title>&lt;/script&gt;&lt;!--</title>"))
        #expect((try Self.data(of: page)["strings"] as? [String])?.contains("</script><script>alert(1)</script>") == true)
    }
}
