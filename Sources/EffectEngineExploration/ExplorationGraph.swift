/// The states an ``Explorer`` reached and the transitions between them, kept when
/// ``Explorer/explore(depth:states:graph:workers:)`` is asked for it; export it with
/// ``dot(state:event:)`` or ``mermaid(state:event:)``.
///
/// ```swift
/// let report = try explorer.explore(depth: 4, graph: true)
/// print(report.graph!.mermaid { "count \($0.count)" })
/// ```
///
/// Node numbers are the order states were found in, breadth first: node 0 is the initial
/// state. A transition to a state beyond the bounds has no node and is left out.
public struct ExplorationGraph<State, Event> {
    /// A reached state.
    ///
    /// ```swift
    /// let deepest = graph.nodes.map(\.depth).max()
    /// ```
    public struct Node {
        /// The feature's state.
        ///
        /// ```swift
        /// let labels = graph.nodes.map { Counter.render($0.state) }
        /// ```
        public let state: State
        /// The modelled tasks pending in it.
        ///
        /// ```swift
        /// let loading = graph.nodes.filter { $0.pendingTasks.contains("load") }
        /// ```
        public let pendingTasks: [String]
        /// The fewest events that reach it from the initial state.
        ///
        /// ```swift
        /// let deepest = graph.nodes.map(\.depth).max() ?? 0
        /// ```
        public let depth: Int
        /// The names of the `always` properties it breaks.
        ///
        /// ```swift
        /// let broken = graph.nodes.filter { !$0.brokenInvariants.isEmpty }
        /// ```
        public let brokenInvariants: [String]
        /// No event is enabled in it, and it is not marked terminal.
        ///
        /// ```swift
        /// #expect(!graph.nodes.contains { $0.isDeadEnd })
        /// ```
        public let isDeadEnd: Bool
    }

    /// A transition: `event` takes state `from` to state `to`.
    ///
    /// ```swift
    /// let fromTasks = graph.edges.filter { $0.task != nil }.count
    /// ```
    public struct Edge {
        /// The number of the state the event is processed in.
        ///
        /// ```swift
        /// let fromStart = graph.edges.filter { $0.from == 0 }
        /// ```
        public let from: Int
        /// The number of the state it leads to.
        ///
        /// ```swift
        /// let loops = graph.edges.filter { $0.from == $0.to }
        /// ```
        public let to: Int
        /// The event.
        ///
        /// ```swift
        /// let events = graph.edges.map(\.event)
        /// ```
        public let event: Event
        /// The task that delivered the event, or `nil` for an enabled event.
        ///
        /// ```swift
        /// let delivered = graph.edges.filter { $0.task == "load" }
        /// ```
        public let task: String?
    }

    /// The reached states, node `i` being the `i`-th found.
    ///
    /// ```swift
    /// #expect(graph.nodes[0].depth == 0)
    /// ```
    public var nodes: Nodes {
        Nodes(
            states: states, pending: pending, depths: depths, broken: broken, properties: properties,
            deadEnds: deadEnds, tracker: tracker)
    }
    /// The transitions between reached states, in the order they were stepped: every
    /// transition from a state within the bounds (the states at a depth bound were not
    /// expanded), as many as ``ExplorationReport/transitions`` counts.
    ///
    /// ```swift
    /// #expect(graph.edges.count == report.transitions)
    /// ```
    public var edges: Edges {
        Edges(sources: edgeFrom, targets: edgeTo, events: events, tasks: tasks, tracker: tracker)
    }

    // The graph as the walk recorded it, which the checkers read (liveness, coverage,
    // test plans) and `nodes` and `edges` present: node `i` is the walk's state number
    // `i`. Each state is kept once and each transition as 32-bit numbers and its event:
    // the graph is the largest thing the checkers hold.

    /// Each node's state.
    let states: [State]
    /// Each node's pending tasks, as the model keeps them.
    let pending: [UInt64]
    /// Each node's depth.
    let depths: [Int]
    /// The `always` properties each node breaks, by number, and their names.
    let broken: [[Int]]
    let properties: [String]
    /// The dead ends' numbers.
    let deadEnds: Set<UInt32>
    /// Each edge's source and target.
    let edgeFrom: [UInt32]
    let edgeTo: [UInt32]
    /// Each edge's event.
    let events: [Event]
    /// Each edge's choice: its number among the choices of its source.
    let choices: [UInt32]
    /// Each edge's task number (-1 for a user's event).
    let tasks: [Int32]
    /// Turns task numbers and masks into names.
    let tracker: TaskTracker
    /// The walk's trace links: the shortest way to each node.
    let links: TraceLinks
    /// Each node whose transitions are not all in the graph: the walk stopped at a bound
    /// before expanding it, or the state is outside the explorer's `constraint`.
    let isOpen: [Bool]
}

extension ExplorationGraph {
    /// The graph a walk recorded: its arrays, shared rather than copied.
    init(
        _ recorder: GraphRecorder<State, Event>, tracker: TaskTracker, properties: [String],
        links: TraceLinks,
        open: (Int) -> Bool, constraint: ((State) -> Bool)?
    ) {
        states = recorder.states
        pending = recorder.pending
        depths = recorder.depths
        broken = recorder.broken
        self.properties = properties
        deadEnds = Set(recorder.deadEnds)
        edgeFrom = recorder.from
        edgeTo = recorder.to
        events = recorder.events
        choices = recorder.choices
        tasks = recorder.tasks
        self.tracker = tracker
        self.links = links
        isOpen = recorder.depths.indices.map { index in
            open(recorder.depths[index]) || constraint.map { !$0(recorder.states[index]) } == true
        }
    }

    /// The edges leaving each node, in the order they were stepped.
    var outgoing: [[Int]] {
        var outgoing = Array(repeating: [Int](), count: states.count)
        for index in edgeFrom.indices { outgoing[Int(edgeFrom[index])].append(index) }
        return outgoing
    }

    /// The choice numbers of the shortest path from an initial state to `node`, and the
    /// number of that initial state among the explorer's.
    func path(to node: Int) -> (start: Int, choices: [Int]) {
        (links.start(of: node), links.path(to: node))
    }

    /// The edges of the shortest path from an initial state to `node` (`outgoing` is
    /// ``outgoing``), and the number of that initial state among the explorer's.
    func shortestEdges(to node: Int, outgoing: [[Int]]) -> (start: Int, edges: [Int]) {
        var edges: [Int] = []
        var current = node
        while true {
            let (parent, choice) = links.link(current)
            if parent == TraceLinks.root { return (Int(choice), edges.reversed()) }
            let source = Int(parent)
            let edge = outgoing[source].first { choices[$0] == choice }!
            edges.append(edge)
            current = source
        }
    }
}

extension ExplorationGraph: Sendable where State: Sendable, Event: Sendable {}
extension ExplorationGraph.Node: Sendable where State: Sendable {}
extension ExplorationGraph.Edge: Sendable where Event: Sendable {}
