/// The shortest fair loop through a node of a fair set (X14): breadth first over the node
/// and which fairness conditions the loop has met so far, so the first loop back to the
/// node that meets them all is a shortest one.
///
/// Only the classes enabled somewhere in the set are tracked (the others are met by any
/// loop in it): a weak class by one flag (taken, or a state disabling it visited), a
/// strong one by two (taken; a state enabling it visited). The loop built by going to what
/// each unmet condition needs, nearest first, bounds the search; it is the answer when
/// there are more than 64 flags, or when the search keeps more than ``budget`` pairs:
/// fair, but then not always the shortest.
struct LoopSearch {
    private let cycles: FairCycles
    private let sets: [[Int]]
    private let fairSet: [Int32]
    /// Per set, the classes enabled somewhere in it.
    private var relevant: [Int: [Int]] = [:]

    init(_ cycles: FairCycles, sets: [[Int]], fairSet: [Int32]) {
        self.cycles = cycles
        self.sets = sets
        self.fairSet = fairSet
    }

    private struct Key: Hashable {
        let node: Int32
        let mask: UInt64
    }

    /// The transitions of the shortest fair loop from `entry` back to it, of at most
    /// `limit` transitions, that visits a state of each of `needs`; `[]` when staying in
    /// `entry` is fair (and allowed); `nil` when there is none that short.
    mutating func shortestLoop(through entry: Int, needs needList: [[Bool]], atMost limit: Int) -> [Int]? {
        let set = Int(fairSet[entry])
        let classes = relevantClasses(of: set)
        // Flag positions: per class, the first of its flags; then the needs.
        var position: [Int] = []
        var flags = 0
        for index in classes {
            position.append(flags)
            flags += cycles.classes[index].fairness == .weak ? 1 : 2
        }
        let needAt = flags
        flags += needList.count
        guard flags <= 64 else { return greedyLoop(through: entry, in: set, needs: needList, limit: limit) }

        func visit(_ node: Int, _ mask: UInt64) -> UInt64 {
            var mask = mask
            for (slot, index) in classes.enumerated() {
                let fairClass = cycles.classes[index]
                if fairClass.fairness == .weak {
                    if !fairClass.enabled[node] { mask |= 1 << UInt64(position[slot]) }
                } else if fairClass.enabled[node] {
                    mask |= 1 << UInt64(position[slot] + 1)
                }
            }
            for (offset, need) in needList.enumerated() where need[node] {
                mask |= 1 << UInt64(needAt + offset)
            }
            return mask
        }
        func take(_ edge: Int, _ mask: UInt64) -> UInt64 {
            var mask = mask
            for (slot, index) in classes.enumerated() where cycles.classes[index].members[edge] {
                mask |= 1 << UInt64(position[slot])
            }
            return mask
        }
        func isFair(_ mask: UInt64) -> Bool {
            for (slot, index) in classes.enumerated() {
                let met = mask >> UInt64(position[slot]) & 1 == 1
                if cycles.classes[index].fairness == .weak {
                    if !met { return false }
                } else if !met && mask >> UInt64(position[slot] + 1) & 1 == 1 {
                    return false
                }
            }
            for offset in needList.indices where mask >> UInt64(needAt + offset) & 1 == 0 { return false }
            return true
        }

        let start = Key(node: Int32(entry), mask: visit(entry, 0))
        if isFair(start.mask) && cycles.staysIn(entry) { return [] }
        // A fair loop built nearest-first bounds the search: only a shorter one is looked
        // for, and if the search grows past its budget, that loop stands.
        let fallback = greedyLoop(through: entry, in: set, needs: needList, limit: limit)
        let bound = fallback.map { $0.count - 1 } ?? limit
        var parents: [Key: (key: Key, edge: Int32)] = [:]
        var layer = [start]
        var steps = 0
        while !layer.isEmpty && steps < bound {
            if parents.count > Self.budget { return fallback }
            steps += 1
            var next: [Key] = []
            for key in layer {
                let node = Int(key.node)
                for edge in cycles.outgoing(node) {
                    let target = Int(cycles.to[Int(edge)])
                    guard target != node, fairSet[target] == set else { continue }
                    let mask = visit(target, take(Int(edge), key.mask))
                    if target == entry && isFair(mask) {
                        var loop = [Int(edge)]
                        var current = key
                        while current != start, let link = parents[current] {
                            loop.append(Int(link.edge))
                            current = link.key
                        }
                        return loop.reversed()
                    }
                    let reached = Key(node: Int32(target), mask: mask)
                    guard reached != start, parents[reached] == nil else { continue }
                    parents[reached] = (key, edge)
                    next.append(reached)
                }
            }
            layer = next
        }
        return fallback
    }

    /// The most (state, flags) pairs one loop search keeps before it settles for the loop
    /// built nearest-first: 4,000,000, about 100 MB.
    static var budget: Int { 4_000_000 }

    private mutating func relevantClasses(of set: Int) -> [Int] {
        if let classes = relevant[set] { return classes }
        let classes = cycles.classes.indices.filter { index in
            sets[set].contains { cycles.classes[index].enabled[$0] }
        }
        relevant[set] = classes
        return classes
    }

    /// A fair loop from `entry` through the set built by going to the nearest transition
    /// or state each unmet condition needs, and back; `nil` when longer than `limit`.
    private func greedyLoop(through entry: Int, in set: Int, needs: [[Bool]], limit: Int) -> [Int]? {
        let classes = cycles.classes
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
                visited.insert(Int(cycles.to[edge]))
                for index in classes.indices where classes[index].members[edge] { taken[index] = true }
            }
            current = edges.last.map { Int(cycles.to[$0]) } ?? current
        }
        while loop.count <= limit {
            if let unmet = classes.indices.first(where: { !met($0) }) {
                let fairClass = classes[unmet]
                let edges = path(from: current, in: set) { node in
                    fairClass.fairness == .weak && !fairClass.enabled[node]
                } edge: { edge in
                    fairClass.members[edge]
                }
                guard !edges.isEmpty else { return nil }
                follow(edges)
                continue
            }
            if let need = needs.first(where: { need in !visited.contains { need[$0] } }) {
                let edges = path(from: current, in: set) { need[$0] }
                guard !edges.isEmpty else { return nil }
                follow(edges)
                continue
            }
            if current == entry && loop.isEmpty && !cycles.staysIn(entry) {
                // A path may not stay here: go round once.
                guard
                    let first = cycles.outgoing(entry).map(Int.init).first(where: { edge in
                        let next = Int(cycles.to[edge])
                        return next != entry && fairSet[next] == set
                    })
                else { return nil }
                follow([first])
                continue
            }
            if current == entry { return loop.count <= limit ? loop : nil }
            let back = path(from: current, in: set) { $0 == entry }
            guard !back.isEmpty else { return nil }
            follow(back)
        }
        return nil
    }

    /// The shortest path from `start` within the set to the first node `stop` accepts
    /// (the start excluded) or through the first transition `accepts` accepts (taken
    /// last); breadth first, transitions in the graph's order.
    private func path(
        from start: Int, in set: Int, to stop: (Int) -> Bool, edge accepts: (Int) -> Bool = { _ in false }
    ) -> [Int] {
        var parent = [Int: Int]()
        var queue = [start]
        var head = 0
        func edges(to node: Int) -> [Int] {
            var edges: [Int] = []
            var current = node
            while current != start, let edge = parent[current] {
                edges.append(edge)
                current = Int(cycles.from[edge])
            }
            return edges.reversed()
        }
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in cycles.outgoing(node).map(Int.init) {
                let next = Int(cycles.to[edge])
                guard next != node, fairSet[next] == set else { continue }
                if accepts(edge) { return edges(to: node) + [edge] }
                guard next != start, parent[next] == nil else { continue }
                parent[next] = edge
                if stop(next) { return edges(to: next) }
                queue.append(next)
            }
        }
        return []
    }
}
