import Synchronization

extension LivenessCheck {
    /// Which states an instance's trigger and goal hold in, one bit a state; `nil` for a
    /// predicate its kind does not read.
    struct Judged {
        let trigger: BitSet?
        let goal: BitSet?
    }

    /// Every instance's trigger and goal, judged on every state in one pass that
    /// `workers` threads share by ranges of states (issue 57).
    ///
    /// Judged one instance at a time, each by the worker checking it, two workers swept
    /// the same states in the same order at the same time, and copying a state whose
    /// fields live on the heap (a queue, a set) wrote to the same reference counts from
    /// both cores: on `ReadersWriters` with 4 actors the second worker gained nothing.
    /// Here a worker reads only its own range of states (a few thousand, which stay in its
    /// cache while it judges every instance on them), in place.
    ///
    /// - Parameter units: The (property, instance) pairs, in the order they are checked.
    /// - Returns: One `Judged` a unit.
    func judgeStates(_ units: [(Int, Int)], workers: Int) -> [Judged] {
        let nodes = graph.states.count
        // Which units read their trigger, and which their goal.
        let readsTrigger = units.map { unit -> Bool in
            switch explorer.liveness[unit.0].kind {
            case .staysReachable, .leadsTo: true
            default: false
            }
        }
        let readsGoal = units.map { unit -> Bool in
            switch explorer.liveness[unit.0].kind {
            case .everyStep, .temporal: false
            default: true
            }
        }
        guard readsTrigger.contains(true) || readsGoal.contains(true) else {
            return units.map { _ in Judged(trigger: nil, goal: nil) }
        }
        // The closures alone, read in place below: an instance copied from an array in
        // this unspecialised code costs a metadata lookup and a retain of each closure.
        let triggers = units.map { explorer.liveness[$0.0].instances[$0.1].trigger }
        let goals = units.map { explorer.liveness[$0.0].instances[$0.1].goal }
        // Pieces of whole 64-state words, so that no two workers write one word, and
        // small enough that a piece's states stay in a core's cache while every
        // instance is judged on them.
        let pieceLength = 4_096
        let pieces = (nodes + pieceLength - 1) / pieceLength
        let results = ChunkResults<[(trigger: BitSet?, goal: BitSet?)]>(count: pieces)
        let queue = ChunkQueue()
        WorkerThreads.run(count: min(workers, pieces)) { _ in
            while true {
                let piece = queue.next.add(1, ordering: .relaxed).oldValue
                guard piece < pieces else { return }
                let range = piece * pieceLength..<min(nodes, (piece + 1) * pieceLength)
                var judged: [(trigger: BitSet?, goal: BitSet?)] = []
                graph.states.withUnsafeBufferPointer { allStates in
                    pendingTasks.withUnsafeBufferPointer { allPending in
                        triggers.withUnsafeBufferPointer { triggers in
                            goals.withUnsafeBufferPointer { goals in
                                let states = UnsafeBufferPointer(rebasing: allStates[range])
                                let pending = UnsafeBufferPointer(rebasing: allPending[range])
                                func judge(_ predicate: (State, PendingTasks) -> Bool) -> BitSet {
                                    var bits = BitSet(count: states.count)
                                    for index in states.indices where predicate(states[index], pending[index]) {
                                        bits[index] = true
                                    }
                                    return bits
                                }
                                judged = units.indices.map { unit in
                                    (
                                        trigger: readsTrigger[unit] ? judge(triggers[unit]) : nil,
                                        goal: readsGoal[unit] ? judge(goals[unit]) : nil
                                    )
                                }
                            }
                        }
                    }
                }
                results[piece] = judged
            }
        }
        let parts = (0..<pieces).map { results.take($0)! }
        return units.indices.map { unit in
            Judged(
                trigger: readsTrigger[unit] ? BitSet(joining: parts.map { $0[unit].trigger! }) : nil,
                goal: readsGoal[unit] ? BitSet(joining: parts.map { $0[unit].goal! }) : nil)
        }
    }
}

extension BitSet {
    /// The flags as an array, one `Bool` each.
    var flags: [Bool] {
        (0..<count).map { self[$0] }
    }
}
