/// One worker of a parallel level: expands the states of its pieces as the one-worker
/// walk would, reading the table only, and keeps what is new to the table.
@usableFromInline
struct LevelWorker<State: Hashable, Event: Sendable, Env> {
    @usableFromInline let system: TransitionSystem<State, Event, Env>
    @usableFromInline let isTerminal: ((State, PendingTasks) -> Bool)?
    @usableFromInline let table: FingerprintTable
    @usableFromInline let parts: Int
    @usableFromInline let recordsGraph: Bool
    @usableFromInline var notes = StepNotes()
    @usableFromInline var choices: [Choice<Event>] = []
    @usableFromInline var batch: [Walk<State, Event, Env>.Successor] = []
    /// The fingerprints of the piece's candidates, so each is kept once: a table of the
    /// worker's own, given to each copy.
    @usableFromInline var local = FingerprintTable(capacity: 16)
    /// The depth bound was passed and a successor beyond it found: later states of the
    /// level need not be stepped.
    @usableFromInline var foundBeyondDepth = false
    /// What reading a batch's slots read, kept so that the reads are made.
    @usableFromInline var touched: UInt64 = 0
    /// How many candidates the worker's last piece kept per state expanded.
    @usableFromInline var candidatesPerState = 4.0

    @inlinable
    init(walk: Walk<State, Event, Env>, parts: Int) {
        system = walk.system
        isTerminal = walk.isTerminal
        table = walk.table
        self.parts = parts
        recordsGraph = walk.graph != nil
        foundBeyondDepth = walk.foundBeyondDepth
    }

    /// Expands the states of one piece.
    @inlinable
    mutating func expand(_ nodes: ArraySlice<Node<State>>, expands: Bool) -> Walk<State, Event, Env>.PieceResult {
        var result = Walk<State, Event, Env>.PieceResult(parts: parts)
        // Room for as many candidates as the worker's last piece had per state, and some:
        // growing these arrays as they fill copied them over and over.
        let expected = Int(Double(nodes.count) * candidatesPerState * 1.25) + 16
        var candidates: [Walk<State, Event, Env>.Candidate] = []
        candidates.reserveCapacity(expected)
        var fingerprints: [UInt64] = []
        fingerprints.reserveCapacity(expected)
        // The part each candidate falls in.
        var partOf: [UInt8] = []
        partOf.reserveCapacity(expected)
        local.removeAll()
        for node in nodes {
            system.choices(in: node.state, pending: node.pending, into: &choices)
            if choices.isEmpty {
                let tasks = PendingTasks(mask: node.pending, modelled: system.taskNames)
                if isTerminal?(node.state, tasks) != true {
                    result.deadEnds += 1
                    if result.firstDeadEnd == nil { result.firstDeadEnd = (node.id, node.state, node.pending) }
                    if recordsGraph { result.deadEndIDs.append(node.id) }
                }
            }
            if !expands && foundBeyondDepth { continue }
            batch.removeAll(keepingCapacity: true)
            for index in choices.indices {
                guard
                    case .next(let state, let pending) = system.successor(
                        of: node.state, pending: node.pending, by: choices[index], checks: false, notes: &notes)
                else { continue }
                let edge = UInt32(truncatingIfNeeded: index)
                if notes.wasCut {
                    notes.wasCut = false
                    if expands {
                        result.chainCuts += 1
                        if result.firstChainCut == nil { result.firstChainCut = (node.id, edge) }
                    }
                }
                if result.unfaithful == nil, let task = notes.unfaithful {
                    result.unfaithful = task
                    notes.unfaithful = nil
                }
                let isLoop = pending == node.pending && state == node.state
                if !expands {
                    if !isLoop && !table.contains(TransitionSystem<State, Event, Env>.fingerprint(state, pending)) {
                        foundBeyondDepth = true
                        result.foundBeyondDepth = true
                        break
                    }
                    continue
                }
                result.transitions += 1
                let fingerprint = isLoop ? 0 : TransitionSystem<State, Event, Env>.fingerprint(state, pending)
                if recordsGraph {
                    let choice = choices[index]
                    result.transitionsTaken.append(
                        GraphRecorder.Transition(
                            from: node.id, target: fingerprint, isLoop: isLoop, choice: edge, task: choice.task,
                            event: choice.event))
                }
                if !isLoop {
                    batch.append(.init(state: state, pending: pending, fingerprint: fingerprint, edge: edge))
                }
            }
            var touched: UInt64 = 0
            for index in batch.indices { touched |= table.slot(of: batch[index].fingerprint) }
            for index in batch.indices {
                let successor = batch[index]
                guard !table.contains(successor.fingerprint), local.insert(successor.fingerprint) else { continue }
                let key = FingerprintTable.key(successor.fingerprint)
                partOf.append(UInt8(truncatingIfNeeded: FingerprintTable.part(of: key, parts: parts)))
                fingerprints.append(successor.fingerprint)
                candidates.append(
                    .init(state: successor.state, pending: successor.pending, parent: node.id, edge: successor.edge))
            }
            self.touched = touched
        }
        // Group the candidates by part, keeping their order: a counting sort.
        var starts = Array(repeating: 0, count: parts + 1)
        for part in partOf { starts[Int(part) + 1] += 1 }
        for part in 0..<parts { starts[part + 1] += starts[part] }
        result.partStarts = starts
        var byPart = [UInt32](repeating: 0, count: candidates.count)
        for (index, part) in partOf.enumerated() {
            byPart[starts[Int(part)]] = UInt32(truncatingIfNeeded: index)
            starts[Int(part)] += 1
        }
        result.byPart = byPart
        if !nodes.isEmpty { candidatesPerState = Double(candidates.count) / Double(nodes.count) }
        result.candidates = candidates
        result.fingerprints = fingerprints
        return result
    }
}
