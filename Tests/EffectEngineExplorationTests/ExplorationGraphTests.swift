import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

@Suite("ExplorationGraph: DOT and Mermaid", .onThreadOfItsOwn)
struct ExplorationGraphTests {
    let light = Explorer(initialState: false, update: Light.update) { _ in [.toggle] }

    @Test func dotLabelsStatesAndEventsEscaped() throws {
        let graph = try #require(try light.explore(graph: true).graph)
        #expect(graph.nodes.map(\.state) == [false, true])
        #expect(graph.nodes.map(\.depth) == [0, 1])
        #expect(graph.edges.map { [$0.from, $0.to] } == [[0, 1], [1, 0]])
        #expect(
            graph.dot(state: Light.label) == #"""
                digraph exploration {
                    node [shape=box, style=rounded, fontname="Helvetica"];
                    edge [fontname="Helvetica", fontsize=10];
                    s0 [label="light off \\ dark", penwidth=2];
                    s1 [label="light \"on\"\n<bright> | #1"];
                    s0 -> s1 [label="toggle"];
                    s1 -> s0 [label="toggle"];
                }

                """#)
    }

    @Test func mermaidLabelsStatesAndEventsEscaped() throws {
        let graph = try #require(try light.explore(graph: true).graph)
        #expect(
            graph.mermaid(state: Light.label) == #"""
                flowchart TD
                    s0["light off \ dark"]
                    s1["light #quot;on#quot;<br/>#lt;bright#gt; #124; #35;1"]
                    s0 -->|"toggle"| s1
                    s1 -->|"toggle"| s0
                    style s0 stroke-width:3px

                """#)
    }

    @Test func failingStatesAndTaskEdgesAreMarked() throws {
        let report = try Explorer(initialState: Ticking.State(), update: Ticking.update) { _ in [.start] }
            .task("ticker", delivers: { _ in [.tick] })
            .always("ticking exactly while running") { state, tasks in
                state.isRunning == tasks.contains("ticker")
            }
            .explore(depth: 2, graph: true)
        let graph = try #require(report.graph)
        #expect(graph.nodes.count == 3)
        #expect(graph.nodes[1].pendingTasks == ["ticker"])
        #expect(graph.nodes[2].brokenInvariants == ["ticking exactly while running"])
        #expect(graph.nodes[2].isDeadEnd == false)
        // Start again replaces the ticker (a loop); at the depth bound, start leads beyond.
        #expect(graph.edges.map(\.task) == [nil, nil, "ticker"])
        let dot = graph.dot { "ticks \($0.ticks)" }
        #expect(dot.contains(#"    s1 [label="ticks 0\ntasks: ticker"];"#))
        #expect(
            dot.contains(
                #"    s2 [label="ticks 1\nbreaks: ticking exactly while running", color=red, fontcolor=red];"#
            ))
        #expect(dot.contains(#"    s1 -> s2 [label="tick (from ticker)", style=dashed];"#))
        let mermaid = graph.mermaid { "ticks \($0.ticks)" }
        #expect(mermaid.contains(#"    s1 -.->|"tick (from ticker)"| s2"#))
        #expect(mermaid.hasSuffix("    classDef failing stroke:#d00,color:#d00\n    class s2 failing\n"))
    }

    @Test func deadEndsAreMarkedAndLongEventsCut() throws {
        let report = try Explorer(initialState: Capped.State(), update: Capped.update) { state in
            state.isDone ? [] : [.finish]
        }.explore(graph: true)
        let graph = try #require(report.graph)
        #expect(graph.nodes.map(\.isDeadEnd) == [false, true])
        #expect(graph.dot().contains("dead end\", color=red, fontcolor=red];"))
        let long = try Explorer(initialState: Fetch.State(), update: Fetch.update) { state in
            state.query.isEmpty ? [.type(String(repeating: "x", count: 50))] : []
        }.terminal { _ in true }.explore(graph: true)
        // `type("` and 33 of the 50 characters: 39, then "…".
        #expect(long.graph?.dot().contains(#"[label="type(\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"];"#) == true)
    }

    @Test func noGraphUnlessAskedFor() throws {
        #expect(try light.explore().graph == nil)
    }
}
