/// The properties of each new level, checked once the level is numbered: the `always`
/// and `sometimes` properties not yet decided, in every new state, and, while the graph
/// is kept, which `always` properties each state breaks. A large level is checked on the
/// workers, each taking pieces of it; the first state deciding a property is the one of
/// lowest number, as one worker checking the states in order finds it.
extension Walk {
    /// What checking one piece of a level found.
    @usableFromInline
    struct PieceCheck {
        /// Per property, the first state of the piece deciding it.
        @usableFromInline var hits: [(property: Int, id: UInt32, state: State, pending: UInt64)] = []
        /// The `always` properties each state of the piece breaks, for the graph.
        @usableFromInline var broken: [(id: UInt32, properties: [Int])] = []

        @inlinable
        init() {}
    }

    /// Checks the properties in the states of a new level.
    @inlinable
    mutating func check(_ level: Level<State>) {
        guard !level.isEmpty, findings.open > 0 || graph != nil else { return }
        let recordsBroken = graph != nil
        let first = findings.first
        let all = properties
        let checked = all.indices.filter { first[$0] < 0 || (recordsBroken && all[$0].kind == .always) }
        guard !checked.isEmpty else { return }
        let names = system.taskNames
        let pieces: [PieceCheck]
        if level.count < Self.parallelLevelSize * 8 || workers == 1 {
            // One thread: the level's arrays as they are (a deep, narrow space has many
            // small levels, and cutting each into pieces would cost more than checking it).
            pieces = level.chunks.map { nodes in
                Self.check(nodes[...], checked, all, names: names, undecided: first, recordsBroken: recordsBroken)
            }
        } else {
            let chunks = level.chunks
            let cut = Self.pieces(of: level, size: 2_048)
            let results = ChunkResults<PieceCheck>(count: cut.count)
            parallel(threads: min(workers, cut.count), items: cut.count) { item in
                let piece = cut[item]
                let nodes = chunks[piece.chunk][piece.range]
                results[item] = Self.check(nodes, checked, all, names: names, undecided: first, recordsBroken: recordsBroken)
            }
            pieces = cut.indices.compactMap { results.take($0) }
        }
        for piece in pieces {
            for hit in piece.hits { findings.hit(hit.property, id: hit.id, state: hit.state, pending: hit.pending) }
            for (id, broken) in piece.broken { graph?.broken[Int(id)] = broken }
        }
    }

    /// Checks the properties numbered `checked` in `nodes`: the first state deciding each
    /// property still `undecided` (-1), and the `always` properties each state breaks.
    @inlinable
    static func check(
        _ nodes: ArraySlice<Node<State>>, _ checked: [Int], _ properties: [Property<State>], names: [String],
        undecided: [Int], recordsBroken: Bool
    ) -> PieceCheck {
        var piece = PieceCheck()
        var decided = Set<Int>()
        for node in nodes {
            let tasks = PendingTasks(mask: node.pending, modelled: names)
            var broken: [Int] = []
            for index in checked {
                let holds = properties[index].holds(node.state, tasks)
                let isAlways = properties[index].kind == .always
                if recordsBroken && isAlways && !holds { broken.append(index) }
                if undecided[index] < 0 && holds != isAlways && !decided.contains(index) {
                    decided.insert(index)
                    piece.hits.append((index, node.id, node.state, node.pending))
                }
            }
            if !broken.isEmpty { piece.broken.append((node.id, broken)) }
        }
        return piece
    }

    /// A level cut into pieces of at most `size` states, in order.
    @inlinable
    static func pieces(of level: Level<State>, size: Int) -> [(chunk: Int, range: Range<Int>)] {
        var pieces: [(chunk: Int, range: Range<Int>)] = []
        for (chunk, nodes) in level.chunks.enumerated() {
            var start = 0
            while start < nodes.count {
                let end = min(nodes.count, start + size)
                pieces.append((chunk, start..<end))
                start = end
            }
        }
        return pieces
    }
}
