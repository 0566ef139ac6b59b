/// Checks leads-to properties (X11) on an explored graph: whether some fair infinite path
/// reaches a trigger state and then never a goal state, and if so the lasso that shows it.
///
/// Infinite paths that avoid the goal from some point on stay, in the end, within a
/// strongly connected set of non-goal states (one state alone counts: a path may stutter
/// there). Such a set admits a fair path through all of it exactly when, for each class:
/// - weak: one of its transitions lies inside the set, or the class is disabled in one
///   of the set's states;
/// - strong: one of its transitions lies inside the set, or it is disabled in all of the
///   set's states; when it is not, no fair path can visit the states enabling it
///   infinitely often, so those states are removed and what remains is split into
///   strongly connected sets again (the standard check of Streett conditions).
///
/// The graph is the same on any number of workers, and this check reads it in one fixed
/// order, so the verdict and the lasso are the same too.
struct FairCycles {
    /// The graph's transitions leaving each node.
    let outgoing: [[Int]]
    let from: [Int]
    let to: [Int]
    /// Per fair class: weak or strong, whether each transition (that changes the state)
    /// is one of its, and whether it is enabled in each node.
    let classes: [(fairness: Fairness, members: [Bool], enabled: [Bool])]
    let depths: [Int]
    let isOpen: [Bool]

    init<State, Event>(_ graph: ExplorationGraph<State, Event>, classes: [(Fairness, [Bool])]) {
        outgoing = graph.outgoing
        from = graph.edges.map(\.from)
        to = graph.edges.map(\.to)
        depths = graph.nodes.map(\.depth)
        isOpen = graph.isOpen
        let nodes = graph.nodes.count
        self.classes = classes.map { fairness, members in
            var enabled = Array(repeating: false, count: nodes)
            for index in members.indices where members[index] { enabled[graph.edges[index].from] = true }
            return (fairness, members, enabled)
        }
    }

    /// A fair path that reaches a trigger state and never a goal state after it.
    struct Lasso {
        /// The trigger state the path passes, the nearest one.
        let trigger: Int
        /// The transitions from it to the loop's first state.
        let toLoop: [Int]
        /// The loop's transitions, back to its first state; empty when the path stays in
        /// that state.
        let loop: [Int]
        /// How many trigger states a fair path leaves for good without the goal.
        let triggers: Int
    }

    /// The lasso showing that `trigger ~> goal` fails; `nil` when it holds. A node whose
    /// transitions are not all in the graph (past a bound) is taken to reach the goal.
    func lasso(trigger: [Bool], goal: [Bool]) -> Lasso? {
        let nodes = depths.count
        let avoids = (0..<nodes).map { !goal[$0] && !isOpen[$0] }
        // The fair sets among the states avoiding the goal.
        var fairSet = Array(repeating: -1, count: nodes)
        var fairSets: [[Int]] = []
        var scratch = Scratch(nodes: nodes)
        var work = components(of: (0..<nodes).filter { avoids[$0] }, &scratch)
        while let set = work.popLast() {
            for node in set { scratch.inside[node] = true }
            let taken = takenClasses(in: set, scratch.inside)
            for node in set { scratch.inside[node] = false }
            var restricted = false
            for (index, fairClass) in classes.enumerated() where fairClass.fairness == .strong && !taken[index] {
                guard set.contains(where: { fairClass.enabled[$0] }) else { continue }
                work += components(of: set.filter { !fairClass.enabled[$0] }, &scratch)
                restricted = true
                break
            }
            if restricted { continue }
            let neglected = classes.indices.contains { index in
                classes[index].fairness == .weak && !taken[index] && set.allSatisfy { classes[index].enabled[$0] }
            }
            if neglected { continue }
            for node in set { fairSet[node] = fairSets.count }
            fairSets.append(set)
        }
        // The states avoiding the goal from which a fair set can be reached that way, and
        // how many transitions away, breadth first backwards from the fair sets.
        var distance = fairSet.map { $0 >= 0 ? 0 : -1 }
        var incoming = Array(repeating: [Int](), count: nodes)
        for edge in from.indices where from[edge] != to[edge] && avoids[from[edge]] && avoids[to[edge]] {
            incoming[to[edge]].append(from[edge])
        }
        var queue = (0..<nodes).filter { distance[$0] == 0 }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for source in incoming[node] where distance[source] < 0 {
                distance[source] = distance[node] + 1
                queue.append(source)
            }
        }
        // The trigger state on the shortest way into a fair set: the lasso's stem is as
        // short as it can be.
        let stuck = (0..<nodes).filter { distance[$0] >= 0 && trigger[$0] }
        guard
            let start = stuck.min(by: {
                (depths[$0] + distance[$0], depths[$0], $0) < (depths[$1] + distance[$1], depths[$1], $1)
            })
        else { return nil }
        let toLoop = path(from: start, within: avoids) { fairSet[$0] >= 0 ? .node : nil }
        let entry = toLoop.last.map { to[$0] } ?? start
        let loop = cycle(from: entry, in: fairSets[fairSet[entry]])
        return Lasso(trigger: start, toLoop: toLoop, loop: loop, triggers: stuck.count)
    }

    /// Which classes have a transition inside `set`.
    private func takenClasses(in set: [Int], _ inside: [Bool]) -> [Bool] {
        var taken = Array(repeating: false, count: classes.count)
        for node in set {
            for edge in outgoing[node] where to[edge] != node && inside[to[edge]] {
                for index in classes.indices where classes[index].members[edge] { taken[index] = true }
            }
        }
        return taken
    }

    /// A loop from `entry` through the fair set `set` that meets every class's fairness,
    /// built by going to the nearest transition or state each unmet class needs, and back.
    private func cycle(from entry: Int, in set: [Int]) -> [Int] {
        var inside = Array(repeating: false, count: depths.count)
        for node in set { inside[node] = true }
        var visited: Set<Int> = [entry]
        var taken = Array(repeating: false, count: classes.count)
        var loop: [Int] = []
        var current = entry
        func met(_ index: Int) -> Bool {
            if taken[index] { return true }
            let enabled = classes[index].enabled
            return classes[index].fairness == .weak
                ? visited.contains { !enabled[$0] } : visited.allSatisfy { !enabled[$0] }
        }
        func follow(_ edges: [Int]) {
            for edge in edges {
                loop.append(edge)
                visited.insert(to[edge])
                for index in classes.indices where classes[index].members[edge] { taken[index] = true }
            }
            current = edges.last.map { to[$0] } ?? current
        }
        while true {
            if let unmet = classes.indices.first(where: { !met($0) }) {
                let fairClass = classes[unmet]
                let edges = path(from: current, within: inside) { node in
                    fairClass.fairness == .weak && !fairClass.enabled[node] ? .node : nil
                } edge: { edge in
                    fairClass.members[edge]
                }
                // A fair set always has what a class needs; an empty path would loop.
                guard !edges.isEmpty else { return loop }
                follow(edges)
                continue
            }
            if current == entry { return loop }
            let back = path(from: current, within: inside) { $0 == entry ? .node : nil }
            guard !back.isEmpty else { return loop }
            follow(back)
        }
    }

    private enum Target { case node }

    /// The shortest path from `start`, through nodes allowed by `within`, to the first
    /// node `stop` accepts (the start included) or through the first transition `edge`
    /// accepts (taken last); breadth first, transitions in the graph's order.
    private func path(
        from start: Int, within: [Bool], to stop: (Int) -> Target?, edge accepts: (Int) -> Bool = { _ in false }
    ) -> [Int] {
        if stop(start) != nil { return [] }
        var parent = [Int: Int]()  // node -> edge it was reached by
        var seen: Set<Int> = [start]
        var queue = [start]
        var head = 0
        func edges(to node: Int) -> [Int] {
            var edges: [Int] = []
            var current = node
            while current != start, let edge = parent[current] {
                edges.append(edge)
                current = from[edge]
            }
            return edges.reversed()
        }
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in outgoing[node] where to[edge] != node && within[to[edge]] {
                if accepts(edge) { return edges(to: node) + [edge] }
                let next = to[edge]
                guard !seen.contains(next) else { continue }
                seen.insert(next)
                parent[next] = edge
                if stop(next) != nil { return edges(to: next) }
                queue.append(next)
            }
        }
        return []
    }

    /// Per-node arrays the set computations share, each left as it was found (all unset)
    /// after use, so that restricting a set many times costs its size, not the graph's.
    private struct Scratch {
        var inside: [Bool]
        var allowed: [Bool]
        var index: [Int]
        var low: [Int]
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
        var counter = 0
        for root in nodes where scratch.index[root] < 0 {
            // Frames: a node and how many of its transitions were looked at.
            var frames: [(node: Int, next: Int)] = [(root, 0)]
            scratch.index[root] = counter
            scratch.low[root] = counter
            counter += 1
            stack.append(root)
            scratch.onStack[root] = true
            while let frame = frames.last {
                let node = frame.node
                let edges = outgoing[node]
                if frame.next < edges.count {
                    frames[frames.count - 1].next += 1
                    let target = to[edges[frame.next]]
                    guard target != node, scratch.allowed[target] else { continue }
                    if scratch.index[target] < 0 {
                        scratch.index[target] = counter
                        scratch.low[target] = counter
                        counter += 1
                        stack.append(target)
                        scratch.onStack[target] = true
                        frames.append((target, 0))
                    } else if scratch.onStack[target] {
                        scratch.low[node] = min(scratch.low[node], scratch.index[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { scratch.low[parent] = min(scratch.low[parent], scratch.low[node]) }
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
