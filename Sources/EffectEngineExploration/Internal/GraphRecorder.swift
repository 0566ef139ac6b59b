/// Keeps the reached graph while exploring, when the caller asked for it: every state in
/// full, and every transition between states that were visited.
@usableFromInline
struct GraphRecorder<State, Event> {
    /// Node numbers (the states' numbers in the walk) by fingerprint.
    var ids: [UInt64: Int] = [:]
    var nodes: [ExplorationGraph<State, Event>.Node] = []
    var edges: [(from: Int, to: Int, event: Event, task: Int)] = []

    @usableFromInline
    init() {}

    @usableFromInline
    mutating func node(_ state: State, tasks: [String], fingerprint: UInt64, depth: Int, broken: [String]) {
        ids[fingerprint] = nodes.count
        nodes.append(
            ExplorationGraph.Node(
                state: state, pendingTasks: tasks, depth: depth, brokenInvariants: broken, isDeadEnd: false))
    }

    /// Adds a transition; one to a state beyond the bounds has no node and is left out.
    @usableFromInline
    mutating func edge(from: UInt32, to fingerprint: UInt64, event: Event, task: Int) {
        guard let target = ids[fingerprint] else { return }
        edges.append((Int(from), target, event, task))
    }

    /// Adds a transition from a state to itself.
    @usableFromInline
    mutating func loop(_ id: UInt32, event: Event, task: Int) {
        edges.append((Int(id), Int(id), event, task))
    }

    @usableFromInline
    mutating func markDeadEnd(_ id: UInt32) {
        let index = Int(id)
        let node = nodes[index]
        nodes[index] = ExplorationGraph.Node(
            state: node.state, pendingTasks: node.pendingTasks, depth: node.depth,
            brokenInvariants: node.brokenInvariants, isDeadEnd: true)
    }

    /// The graph, with task numbers turned into names.
    func graph(taskName: (Int) -> String?) -> ExplorationGraph<State, Event> {
        ExplorationGraph(
            nodes: nodes,
            edges: edges.map { edge in
                ExplorationGraph.Edge(
                    from: edge.from, to: edge.to, event: edge.event,
                    task: taskName(edge.task))
            })
    }
}
