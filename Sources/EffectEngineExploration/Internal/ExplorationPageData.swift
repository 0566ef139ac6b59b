import EffectEngine
import EffectEngineShared

/// What an exploration's page holds: the report's text and counts, the states by depth,
/// and either the whole graph (states as trees, transitions) or, for a graph too big to
/// draw, each depth's counts; and every failure with its shortest trace.
///
/// The JSON it writes, read by ``ExplorationPageScript``:
///
/// ```text
/// {"title": …, "report": text, "states": n, "transitions": n, "mode": "graph" | "summary",
///  "shapes": [[kind, name, [labels], isTuple]…], "strings": [text…],
///  "layers": [[states, failing (breaking an invariant or a dead end), dead ends]…],  (one per depth)
///  "nodes": [[depth, state, label string, [task string…], [broken string…], dead end 0|1]…],
///  "edges": [[from, to, event string, task string or -1]…],
///  "failures": [[message string, kind string, [node or -1…], [state…], [[event string, task string or -1]…]]…]}
/// ```
///
/// In summary mode `nodes` and `edges` are empty; a failure's trace keeps its own
/// states, and its nodes are -1 where the graph does not hold them.
struct ExplorationPageData<State: Hashable, Event> {
    private(set) var json = PageJSON()
    private(set) var drawsGraph = false

    private var strings = PageStrings()

    /// A state the graph holds, with its pending tasks.
    private struct Key: Hashable {
        var state: State
        var tasks: [String]
    }

    init(
        report: ExplorationReport<State, Event>, title: String, drawLimit: Int, stateLabel: ((State) -> String)?,
        eventLabel: ((Event) -> String)?
    ) {
        func label(_ state: State) -> String { stateLabel?(state) ?? String(describing: state) }
        func event(_ event: Event) -> String { eventLabel?(event) ?? StateDiff.renderEvent(event) }
        var tree = StateTree()
        let graph = report.graph
        drawsGraph = graph.map { $0.nodes.count <= drawLimit } ?? false

        var layers: [[Int]] = []
        var index: [Key: Int] = [:]
        if let reached = graph?.nodes {
            for (offset, node) in reached.enumerated() {
                while layers.count <= node.depth { layers.append([0, 0, 0]) }
                layers[node.depth][0] += 1
                if !node.brokenInvariants.isEmpty || node.isDeadEnd { layers[node.depth][1] += 1 }
                if node.isDeadEnd { layers[node.depth][2] += 1 }
                if drawsGraph { index[Key(state: node.state, tasks: node.pendingTasks)] = offset }
            }
        }

        var nodes = PageJSON()
        var edges = PageJSON()
        nodes.beginArray()
        edges.beginArray()
        if drawsGraph, let graph {
            for node in graph.nodes {
                let state = tree.node(of: node.state)
                let broken = node.brokenInvariants.map { intern($0) }
                let tasks = node.pendingTasks.map { intern($0) }
                let name = intern(label(node.state))
                nodes.array { json in
                    json.number(node.depth)
                    json.node(state)
                    json.number(name)
                    json.numbers(tasks)
                    json.numbers(broken)
                    json.number(node.isDeadEnd ? 1 : 0)
                }
            }
            for edge in graph.edges {
                let row = [edge.from, edge.to, intern(event(edge.event)), edge.task.map { intern($0) } ?? -1]
                edges.numbers(row)
            }
        }
        nodes.endArray()
        edges.endArray()

        var failures = PageJSON()
        failures.beginArray()
        for failure in report.failures {
            let message = intern(failure.message)
            let kind = intern(Self.kind(failure.kind))
            var states = [failure.trace.map { Key(state: $0.initialState, tasks: []) }].compactMap { $0 }
            var steps: [[Int]] = []
            for step in failure.trace?.steps ?? [] {
                states.append(Key(state: step.state, tasks: step.pendingTasks))
                steps.append([intern(event(step.event)), step.task.map { intern($0) } ?? -1])
            }
            let trees = states.map { tree.node(of: $0.state) }
            failures.array { json in
                json.number(message)
                json.number(kind)
                json.numbers(states.map { index[$0] ?? -1 })
                json.array(trees) { json, node in json.node(node) }
                json.array(steps) { json, step in json.numbers(step) }
            }
        }
        failures.endArray()

        json.object { json in
            json.key("title")
            json.string(title)
            json.key("report")
            json.string(report.description)
            json.key("states")
            json.number(report.states)
            json.key("transitions")
            json.number(report.transitions)
            json.key("mode")
            json.string(drawsGraph ? "graph" : "summary")
            json.key("layers")
            json.array(layers) { json, layer in json.numbers(layer) }
            json.key("nodes")
            json.append(nodes)
            json.key("edges")
            json.append(edges)
            json.key("failures")
            json.append(failures)
            json.key("shapes")
            json.shapes(tree.shapes)
            json.key("strings")
            json.strings(strings.all)
        }
    }

    private static func kind(_ kind: ExplorationFailure<State, Event>.Kind) -> String {
        switch kind {
        case .always: "invariant"
        case .sometimes: "never reached"
        case .deadEnd: "dead end"
        case .chainCut: "chain cut"
        case .nondeterministic: "nondeterministic"
        }
    }

    private mutating func intern(_ text: String) -> Int { strings.index(of: text) }
}
