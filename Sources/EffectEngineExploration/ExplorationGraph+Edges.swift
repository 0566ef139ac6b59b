extension ExplorationGraph {
    /// The graph's transitions, in the order they were stepped: each ``Edge`` is made when
    /// it is read, from the walk's own compact arrays (32-bit sources and targets, the
    /// events, task numbers), so a graph of millions of transitions holds no second copy.
    ///
    /// ```swift
    /// let fromStart = graph.edges.filter { $0.from == 0 }.count
    /// ```
    public struct Edges: RandomAccessCollection {
        /// Each transition's source, target, event and task number (-1 for a user's event).
        let sources: [UInt32]
        let targets: [UInt32]
        let events: [Event]
        let tasks: [Int32]
        /// Turns task numbers into names.
        let tracker: TaskTracker

        /// The first transition's number: 0.
        ///
        /// ```swift
        /// let first = graph.edges[graph.edges.startIndex]
        /// ```
        public var startIndex: Int { 0 }

        /// One past the last transition's number: their count.
        ///
        /// ```swift
        /// #expect(graph.edges.endIndex == report.transitions)
        /// ```
        public var endIndex: Int { sources.count }

        /// The transition numbered `position`, in the order transitions were stepped.
        ///
        /// ```swift
        /// let first = graph.edges[0]
        /// ```
        public subscript(position: Int) -> Edge {
            Edge(
                from: Int(sources[position]), to: Int(targets[position]), event: events[position],
                task: tracker.name(of: Int(tasks[position])))
        }
    }
}

extension ExplorationGraph.Edges: Sendable where Event: Sendable {}
