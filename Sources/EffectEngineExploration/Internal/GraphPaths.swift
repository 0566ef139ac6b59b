import EffectEngine

/// Shortest paths through a recorded ``ExplorationGraph``: for each node, the edge it was
/// first reached by in a breadth-first walk from the initial states (the nodes of depth
/// 0: node 0 alone while the explorer has one initial state), and the nodes whose
/// successors were not all recorded (past a bound).
struct GraphPaths<State, Event> {
    let graph: ExplorationGraph<State, Event>
    /// For each node, the index of the edge it is first reached by; -1 for an initial
    /// state and for nodes not reached.
    let parentEdge: [Int]
    /// Edge indices leaving each node, in the order they were stepped.
    let outgoing: [[Int]]
    /// Nodes whose successors may not all be in the graph: the walk stopped before
    /// expanding them fully.
    let isOpen: [Bool]

    init(_ graph: ExplorationGraph<State, Event>, limit: ExplorationReport<State, Event>.Limit?, depth: Int) {
        self.graph = graph
        var outgoing = Array(repeating: [Int](), count: graph.nodes.count)
        for (index, edge) in graph.edges.enumerated() { outgoing[edge.from].append(index) }
        var parentEdge = Array(repeating: -1, count: graph.nodes.count)
        var seen = Array(repeating: false, count: graph.nodes.count)
        var queue = graph.nodes.indices.filter { graph.nodes[$0].depth == 0 }
        for root in queue { seen[root] = true }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for index in outgoing[node] where !seen[graph.edges[index].to] {
                seen[graph.edges[index].to] = true
                parentEdge[graph.edges[index].to] = index
                queue.append(graph.edges[index].to)
            }
        }
        self.parentEdge = parentEdge
        self.outgoing = outgoing
        isOpen = graph.nodes.map { node in
            switch limit {
            case nil: false
            case .depth(let bound)?: node.depth >= bound
            case .states?, .nondeterminism?: node.depth >= depth - 1
            }
        }
    }

    /// The edges from an initial state to `node`, in order, and that initial state's node.
    func path(to node: Int) -> (root: Int, edges: [Int]) {
        var edges: [Int] = []
        var current = node
        while parentEdge[current] >= 0 {
            edges.append(parentEdge[current])
            current = graph.edges[parentEdge[current]].from
        }
        return (current, edges.reversed())
    }
}

extension Explorer {
    /// The number a task name has in the model; `-1` for `nil` (a user's event).
    func taskNumber(_ name: String?) -> Int {
        guard let name else { return -1 }
        if name == TaskTracker.unnamedLabel { return TaskTracker.unnamed }
        return tasks.firstIndex { $0.name == name } ?? -1
    }

    /// Steps `choices` from a state with no task pending (by default the initial state),
    /// as the walk steps them, keeping each state, its pending tasks and its effect.
    func replay(choices: [(event: Event, task: Int)], from start: State? = nil) -> ExplorationTrace<State, Event> {
        let first = start ?? initialState
        var state = first
        var recorder = ReplayRecorder<State, Event, Env>(tracker: tracker)
        var steps: [ExplorationTrace<State, Event>.Step] = []
        for (event, task) in choices {
            recorder.tracker.pending = pending(recorder.tracker.pending, afterDeliveryBy: task)
            recorder.isTopLevel = true
            recorder.effect = nil
            stepper.step(event, state: &state, handler: &recorder)
            steps.append(
                ExplorationTrace.Step(
                    event: event, task: taskName(task), state: state,
                    pendingTasks: recorder.tracker.names(in: recorder.tracker.pending),
                    effect: recorder.effect))
        }
        return ExplorationTrace(initialState: first, steps: steps, finalPending: recorder.tracker.pending)
    }

    /// The trace of a path through a recorded graph, from the initial state it starts at.
    func trace(of path: (root: Int, edges: [Int]), in graph: ExplorationGraph<State, Event>)
        -> ExplorationTrace<State, Event>
    {
        replay(
            choices: path.edges.map { (graph.edges[$0].event, taskNumber(graph.edges[$0].task)) },
            from: graph.nodes[path.root].state)
    }

    /// A trace written as a test, as failures of ``explore(depth:states:graph:)`` are.
    func test(named name: String, saying message: String, trace: ExplorationTrace<State, Event>) -> String? {
        TestWriter(code: code).test(named: name, saying: message, trace: trace)
    }
}
