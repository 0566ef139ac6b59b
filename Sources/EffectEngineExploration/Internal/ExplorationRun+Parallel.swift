import Synchronization

/// A parallel level (X6): the level's states are cut into chunks that the workers take
/// in turn, each expanding its chunks as the one-worker walk would while only reading
/// the table of visited states. Then the workers add the new fingerprints to the table,
/// each those of its own region of it, in chunk order; and the new states are numbered
/// chunk by chunk, in the order one worker would have found them. So the states'
/// numbers, their trace links, the first state breaking each property and every count
/// are the same whatever the number of workers and however the threads were scheduled.
extension ExplorationRun {
    /// A new state a worker found, with the link it was first reached by in its chunk.
    @usableFromInline
    struct Candidate {
        @usableFromInline var node: Node
        @usableFromInline let fingerprint: UInt64
        @usableFromInline let parent: UInt32
        @usableFromInline let edge: UInt32

        @inlinable
        init(node: Node, fingerprint: UInt64, parent: UInt32, edge: UInt32) {
            self.node = node
            self.fingerprint = fingerprint
            self.parent = parent
            self.edge = edge
        }
    }

    /// What a worker found in one chunk.
    @usableFromInline
    struct ChunkResult {
        @usableFromInline var candidates: [Candidate]
        @usableFromInline var transitions: Int
        @usableFromInline var foundBeyondDepth: Bool
        @usableFromInline var deadEnds: Int
        @usableFromInline var firstDeadEnd: (id: UInt32, state: State, pending: UInt64)?
        @usableFromInline var chainCuts: Int
        @usableFromInline var firstChainCut: (parent: UInt32, edge: UInt32)?

        @inlinable
        init(
            candidates: [Candidate], transitions: Int, foundBeyondDepth: Bool, deadEnds: Int,
            firstDeadEnd: (id: UInt32, state: State, pending: UInt64)?, chainCuts: Int,
            firstChainCut: (parent: UInt32, edge: UInt32)?
        ) {
            self.candidates = candidates
            self.transitions = transitions
            self.foundBeyondDepth = foundBeyondDepth
            self.deadEnds = deadEnds
            self.firstDeadEnd = firstDeadEnd
            self.chainCuts = chainCuts
            self.firstChainCut = firstChainCut
        }
    }

    /// The fewest states a level needs to be expanded in parallel: below, starting the
    /// threads costs more than it saves.
    @inlinable static var parallelLevelSize: Int { 512 }

    /// Whether `level` is expanded by several workers: not while the first transitions
    /// are checked for determinism (X3) and symmetry (X5), whose failures stop the walk
    /// at a transition, nor when the graph is kept.
    @inlinable
    func runsInParallel(_ level: [Node]) -> Bool {
        workers > 1 && graph == nil && transitions >= Self.determinismChecks
            && level.count >= Self.parallelLevelSize
    }

    /// Expands `level` on the workers and merges what they found into `next`; `false`,
    /// with nothing changed, when the level may reach the state bound, which the
    /// one-worker walk then handles state by state.
    @inlinable
    mutating func expandInParallel(
        _ level: [Node], _ model: Explorer<State, Event, Env>, into next: inout [Node], expands: Bool
    ) -> Bool {
        let chunkSize = max(64, min(2_048, level.count / (workers * 16)))
        let chunks = (level.count + chunkSize - 1) / chunkSize
        let results = ChunkResults<ChunkResult>(count: chunks)
        let queue = ChunkQueue()
        let threads = min(workers, chunks)
        let trackers = ChunkResults<TaskTracker>(count: threads)
        var prototype = self
        prototype.collects = true
        prototype.candidates = []
        WorkerThreads.run(count: threads) { worker in
            var run = prototype
            run.local = FingerprintTable(capacity: 4 * chunkSize)
            while true {
                let chunk = queue.next.add(1, ordering: .relaxed).oldValue
                guard chunk < chunks else { break }
                let start = chunk * chunkSize
                results[chunk] = run.expandChunk(
                    level[start..<min(level.count, start + chunkSize)], model, expands)
            }
            trackers[worker] = run.tracker
        }
        var collected = 0
        for chunk in 0..<chunks { collected += results[chunk]?.candidates.count ?? 0 }
        if table.count + collected > maxStates { return false }
        for worker in 0..<threads {
            guard let other = trackers[worker] else { continue }
            tracker.unmodelled.formUnion(other.unmodelled)
            tracker.issuedUnnamed = tracker.issuedUnnamed || other.issuedUnnamed
            tracker.unnamedOverflowed = tracker.unnamedOverflowed || other.unnamedOverflowed
        }
        for chunk in 0..<chunks {
            guard let result = results[chunk] else { continue }
            transitions += result.transitions
            foundBeyondDepth = foundBeyondDepth || result.foundBeyondDepth
            findings.deadEnds += result.deadEnds
            if findings.firstDeadEnd == nil { findings.firstDeadEnd = result.firstDeadEnd }
            findings.chainCuts += result.chainCuts
            if findings.firstChainCut == nil { findings.firstChainCut = result.firstChainCut }
        }
        guard collected > 0 else { return true }
        let fresh = mergeFingerprints(of: results, chunks: chunks, collected: collected)
        defer { fresh.deallocate() }
        // Number the new states in chunk order: the order one worker finds them in.
        next.reserveCapacity(next.count + collected)
        var offset = 0
        for chunk in 0..<chunks {
            guard let result = results.take(chunk) else { continue }
            for index in result.candidates.indices where fresh[offset + index] == 1 {
                let candidate = result.candidates[index]
                let id = UInt32(truncatingIfNeeded: links.count)
                links.append(parent: candidate.parent, edge: candidate.edge)
                found(candidate.node.state, pending: candidate.node.pending, id: id, model)
                next.append(Node(state: candidate.node.state, pending: candidate.node.pending, id: id))
            }
            offset += result.candidates.count
        }
        return true
    }

    /// Adds the candidates' fingerprints to the table, on the workers: each takes the
    /// fingerprints whose home slots lie in its region of the table, in chunk order, so
    /// the first of equal candidates is the one added whatever the scheduling. Returns,
    /// per candidate in chunk order, 1 when it is new and 0 when it is not.
    @inlinable
    mutating func mergeFingerprints(
        of results: ChunkResults<ChunkResult>, chunks: Int, collected: Int
    ) -> UnsafeMutablePointer<Int8> {
        let fingerprints = UnsafeMutablePointer<UInt64>.allocate(capacity: collected)
        defer { fingerprints.deallocate() }
        var offset = 0
        for chunk in 0..<chunks {
            guard let result = results[chunk] else { continue }
            for candidate in result.candidates {
                fingerprints[offset] = candidate.fingerprint
                offset += 1
            }
        }
        let fresh = UnsafeMutablePointer<Int8>.allocate(capacity: collected)
        // Equal states found in different chunks are all collected: on TwoPhase, under half
        // of what is collected is new. A region that fills up sends the rest to `insert`.
        table.reserve(table.count + collected / 2)
        let table = self.table
        let parts = workers
        let spills = ChunkResults<[Int]>(count: parts)
        let added = ChunkResults<Int>(count: parts)
        WorkerThreads.run(count: parts) { part in
            let region = table.region(part, of: parts)
            var spilled: [Int] = []
            var inserted = 0
            for index in 0..<collected {
                let fingerprint = fingerprints[index]
                guard region.contains(table.home(fingerprint == 0 ? 1 : fingerprint)) else { continue }
                let outcome = table.insert(fingerprint, in: region)
                fresh[index] = outcome
                if outcome == 1 { inserted += 1 } else if outcome < 0 { spilled.append(index) }
            }
            spills[part] = spilled
            added[part] = inserted
        }
        for part in 0..<parts {
            table.insertedInRegions(added[part] ?? 0)
            for index in spills[part] ?? [] { fresh[index] = table.insert(fingerprints[index]) ? 1 : 0 }
        }
        table.fit()
        return fresh
    }

    /// Expands the states of one chunk, as a worker: what is new is collected, not
    /// numbered.
    @inlinable
    mutating func expandChunk(
        _ chunk: ArraySlice<Node>, _ model: Explorer<State, Event, Env>, _ expands: Bool
    ) -> ChunkResult {
        let before = transitions
        foundBeyondDepth = false
        findings.deadEnds = 0
        findings.firstDeadEnd = nil
        findings.chainCuts = 0
        findings.firstChainCut = nil
        local.removeAll()
        candidates = []
        // Collecting, a worker appends to `candidates`, never to the next level.
        var unused: [Node] = []
        for node in chunk {
            _ =
                expands
                ? expandInBatch(node, model, into: &unused)
                : expand(node, model, into: &unused, expands: false)
        }
        return ChunkResult(
            candidates: candidates, transitions: transitions - before, foundBeyondDepth: foundBeyondDepth,
            deadEnds: findings.deadEnds, firstDeadEnd: findings.firstDeadEnd, chainCuts: findings.chainCuts,
            firstChainCut: findings.firstChainCut)
    }
}

/// The next chunk of a parallel level to expand, shared by its workers.
@usableFromInline
final class ChunkQueue: Sendable {
    @usableFromInline let next = Atomic<Int>(0)

    @inlinable
    init() {}
}

/// One result per chunk (or per worker) of a parallel level, each slot written by the
/// one worker that took the chunk and read by the merge once every worker has returned
/// (joining a thread orders its writes before what follows the join).
@usableFromInline
final class ChunkResults<Result> {
    @usableFromInline let slots: UnsafeMutablePointer<Result?>
    @usableFromInline let count: Int

    @inlinable
    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    @inlinable
    subscript(index: Int) -> Result? {
        get { slots[index] }
        set { slots[index] = newValue }
    }

    /// Moves the result out of its slot.
    @inlinable
    func take(_ index: Int) -> Result? {
        let result = slots[index]
        slots[index] = nil
        return result
    }
}
