extension FairCycles {
    /// A fair path from an initial state that passes a trigger state and then stays in
    /// the region for good: a stem and a loop.
    struct Lasso {
        /// The initial node the stem starts at.
        let start: Int
        /// The stem's transitions, from `start` to the loop's first node.
        let stem: [Int]
        /// How many of the stem's transitions come before the trigger state; `nil` when
        /// the trigger holds only on the loop.
        let trigger: Int?
        /// The loop's transitions, back to its first node; empty when the path stays in
        /// that node (it stutters).
        let loop: [Int]
        /// How many trigger states (in the region) a fair path leaves for good without
        /// leaving the region.
        let triggers: Int

        /// The lasso's events, stem and loop together.
        var length: Int { stem.count + loop.count }
    }

    /// The shortest fair lasso (fewest transitions, stem and loop together) that reaches
    /// a `trigger` state in the `region` and stays in the region from then on, its loop
    /// visiting a `mustVisit` state when that is given; `nil` when there is none. A node
    /// whose transitions are not all in the graph (past a bound) is never on a lasso.
    ///
    /// The stem is found breadth first over (node, whether the trigger has held yet);
    /// then each entry to a fair set, nearest first, is tried with the shortest fair loop
    /// through it, breadth first over (node, which fairness conditions the loop has met),
    /// until no nearer entry is left that could make a shorter lasso.
    func lasso(trigger: [Bool], region: [Bool], mustVisit: [Bool]? = nil) -> Lasso? {
        lasso(trigger: trigger, region: region, mustVisitEach: mustVisit.map { [$0] } ?? [])
    }

    /// The shortest fair lasso whose loop visits a state of each of `mustVisitEach` (a
    /// generalised Büchi condition, X17).
    func lasso(trigger: [Bool], region: [Bool], mustVisitEach: [[Bool]]) -> Lasso? {
        let nodes = nodeCount
        let allowed = (0..<nodes).map { region[$0] && !isOpen[$0] }
        let (fairSet, sets) = fairSets(in: allowed)
        guard !sets.isEmpty else { return nil }
        let (distance, parent) = stems(trigger: trigger, allowed: allowed)
        let triggers = countTriggers(trigger: trigger, allowed: allowed, fairSet: fairSet)
        // Which sets hold a trigger state, or a state the loop must visit.
        var holdsTrigger = Array(repeating: false, count: sets.count)
        var needed = Array(repeating: Array(repeating: false, count: mustVisitEach.count), count: sets.count)
        for node in 0..<nodes where fairSet[node] >= 0 {
            if trigger[node] { holdsTrigger[Int(fairSet[node])] = true }
            for (index, need) in mustVisitEach.enumerated() where need[node] {
                needed[Int(fairSet[node])][index] = true
            }
        }
        let holdsNeeded = needed.map { !$0.contains(false) }
        var candidates: [(distance: Int, node: Int, triggered: Bool)] = []
        for node in 0..<nodes where fairSet[node] >= 0 && holdsNeeded[Int(fairSet[node])] {
            let after = Int(distance[2 * node + 1])
            let before = Int(distance[2 * node])
            if after >= 0 { candidates.append((after, node, true)) }
            if before >= 0 && (after < 0 || before < after) && holdsTrigger[Int(fairSet[node])] {
                candidates.append((before, node, false))
            }
        }
        candidates.sort {
            ($0.distance, $0.node, $0.triggered ? 0 : 1) < ($1.distance, $1.node, $1.triggered ? 0 : 1)
        }
        var best: (length: Int, node: Int, triggered: Bool, loop: [Int])?
        var loops = LoopSearch(self, sets: sets, fairSet: fairSet)
        for candidate in candidates {
            if let best, candidate.distance >= best.length { break }
            let limit = best.map { $0.length - candidate.distance - 1 } ?? .max
            let needs = mustVisitEach + (candidate.triggered ? [] : [trigger])
            if let loop = loops.shortestLoop(through: candidate.node, needs: needs, atMost: limit) {
                best = (candidate.distance + loop.count, candidate.node, candidate.triggered, loop)
            }
        }
        guard let best else { return nil }
        // The stem, back from the entry; the trigger holds where it moved on to the region.
        var stem: [Int] = []
        var afterTrigger: Int?
        var key = 2 * best.node + (best.triggered ? 1 : 0)
        while parent[key] != -1 {
            let link = Int(parent[key])
            if link == -2 {
                afterTrigger = stem.count
                key -= 1
                continue
            }
            stem.append(link)
            key = 2 * Int(from[link]) + key % 2
        }
        stem.reverse()
        let triggerAt = afterTrigger.map { stem.count - $0 }
        let start = stem.first.map { Int(from[$0]) } ?? best.node
        return Lasso(start: start, stem: stem, trigger: triggerAt, loop: best.loop, triggers: triggers)
    }

    /// The shortest stems: for each node and whether the trigger has held (`2 × node + 1`
    /// when it has), the fewest transitions from an initial node, or -1, and the
    /// transition it is reached by (-1 at an initial node, -2 where the trigger holds).
    private func stems(trigger: [Bool], allowed: [Bool]) -> (distance: [Int32], parent: [Int32]) {
        let nodes = nodeCount
        var distance = [Int32](repeating: -1, count: 2 * nodes)
        var parent = [Int32](repeating: -1, count: 2 * nodes)
        var queue: [Int32] = []
        queue.reserveCapacity(nodes)
        func reach(_ node: Int, triggered: Bool, at steps: Int32, by link: Int32) {
            let key = 2 * node + (triggered ? 1 : 0)
            guard distance[key] < 0 else { return }
            distance[key] = steps
            parent[key] = link
            queue.append(Int32(key))
            // The trigger holding here, in the region, starts the part of the path that
            // must stay there: the same distance.
            if !triggered && trigger[node] && allowed[node] && distance[key + 1] < 0 {
                distance[key + 1] = steps
                parent[key + 1] = -2
                queue.append(Int32(key + 1))
            }
        }
        for node in 0..<nodes where isInitial[node] { reach(node, triggered: false, at: 0, by: -1) }
        var head = 0
        while head < queue.count {
            let key = Int(queue[head])
            head += 1
            let node = key / 2
            let triggered = key % 2 == 1
            for edge in outgoing(node) {
                let target = Int(to[Int(edge)])
                guard target != node, !triggered || allowed[target] else { continue }
                reach(target, triggered: triggered, at: distance[key] + 1, by: edge)
            }
        }
        return (distance, parent)
    }

    /// How many trigger states in the region can reach a fair set without leaving it.
    private func countTriggers(trigger: [Bool], allowed: [Bool], fairSet: [Int32]) -> Int {
        let nodes = nodeCount
        var reaches = (0..<nodes).map { fairSet[$0] >= 0 }
        var incoming = [[Int32]](repeating: [], count: nodes)
        for edge in from.indices {
            let source = Int(from[edge])
            let target = Int(to[edge])
            if source != target && allowed[source] && allowed[target] {
                incoming[target].append(Int32(source))
            }
        }
        var stack = (0..<nodes).filter { reaches[$0] }
        while let node = stack.popLast() {
            for source in incoming[node] where !reaches[Int(source)] {
                reaches[Int(source)] = true
                stack.append(Int(source))
            }
        }
        return (0..<nodes).count { reaches[$0] && trigger[$0] }
    }
}
