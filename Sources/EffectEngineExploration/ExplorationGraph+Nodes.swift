extension ExplorationGraph {
    /// The graph's states, node `i` being the `i`-th found: each ``Node`` is made when it
    /// is read, from the walk's own arrays, so a graph of millions of states holds no
    /// second copy of them.
    ///
    /// ```swift
    /// let deepest = graph.nodes.map(\.depth).max() ?? 0
    /// ```
    public struct Nodes: RandomAccessCollection {
        /// Each state, its pending tasks' mask, its depth, and the numbers of the
        /// `always` properties it breaks.
        let states: [State]
        let pending: [UInt64]
        let depths: [Int]
        let broken: [[Int]]
        /// The `always` properties' names, by number.
        let properties: [String]
        /// The dead ends' numbers.
        let deadEnds: Set<UInt32>
        /// Turns task masks into names.
        let tracker: TaskTracker

        /// The first node's number: 0, the first initial state.
        ///
        /// ```swift
        /// let start = graph.nodes[graph.nodes.startIndex]
        /// ```
        public var startIndex: Int { 0 }

        /// One past the last node's number: their count.
        ///
        /// ```swift
        /// #expect(graph.nodes.endIndex == report.states)
        /// ```
        public var endIndex: Int { states.count }

        /// The node numbered `position`.
        ///
        /// ```swift
        /// #expect(graph.nodes[0].depth == 0)
        /// ```
        public subscript(position: Int) -> Node {
            Node(
                state: states[position], pendingTasks: tracker.names(in: pending[position]),
                depth: depths[position], brokenInvariants: broken[position].map { properties[$0] },
                isDeadEnd: deadEnds.contains(UInt32(truncatingIfNeeded: position)))
        }
    }
}

extension ExplorationGraph.Nodes: Sendable where State: Sendable {}
