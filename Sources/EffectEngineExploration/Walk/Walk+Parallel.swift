import Synchronization

/// A parallel level (X6). The level's states are cut into pieces that the workers take
/// in turn, each expanding its pieces as the one-worker walk would while only reading
/// the table of visited states (``LevelWorker``): each keeps the successors its table
/// lookups did not find, the *candidates*, sorted by the part of the fingerprints they
/// fall in. Then the merge, on the workers too:
///
/// 1. each worker inserts the candidates of one part into its own region of the table,
///    pieces in order, so the first of equal candidates is the one kept whatever the
///    scheduling (the table is grown first, on the workers, when it may not have room for
///    every candidate; the walk brings it back to one worker's capacity at its end);
/// 2. the new states are numbered piece by piece, in the order one worker finds them:
///    each worker writes the trace links and the next level's states of its own pieces;
/// 3. the properties are checked on the new level.
///
/// So the states' numbers, their trace links, the first state breaking each property,
/// the graph and every count are the same whatever the number of workers and however
/// the threads were scheduled; and the work left to one thread is a few steps per
/// piece, not per state.
extension Walk {
    /// A new state a worker found, with the link it was first reached by in its piece.
    /// Its fingerprint is kept apart (``PieceResult/fingerprints``): the merge reads only
    /// those, packed.
    @usableFromInline
    struct Candidate {
        @usableFromInline let state: State
        @usableFromInline let pending: UInt64
        @usableFromInline let parent: UInt32
        @usableFromInline let edge: UInt32

        @inlinable
        init(state: State, pending: UInt64, parent: UInt32, edge: UInt32) {
            self.state = state
            self.pending = pending
            self.parent = parent
            self.edge = edge
        }
    }

    /// What a worker found in one piece of a level.
    @usableFromInline
    struct PieceResult {
        @usableFromInline var candidates: [Candidate] = []
        /// The candidates' fingerprints, in the same order.
        @usableFromInline var fingerprints: [UInt64] = []
        /// The candidates' numbers grouped by the part of the fingerprints they fall in,
        /// in order within each part: part `p`'s are `byPart[partStarts[p]..<partStarts[p + 1]]`.
        @usableFromInline var byPart: [UInt32] = []
        @usableFromInline var partStarts: [Int]
        @usableFromInline var transitions = 0
        @usableFromInline var foundBeyondDepth = false
        @usableFromInline var deadEnds = 0
        @usableFromInline var firstDeadEnd: (id: UInt32, state: State, pending: UInt64)?
        @usableFromInline var chainCuts = 0
        @usableFromInline var firstChainCut: (parent: UInt32, edge: UInt32)?
        @usableFromInline var unfaithful: String?
        /// The graph's transitions and dead ends, when it is kept.
        @usableFromInline var transitionsTaken: [GraphRecorder<State, Event>.Transition] = []
        @usableFromInline var deadEndIDs: [UInt32] = []

        @inlinable
        init(parts: Int) {
            partStarts = Array(repeating: 0, count: parts + 1)
        }

        /// The numbers of the candidates falling in part `part`, in order.
        @inlinable
        func candidates(inPart part: Int) -> ArraySlice<UInt32> {
            byPart[partStarts[part]..<partStarts[part + 1]]
        }
    }

    /// What numbering one piece gave: the next level's states from it, and their
    /// fingerprints when the graph is kept.
    @usableFromInline
    struct Numbered {
        @usableFromInline var nodes: [Node<State>] = []
        @usableFromInline var fingerprints: [UInt64] = []

        @inlinable
        init() {}
    }

    /// The fewest states a level needs to be expanded in parallel: below, starting the
    /// threads costs more than it saves.
    @inlinable static var parallelLevelSize: Int { 512 }

    /// Whether `level` is expanded by several workers: not while the first transitions
    /// are checked for determinism (X3) and symmetry (X5), whose failures stop the walk
    /// at a transition.
    @inlinable
    func runsInParallel(_ level: Level<State>) -> Bool {
        workers > 1 && transitions >= Self.determinismChecks && level.count >= Self.parallelLevelSize
    }

    /// Runs `body(thread)` on `threads` threads at once (the calling one included), and
    /// counts the time as parallel when there are several.
    @inlinable
    mutating func parallel(threads: Int, _ body: (Int) -> Void) {
        guard threads > 1 else {
            body(0)
            return
        }
        let start = ContinuousClock.now
        WorkerThreads.run(count: threads, body)
        timing.parallel += ContinuousClock.now - start
    }

    /// Runs `body(item)` for each item in `0..<items`, on `threads` threads taking the
    /// items in turn.
    @inlinable
    mutating func parallel(threads: Int, items: Int, _ body: (Int) -> Void) {
        let queue = ChunkQueue()
        parallel(threads: min(threads, items)) { _ in
            while true {
                let item = queue.next.add(1, ordering: .relaxed).oldValue
                guard item < items else { return }
                body(item)
            }
        }
    }

    /// Expands `level` on the workers and merges what they found into `next`; `false`,
    /// with nothing changed, when the level reaches the state bound, which the one-worker
    /// walk then handles state by state, to stop where it would.
    @inlinable
    mutating func expandInParallel(_ level: Level<State>, into next: inout Level<State>, expands: Bool) -> Bool {
        let pieceSize = max(64, min(2_048, level.count / (workers * 16)))
        let pieces = Self.pieces(of: level, size: pieceSize)
        let threads = min(workers, pieces.count)
        let parts = threads
        let results = ChunkResults<PieceResult>(count: pieces.count)
        let threadNotes = ChunkResults<StepNotes>(count: threads)
        let queue = ChunkQueue()
        let prototype = LevelWorker(walk: self, parts: parts)
        parallel(threads: threads) { thread in
            var worker = prototype
            worker.local = FingerprintTable(capacity: 4 * pieceSize)
            while true {
                let item = queue.next.add(1, ordering: .relaxed).oldValue
                guard item < pieces.count else { break }
                let piece = pieces[item]
                results[item] = worker.expand(level.chunks[piece.chunk][piece.range], expands: expands)
            }
            threadNotes[thread] = worker.notes
        }
        var collected = 0
        for item in pieces.indices { collected += results[item]?.candidates.count ?? 0 }
        // Where the bound may be reached, the new states are counted exactly: a level that
        // does reach it is stepped again by the one-worker walk, to stop where it stops.
        if table.count + collected > maxStates
            && table.count + countNew(results, pieces: pieces.count, parts: parts) > maxStates
        {
            return false
        }
        for thread in 0..<threads { if let other = threadNotes[thread] { notes.gather(other) } }
        for item in pieces.indices {
            guard let result = results[item] else { continue }
            transitions += result.transitions
            foundBeyondDepth = foundBeyondDepth || result.foundBeyondDepth
            findings.deadEnds += result.deadEnds
            if findings.firstDeadEnd == nil { findings.firstDeadEnd = result.firstDeadEnd }
            findings.chainCuts += result.chainCuts
            if findings.firstChainCut == nil { findings.firstChainCut = result.firstChainCut }
            if findings.stop == nil, let task = result.unfaithful { findings.stop = .unfaithful(task: task) }
            if graph != nil {
                graph!.unresolved += result.transitionsTaken
                graph!.deadEnds += result.deadEndIDs
            }
        }
        guard collected > 0 else { return true }
        // Room for every candidate, new or not: the table may grow a step sooner than one
        // worker's would, and is brought back to one worker's capacity when the walk ends
        // (`Walk.run`), so the memory it reports does not depend on the workers.
        if !table.hasRoom(for: table.count + collected) { grow(toHold: table.count + collected) }
        let (fresh, added) = insertCandidates(results, pieces: pieces.count, parts: parts)
        defer { fresh.deallocate() }
        grow(toHold: table.count)
        // Number the new states piece by piece: the order one worker finds them in.
        var firstIDs: [Int] = []
        firstIDs.reserveCapacity(pieces.count)
        var offsets: [Int] = []
        offsets.reserveCapacity(pieces.count)
        var id = links.count
        var offset = 0
        for item in pieces.indices {
            firstIDs.append(id)
            offsets.append(offset)
            id += added[item]
            offset += results[item]?.candidates.count ?? 0
        }
        links.reserve(id)
        let numbered = ChunkResults<Numbered>(count: pieces.count)
        let links = self.links
        let keepsFingerprints = graph != nil
        parallel(threads: threads, items: pieces.count) { item in
            guard var result = results.take(item) else { return }
            var piece = Numbered()
            piece.nodes.reserveCapacity(added[item])
            var id = firstIDs[item]
            let flags = fresh + offsets[item]
            for index in result.candidates.indices where flags[index] == 1 {
                let candidate = result.candidates[index]
                links.set(id, parent: candidate.parent, edge: candidate.edge)
                piece.nodes.append(Node(state: candidate.state, pending: candidate.pending, id: UInt32(truncatingIfNeeded: id)))
                if keepsFingerprints { piece.fingerprints.append(result.fingerprints[index]) }
                id += 1
            }
            // Released here, on the worker, not on the merging thread.
            result.candidates = []
            result.fingerprints = []
            numbered[item] = piece
        }
        var chunks: [[Node<State>]] = []
        chunks.reserveCapacity(pieces.count)
        for item in pieces.indices {
            guard let piece = numbered.take(item) else { continue }
            if graph != nil {
                for (node, fingerprint) in zip(piece.nodes, piece.fingerprints) {
                    graph!.node(node.state, pending: node.pending, fingerprint: fingerprint, depth: depth + 1, broken: [])
                }
            }
            chunks.append(piece.nodes)
        }
        next = Level(chunks: chunks)
        check(next)
        return true
    }

    /// Grows the table, on the workers, to the capacity one worker would have with
    /// `total` fingerprints.
    @inlinable
    mutating func grow(toHold total: Int) {
        let table = self.table
        let start = ContinuousClock.now
        let before = table.capacity
        table.grow(toHold: total, workers: workers)
        if table.capacity != before && workers > 1 && before >= 1 << 16 { timing.parallel += ContinuousClock.now - start }
    }

    /// How many distinct fingerprints the candidates hold: all are new, as the workers
    /// found none of them in the table, so this is the number of new states. Each worker
    /// counts one part's.
    @inlinable
    mutating func countNew(_ results: ChunkResults<PieceResult>, pieces: Int, parts: Int) -> Int {
        let counts = ChunkResults<Int>(count: parts)
        parallel(threads: parts) { part in
            var size = 0
            for item in 0..<pieces { size += results[item]?.candidates(inPart: part).count ?? 0 }
            let seen = FingerprintTable(capacity: size * 2)
            var count = 0
            for item in 0..<pieces {
                guard let result = results[item] else { continue }
                for index in result.candidates(inPart: part) where seen.insert(result.fingerprints[Int(index)]) {
                    count += 1
                }
            }
            counts[part] = count
        }
        return (0..<parts).reduce(0) { $0 + (counts[$1] ?? 0) }
    }

    /// Inserts the candidates' fingerprints into the table, each worker those of one part
    /// in its own region, pieces in order. Returns, per candidate in piece order, 1 when
    /// it is new and 0 when it is not, and how many are new in each piece.
    @inlinable
    mutating func insertCandidates(_ results: ChunkResults<PieceResult>, pieces: Int, parts: Int)
        -> (fresh: UnsafeMutablePointer<Int8>, added: [Int])
    {
        var offsets: [Int] = []
        offsets.reserveCapacity(pieces)
        var total = 0
        for item in 0..<pieces {
            offsets.append(total)
            total += results[item]?.candidates.count ?? 0
        }
        let fresh = UnsafeMutablePointer<Int8>.allocate(capacity: max(1, total))
        let table = self.table
        // Per part and piece, the new candidates; per part, those left for later.
        let added = ChunkResults<[Int]>(count: parts)
        let spills = ChunkResults<[(item: Int, index: Int)]>(count: parts)
        let touches = ChunkResults<UInt64>(count: parts)
        parallel(threads: parts) { part in
            let region = table.region(part, of: parts)
            var counts = Array(repeating: 0, count: pieces)
            var spilled: [(item: Int, index: Int)] = []
            var touched: UInt64 = 0
            for item in 0..<pieces {
                guard let result = results[item] else { continue }
                let flags = fresh + offsets[item]
                let list = result.candidates(inPart: part)
                var start = list.startIndex
                while start < list.endIndex {
                    // A batch's home slots are read first, so their lines are fetched
                    // together, as the walk's batches do.
                    let end = min(list.endIndex, start + 16)
                    for position in start..<end {
                        touched |= table.slot(of: result.fingerprints[Int(list[position])])
                    }
                    for position in start..<end {
                        let index = Int(list[position])
                        let outcome = table.insert(key: FingerprintTable.key(result.fingerprints[index]), in: region)
                        flags[index] = outcome
                        if outcome == 1 { counts[item] += 1 } else if outcome < 0 { spilled.append((item, index)) }
                    }
                    start = end
                }
            }
            added[part] = counts
            spills[part] = spilled
            touches[part] = touched
        }
        var perPiece = Array(repeating: 0, count: pieces)
        for part in 0..<parts {
            guard let counts = added[part] else { continue }
            for item in 0..<pieces { perPiece[item] += counts[item] }
        }
        table.insertedInRegions(perPiece.reduce(0, +))
        for part in 0..<parts {
            for (item, index) in spills[part] ?? [] {
                let isNew = table.insertWithoutGrowing(results[item]!.fingerprints[index])
                fresh[offsets[item] + index] = isNew ? 1 : 0
                if isNew { perPiece[item] += 1 }
            }
        }
        return (fresh, perPiece)
    }
}
