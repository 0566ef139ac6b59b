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
    public let nodes: [Node]
    /// The transitions between reached states, in the order they were stepped.
    ///
    /// ```swift
    /// #expect(graph.edges.allSatisfy { $0.from < graph.nodes.count })
    /// ```
    public let edges: [Edge]
}

extension ExplorationGraph: Sendable where State: Sendable, Event: Sendable {}
extension ExplorationGraph.Node: Sendable where State: Sendable {}
extension ExplorationGraph.Edge: Sendable where Event: Sendable {}
