import EffectEngine

/// A state of a level of the walk: its representative, its pending tasks, its number.
@usableFromInline
struct Node<State> {
    @usableFromInline var state: State
    @usableFromInline var pending: UInt64
    @usableFromInline var id: UInt32

    @inlinable
    init(state: State, pending: UInt64, id: UInt32) {
        self.state = state
        self.pending = pending
        self.id = id
    }
}

/// One breadth-first walk of a ``TransitionSystem``: the frontier of full states, level
/// by level, and for the states already visited only their fingerprints and trace links.
///
/// A level is expanded state by state here (``expand(_:into:expands:)``, or in a batch,
/// `Walk+Batch.swift`) or, when it is large and there are workers, by the workers at once
/// (`Walk+Parallel.swift`); either way the states are numbered in the order one worker
/// finds them, and the properties are checked on each new level as a whole
/// (`Walk+Properties.swift`). The graph, when kept, is recorded alongside
/// (``GraphRecorder``).
///
/// Inlinable, so the walk is specialised for the feature's own types in the caller's
/// module: no state is boxed, and `update` and `hash(into:)` are called directly.
@usableFromInline
struct Walk<State: Hashable, Event: Sendable, Env> {
    @usableFromInline let system: TransitionSystem<State, Event, Env>
    @usableFromInline let properties: [Property<State>]
    @usableFromInline let isTerminal: ((State, PendingTasks) -> Bool)?
    @usableFromInline let maxDepth: Int
    /// TLC's `CONSTRAINT`: states where it does not hold are kept, not expanded.
    @usableFromInline let constraint: ((State) -> Bool)?
    @usableFromInline let maxStates: Int
    /// The most threads a level is expanded on.
    @usableFromInline let workers: Int
    @usableFromInline let table = FingerprintTable()
    @usableFromInline let links = TraceLinks()
    @usableFromInline var findings: Findings<State>
    @usableFromInline var notes = StepNotes()
    /// The graph, while it is kept: up to ``graphLimit`` states.
    @usableFromInline var graph: GraphRecorder<State, Event>?
    @usableFromInline let graphLimit: Int
    /// The graph was asked for and dropped at ``graphLimit``.
    @usableFromInline var droppedGraph = false
    /// The transitions stepped from states within the depth bound: each state's choices,
    /// to whichever state they lead (itself included). The graph, when kept, holds exactly
    /// these.
    @usableFromInline var transitions = 0
    /// The depth of the level being expanded.
    @usableFromInline var depth = 0
    /// A state beyond the depth bound was found: the space is not exhausted.
    @usableFromInline var foundBeyondDepth = false
    /// Exploration stopped at the state bound.
    @usableFromInline var stoppedAtStates = false
    /// The visited states where the constraint does not hold (X19): kept and checked,
    /// never expanded.
    @usableFromInline var outsideConstraint = 0
    /// The choices of the state being expanded.
    @usableFromInline var choices: [Choice<Event>] = []
    /// The successors of the state being expanded, stepped and not yet looked up.
    @usableFromInline var batch: [Successor] = []
    /// What reading a batch's slots read, kept so that the reads are made.
    @usableFromInline var touched: UInt64 = 0
    /// The table capacity from which one worker steps in batches (tests lower it).
    @usableFromInline var batchesFrom = Self.batchingCapacity
    /// Where the wall-clock time went.
    @usableFromInline var timing = WalkTiming()
    /// Told how far the walk has come: every 16,384 states a worker expands alone, and
    /// after each level (a line program draws it at a terminal).
    @usableFromInline let progress: ((WalkProgress) -> Void)?

    /// How many transitions are stepped twice, to catch an `update` or an `.action` that
    /// is not a function of the state and the event (X3): an env drawing fresh ids or
    /// reading the clock answers differently every time, so the first transitions show it;
    /// later ones are stepped once, at no cost.
    @inlinable static var determinismChecks: Int { 10_000 }

    @inlinable
    init(
        explorer: Explorer<State, Event, Env>, maxDepth: Int, maxStates: Int, recordsGraph: Bool,
        graphLimit: Int = .max, workers: Int = 1
    ) {
        system = TransitionSystem(explorer)
        properties = explorer.properties
        isTerminal = explorer.isTerminal
        constraint = explorer.constraint
        progress = explorer.progress
        self.maxDepth = maxDepth
        self.maxStates = maxStates
        self.workers = workers
        self.graphLimit = graphLimit
        findings = Findings(properties: explorer.properties.count)
        graph = recordsGraph ? GraphRecorder() : nil
    }

    /// Walks the space, level by level, until it is exhausted, a bound is reached or a
    /// check stops it.
    @inlinable
    mutating func run() {
        let start = ContinuousClock.now
        defer {
            fitTable()
            timing.wall = ContinuousClock.now - start
        }
        var level = constrained(initialLevel())
        while !level.isEmpty && findings.stop == nil {
            let expands = depth < maxDepth
            var next = Level<State>()
            if !runsInParallel(level) || !expandInParallel(level, into: &next, expands: expands) {
                var nodes: [Node<State>] = []
                let batches = expands && graph == nil && table.capacity >= batchesFrom
                var going = true
                loop: for chunk in level.chunks {
                    for index in chunk.indices {
                        if index & 0x3FFF == 0x3FFF, let progress {
                            progress(WalkProgress(done: table.count, depth: depth))
                        }
                        going =
                            batches ? expandInBatch(chunk[index], into: &nodes) : expand(chunk[index], into: &nodes, expands: expands)
                        if !going { break loop }
                    }
                }
                next = Level(nodes)
                check(next)
                if !going {
                    stoppedAtStates = findings.stop == nil
                    _ = constrained(next)
                    graph?.resolve()
                    return
                }
            }
            graph?.resolve()
            keepOrDropGraph()
            next = constrained(next)
            guard !next.isEmpty else { return }
            level = next
            depth += 1
            progress?(WalkProgress(done: table.count, depth: depth))
        }
    }

    /// The states of a level to expand: those where the constraint holds (TLC's
    /// `CONSTRAINT`); the others were numbered and checked, and stay unexpanded.
    /// They are counted (X19).
    @inlinable
    mutating func constrained(_ level: Level<State>) -> Level<State> {
        guard let constraint else { return level }
        let kept = Level(chunks: level.chunks.map { chunk in chunk.filter { constraint($0.state) } })
        outsideConstraint += level.count - kept.count
        return kept
    }

    /// Numbers the distinct initial states (their representatives) as level 0 and checks
    /// them.
    @inlinable
    mutating func initialLevel() -> Level<State> {
        var nodes: [Node<State>] = []
        for (index, initial) in system.initialStates.enumerated() {
            let state = system.representative(of: initial)
            if system.canonical != nil && system.representative(of: state) != state {
                findings.stop = .notCanonical(parent: TraceLinks.root, state: state)
                break
            }
            let fingerprint = TransitionSystem<State, Event, Env>.fingerprint(state, 0)
            if table.count >= maxStates && !table.contains(fingerprint) {
                stoppedAtStates = true
                break
            }
            guard table.insert(fingerprint) else { continue }
            let id = UInt32(truncatingIfNeeded: links.count)
            links.append(parent: TraceLinks.root, edge: UInt32(truncatingIfNeeded: index))
            graph?.node(state, pending: 0, fingerprint: fingerprint, depth: 0, broken: [])
            nodes.append(Node(state: state, pending: 0, id: id))
        }
        let level = Level(nodes)
        check(level)
        return stoppedAtStates ? Level() : level
    }

    /// Steps every choice of `node`; `false` when the state bound or a check stops the
    /// walk.
    @inlinable @inline(__always)
    mutating func expand(_ node: Node<State>, into next: inout [Node<State>], expands: Bool) -> Bool {
        system.choices(in: node.state, pending: node.pending, into: &choices)
        if choices.isEmpty { deadEnd(node) }
        // Past the depth bound a state's successors are only looked up, to tell whether
        // the space is exhausted; once one is new, that is known.
        if !expands && foundBeyondDepth { return true }
        for index in choices.indices {
            let checks = expands && transitions < Self.determinismChecks
            switch system.successor(
                of: node.state, pending: node.pending, by: choices[index], checks: checks, notes: &notes)
            {
            case .nondeterministic:
                findings.stop = .nondeterminism(parent: node.id, edge: UInt32(truncatingIfNeeded: index))
                return false
            case .notCanonical(let state):
                findings.stop = .notCanonical(parent: node.id, state: state)
                return false
            case .next(let state, let pending):
                guard successor(state, pending, of: node, edge: index, into: &next, expands: expands) else {
                    return false
                }
            }
        }
        return true
    }

    /// Takes a successor of `node` reached by choice number `edge`; `false` when the state
    /// bound or a check stops the walk.
    @inlinable @inline(__always)
    mutating func successor(
        _ state: State, _ pending: UInt64, of node: Node<State>, edge: Int, into next: inout [Node<State>],
        expands: Bool
    ) -> Bool {
        if notes.wasCut {
            notes.wasCut = false
            if expands { findings.chainCut(parent: node.id, edge: UInt32(truncatingIfNeeded: edge)) }
        }
        if let task = notes.unfaithful {
            findings.stop = .unfaithful(task: task)
            return false
        }
        // An event that changes nothing (a guard that does not hold, a value set to what it
        // was) leads back to the state itself: no need to hash it. `==` is cheap here, as
        // the fields `update` did not touch still share their storage with the node's.
        if pending == node.pending && state == node.state {
            if expands { took(from: node, edge: edge, to: 0, isLoop: true) }
            return true
        }
        let fingerprint = TransitionSystem<State, Event, Env>.fingerprint(state, pending)
        guard expands else {
            if !foundBeyondDepth && !table.contains(fingerprint) { foundBeyondDepth = true }
            return true
        }
        if table.count >= maxStates && !table.contains(fingerprint) { return false }
        if table.insert(fingerprint) {
            let id = UInt32(truncatingIfNeeded: links.count)
            links.append(parent: node.id, edge: UInt32(truncatingIfNeeded: edge))
            graph?.node(state, pending: pending, fingerprint: fingerprint, depth: depth + 1, broken: [])
            next.append(Node(state: state, pending: pending, id: id))
        }
        took(from: node, edge: edge, to: fingerprint, isLoop: false)
        return true
    }

    /// Counts a transition taken from a state within the depth bound, and records it in
    /// the graph.
    @inlinable @inline(__always)
    mutating func took(from node: Node<State>, edge: Int, to fingerprint: UInt64, isLoop: Bool) {
        transitions += 1
        if graph != nil {
            let choice = choices[edge]
            graph!.unresolved.append(
                GraphRecorder.Transition(
                    from: node.id, target: fingerprint, isLoop: isLoop, choice: UInt32(truncatingIfNeeded: edge),
                    task: choice.task, event: choice.event))
        }
    }

    @inlinable
    mutating func deadEnd(_ node: Node<State>) {
        let tasks = PendingTasks(mask: node.pending, modelled: system.taskNames)
        if isTerminal?(node.state, tasks) == true { return }
        findings.deadEnd(node.id, state: node.state, pending: node.pending)
        graph?.deadEnds.append(node.id)
    }

    /// Brings the table back to one worker's capacity, which a parallel merge may have
    /// passed by a step.
    @inlinable
    mutating func fitTable() {
        guard workers > 1 else { return }
        let start = ContinuousClock.now
        let before = table.capacity
        table.fit(workers: workers)
        if table.capacity != before && before >= 1 << 16 { timing.parallel += ContinuousClock.now - start }
    }

    /// Drops the graph once the walk has more states than it is kept for.
    @inlinable
    mutating func keepOrDropGraph() {
        if graph != nil && table.count > graphLimit {
            graph = nil
            droppedGraph = true
        }
    }
}

/// The states of one level, in the order they were numbered: one array, or the arrays of
/// a parallel level's chunks.
@usableFromInline
struct Level<State> {
    @usableFromInline var chunks: [[Node<State>]]
    @usableFromInline var count: Int

    @inlinable
    init() {
        chunks = []
        count = 0
    }

    @inlinable
    init(_ nodes: [Node<State>]) {
        chunks = nodes.isEmpty ? [] : [nodes]
        count = nodes.count
    }

    @inlinable
    init(chunks: [[Node<State>]]) {
        self.chunks = chunks.filter { !$0.isEmpty }
        count = chunks.reduce(0) { $0 + $1.count }
    }

    @inlinable var isEmpty: Bool { count == 0 }
}

/// Where a walk's wall-clock time went: the share spent outside the workers' parallel
/// sections is the part no number of workers shortens.
@usableFromInline
package struct WalkTiming: Sendable {
    /// The whole walk.
    @usableFromInline package var wall: Duration = .zero
    /// The time spent in parallel sections (all threads at work, or waiting for the
    /// slowest).
    @usableFromInline package var parallel: Duration = .zero

    @usableFromInline
    init() {}

    /// The share of the wall-clock time spent outside parallel sections, from 0 to 1.
    package var serialShare: Double {
        let wall = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        let parallel = Double(self.parallel.components.seconds) + Double(self.parallel.components.attoseconds) / 1e18
        return wall > 0 ? max(0, wall - parallel) / wall : 0
    }
}

/// What the walk found: the first state (the nearest) each property is decided by, and
/// dead ends and cut chains.
@usableFromInline
struct Findings<State> {
    /// Why the walk stopped before a bound.
    @usableFromInline
    enum Stop {
        /// A choice gave two different results (X3).
        case nondeterminism(parent: UInt32, edge: UInt32)
        /// The symmetry's `canonical` did not keep a representative as it is (X5): the
        /// representative, with the state it was reached from.
        case notCanonical(parent: UInt32, state: State)
        /// A modelled task was issued with a pacing the model cannot follow (X12).
        case unfaithful(task: String)
    }

    /// Per property, the number of the first state that breaks (`always`) or satisfies
    /// (`sometimes`) it; -1 while there is none.
    @usableFromInline var first: [Int]
    /// Those states, with their pending tasks, to check the replayed trace against.
    @usableFromInline var states: [(state: State, pending: UInt64)?]
    /// Properties not yet decided.
    @usableFromInline var open: Int
    @usableFromInline var deadEnds = 0
    @usableFromInline var firstDeadEnd: (id: UInt32, state: State, pending: UInt64)?
    @usableFromInline var chainCuts = 0
    @usableFromInline var firstChainCut: (parent: UInt32, edge: UInt32)?
    @usableFromInline var stop: Stop?

    @inlinable
    init(properties: Int) {
        first = Array(repeating: -1, count: properties)
        states = Array(repeating: nil, count: properties)
        open = properties
    }

    @inlinable
    mutating func hit(_ property: Int, id: UInt32, state: State, pending: UInt64) {
        guard first[property] < 0 else { return }
        first[property] = Int(id)
        states[property] = (state, pending)
        open -= 1
    }

    @inlinable
    mutating func deadEnd(_ id: UInt32, state: State, pending: UInt64) {
        deadEnds += 1
        if firstDeadEnd == nil { firstDeadEnd = (id, state, pending) }
    }

    @inlinable
    mutating func chainCut(parent: UInt32, edge: UInt32) {
        chainCuts += 1
        if firstChainCut == nil { firstChainCut = (parent, edge) }
    }
}
