/// Finds fair lassos on an explored graph (X11, X14, X15): fair infinite paths that pass a
/// trigger state and then stay, for good, in a region of states (where a goal fails), and
/// the shortest such path.
///
/// Infinite paths that stay in a region from some point on stay, in the end, within a
/// strongly connected set of its states (one state alone counts: a path may stutter
/// there). Such a set admits a fair path through all of it exactly when, for each class:
/// - weak: one of its transitions lies inside the set, or the class is disabled in one
///   of the set's states;
/// - strong: one of its transitions lies inside the set, or it is disabled in all of the
///   set's states; when it is not, no fair path can visit the states enabling it
///   infinitely often, so those states are removed and what remains is split into
///   strongly connected sets again (the standard check of Streett conditions).
///
/// The graph is held compactly: each node's transitions as one range of a flat array of
/// 32-bit numbers, and each class's transitions and enabling states as bit sets. The graph
/// is the same on any number of workers, and this check reads it in one fixed order, so
/// the verdict and the lasso are the same too.
struct FairCycles: Sendable {
    /// The transitions leaving node `n` are `edgeOrder[edgeStart[n]..<edgeStart[n + 1]]`.
    let edgeStart: [Int32]
    let edgeOrder: [Int32]
    let from: [UInt32]
    let to: [UInt32]
    /// Per fair class: weak or strong, its transitions (those that change the state), and
    /// the states that enable it.
    let classes: [FairClassBits]
    /// The initial states, and the states whose transitions are not all in the graph.
    let isInitial: [Bool]
    let isOpen: [Bool]
    /// Which nodes a path may stay in forever (stutter); `nil` when every node may, as in
    /// an explored graph. A product with a formula's automaton (X17) allows it only where
    /// the automaton can stay too.
    let canStay: [Bool]?

    var nodeCount: Int { isOpen.count }

    /// Whether a path may stay in `node` forever.
    @inline(__always)
    func staysIn(_ node: Int) -> Bool { canStay?[node] ?? true }

    /// A graph given by its transitions (`from[e]` to `to[e]`), with its fair classes
    /// already as bits: a formula's product with the explored graph (X17).
    init(
        from: [UInt32], to: [UInt32], isInitial: [Bool], isOpen: [Bool], classes: [FairClassBits],
        canStay: [Bool]
    ) {
        let nodes = isOpen.count
        var start = [Int32](repeating: 0, count: nodes + 1)
        for source in from { start[Int(source) + 1] += 1 }
        for node in 0..<nodes { start[node + 1] += start[node] }
        var fill = start
        var order = [Int32](repeating: 0, count: from.count)
        for index in from.indices {
            let source = Int(from[index])
            order[Int(fill[source])] = Int32(index)
            fill[source] += 1
        }
        edgeStart = start
        edgeOrder = order
        self.from = from
        self.to = to
        self.isInitial = isInitial
        self.isOpen = isOpen
        self.classes = classes
        self.canStay = canStay
    }

    init<State, Event>(_ graph: ExplorationGraph<State, Event>, classes: [(FairnessKind, BitSet)]) {
        let nodes = graph.depths.count
        let edges = graph.edgeFrom.count
        var start = [Int32](repeating: 0, count: nodes + 1)
        for source in graph.edgeFrom { start[Int(source) + 1] += 1 }
        for node in 0..<nodes { start[node + 1] += start[node] }
        var fill = start
        var order = [Int32](repeating: 0, count: edges)
        for index in 0..<edges {
            let source = Int(graph.edgeFrom[index])
            order[Int(fill[source])] = Int32(index)
            fill[source] += 1
        }
        edgeStart = start
        edgeOrder = order
        from = graph.edgeFrom
        to = graph.edgeTo
        isInitial = graph.depths.map { $0 == 0 }
        isOpen = graph.isOpen
        canStay = nil
        let from = from
        let classes = Self.relational(classes, edgeStart: start, edgeOrder: order, to: graph.edgeTo)
        self.classes = classes.map { fairness, members in
            var enabled = BitSet(count: nodes)
            for edge in 0..<edges where members[edge] { enabled[Int(from[edge])] = true }
            return FairClassBits(fairness: fairness, members: members, enabled: enabled)
        }
    }

    /// The classes read as TLA+ reads actions, as relations on states (X18): a step from
    /// one state to another is in every class of which some transition between the two
    /// (by whichever event) is, so that one step serves every action it satisfies.
    ///
    /// Only transitions that share their source and target with another are touched, so
    /// a graph without such pairs costs one pass over its transitions.
    static func relational(
        _ classes: [(FairnessKind, BitSet)], edgeStart: [Int32], edgeOrder: [Int32], to: [UInt32]
    ) -> [(FairnessKind, BitSet)] {
        guard !classes.isEmpty else { return classes }
        var classes = classes
        let nodes = edgeStart.count - 1
        // For the node being read, the first of its transitions to each target (by number).
        var firstTo = [Int32](repeating: -1, count: nodes)
        var parallel: [(first: Int, other: Int)] = []
        for node in 0..<nodes where edgeStart[node + 1] - edgeStart[node] > 1 {
            let outgoing = edgeOrder[Int(edgeStart[node])..<Int(edgeStart[node + 1])]
            for edge in outgoing {
                let target = Int(to[Int(edge)])
                guard target != node else { continue }
                if firstTo[target] < 0 {
                    firstTo[target] = edge
                } else {
                    parallel.append((Int(firstTo[target]), Int(edge)))
                }
            }
            for edge in outgoing { firstTo[Int(to[Int(edge)])] = -1 }
        }
        guard !parallel.isEmpty else { return classes }
        for index in classes.indices {
            // Gather each group's membership on its first transition, then spread it.
            for (first, other) in parallel where classes[index].1[other] { classes[index].1[first] = true }
            for (first, other) in parallel where classes[index].1[first] { classes[index].1[other] = true }
        }
        return classes
    }

    /// The transitions leaving `node`, in the order they were stepped.
    @inline(__always)
    func outgoing(_ node: Int) -> ArraySlice<Int32> {
        edgeOrder[Int(edgeStart[node])..<Int(edgeStart[node + 1])]
    }

    /// The fair sets among the nodes `region` allows (open nodes never are): each node's
    /// set number (-1 for none), and the sets.
    func fairSets(in region: [Bool]) -> (of: [Int32], sets: [[Int]]) {
        let nodes = nodeCount
        var fairSet = [Int32](repeating: -1, count: nodes)
        var fairSets: [[Int]] = []
        var scratch = Scratch(nodes: nodes)
        var work = components(of: (0..<nodes).filter { region[$0] && !isOpen[$0] }, &scratch)
        while let set = work.popLast() {
            // A node alone is a loop only where a path may stay in it.
            if set.count == 1 && !staysIn(set[0]) { continue }
            for node in set { scratch.inside[node] = true }
            let taken = takenClasses(in: set, scratch.inside)
            for node in set { scratch.inside[node] = false }
            var restricted = false
            for (index, fairClass) in classes.enumerated()
            where fairClass.fairness == .strong && !taken[index] {
                guard set.contains(where: { fairClass.enabled[$0] }) else { continue }
                work += components(of: set.filter { !fairClass.enabled[$0] }, &scratch)
                restricted = true
                break
            }
            if restricted { continue }
            let neglected = classes.indices.contains { index in
                classes[index].fairness == .weak && !taken[index]
                    && set.allSatisfy { classes[index].enabled[$0] }
            }
            if neglected { continue }
            for node in set { fairSet[node] = Int32(fairSets.count) }
            fairSets.append(set)
        }
        return (fairSet, fairSets)
    }

    /// Which classes have a transition inside `set`.
    private func takenClasses(in set: [Int], _ inside: [Bool]) -> [Bool] {
        var taken = Array(repeating: false, count: classes.count)
        for node in set {
            for edge in outgoing(node) where Int(to[Int(edge)]) != node && inside[Int(to[Int(edge)])] {
                for index in classes.indices where classes[index].members[Int(edge)] { taken[index] = true }
            }
        }
        return taken
    }

    /// Per-node arrays the set computations share, each left as it was found (all unset)
    /// after use, so that restricting a set many times costs its size, not the graph's.
    private struct Scratch {
        var inside: [Bool]
        var allowed: [Bool]
        var index: [Int32]
        var low: [Int32]
        var onStack: [Bool]

        init(nodes: Int) {
            inside = Array(repeating: false, count: nodes)
            allowed = Array(repeating: false, count: nodes)
            index = Array(repeating: -1, count: nodes)
            low = Array(repeating: 0, count: nodes)
            onStack = Array(repeating: false, count: nodes)
        }
    }

    /// The strongly connected sets of the subgraph of `nodes` (Tarjan's algorithm,
    /// without recursion), each in the order found.
    private func components(of nodes: [Int], _ scratch: inout Scratch) -> [[Int]] {
        for node in nodes { scratch.allowed[node] = true }
        defer {
            for node in nodes {
                scratch.allowed[node] = false
                scratch.index[node] = -1
            }
        }
        var stack: [Int] = []
        var components: [[Int]] = []
        var counter: Int32 = 0
        for root in nodes where scratch.index[root] < 0 {
            // Frames: a node and the position of the next of its transitions to look at.
            var frames: [(node: Int, next: Int)] = [(root, Int(edgeStart[root]))]
            scratch.index[root] = counter
            scratch.low[root] = counter
            counter += 1
            stack.append(root)
            scratch.onStack[root] = true
            while let frame = frames.last {
                let node = frame.node
                if frame.next < Int(edgeStart[node + 1]) {
                    frames[frames.count - 1].next += 1
                    let target = Int(to[Int(edgeOrder[frame.next])])
                    guard target != node, scratch.allowed[target] else { continue }
                    if scratch.index[target] < 0 {
                        scratch.index[target] = counter
                        scratch.low[target] = counter
                        counter += 1
                        stack.append(target)
                        scratch.onStack[target] = true
                        frames.append((target, Int(edgeStart[target])))
                    } else if scratch.onStack[target] {
                        scratch.low[node] = min(scratch.low[node], scratch.index[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node {
                    scratch.low[parent] = min(scratch.low[parent], scratch.low[node])
                }
                if scratch.low[node] == scratch.index[node] {
                    var component: [Int] = []
                    while let top = stack.popLast() {
                        scratch.onStack[top] = false
                        component.append(top)
                        if top == node { break }
                    }
                    components.append(component.sorted())
                }
            }
        }
        return components
    }
}

/// A fair class as the lasso search reads it.
struct FairClassBits: Sendable {
    let fairness: FairnessKind
    /// The transitions of the class (that change the state).
    let members: BitSet
    /// The states in which one of them is enabled.
    let enabled: BitSet
}

/// A fixed number of flags, one bit each.
struct BitSet: Sendable {
    private var words: [UInt64]
    let count: Int

    init(count: Int) {
        self.count = count
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    /// The flags of `parts`, in order, each but the last a whole number of words long.
    init(joining parts: [BitSet]) {
        count = parts.reduce(0) { $0 + $1.count }
        words = parts.flatMap(\.words)
    }

    var indices: Range<Int> { 0..<count }

    /// Whether any flag is set.
    var containsAny: Bool { words.contains { $0 != 0 } }

    subscript(index: Int) -> Bool {
        @inline(__always) get { words[index >> 6] >> UInt64(index & 63) & 1 == 1 }
        set {
            let bit: UInt64 = 1 << UInt64(index & 63)
            if newValue { words[index >> 6] |= bit } else { words[index >> 6] &= ~bit }
        }
    }
}
