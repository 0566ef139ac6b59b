import EffectEngine

/// One breadth-first walk: the frontier of full states, level by level, and for the
/// states already visited only their fingerprints and trace links.
///
/// Inlinable, so the walk is specialised for the feature's own types in the caller's
/// module: no state is boxed, and `update` and `hash(into:)` are called directly.
@usableFromInline
struct ExplorationRun<State: Hashable, Event: Sendable, Env> {
    /// A state of the frontier, with its pending tasks and its number.
    @usableFromInline
    struct Node {
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

    @usableFromInline let explorer: Explorer<State, Event, Env>
    @usableFromInline let maxDepth: Int
    @usableFromInline let maxStates: Int
    @usableFromInline let table = FingerprintTable()
    @usableFromInline var links = TraceLinks()
    @usableFromInline var tracker: TaskTracker
    @usableFromInline var findings: Findings<State>
    @usableFromInline var graph: GraphRecorder<State, Event>?
    /// Task outcomes of the state being expanded, with their task's number.
    @usableFromInline var outcomes: [(event: Event, task: Int)] = []
    @usableFromInline var transitions = 0
    /// The depth of the level being expanded.
    @usableFromInline var depth = 0
    /// A state beyond the depth bound was found: the space is not exhausted.
    @usableFromInline var foundBeyondDepth = false
    /// Exploration stopped at the state bound.
    @usableFromInline var stoppedAtStates = false
    /// The most threads a level is expanded on.
    @usableFromInline let workers: Int
    /// This run is a worker of a parallel level: it collects the new states it finds in
    /// ``candidates`` instead of numbering them (see `ExplorationRun+Parallel.swift`).
    @usableFromInline var collects = false
    /// A worker's new states, in the order it found them.
    @usableFromInline var candidates: [Candidate] = []
    /// The fingerprints of a worker's ``candidates``, so each is collected once.
    @usableFromInline var local = FingerprintTable(capacity: 16)
    /// The successors of the state being expanded, stepped and not yet looked up.
    @usableFromInline var batch: [Successor] = []
    /// What reading a batch's slots read, kept so that the reads are made.
    @usableFromInline var touched: UInt64 = 0
    /// The table capacity from which one worker steps in batches (tests lower it).
    @usableFromInline var batchesFrom = Self.batchingCapacity

    /// How many transitions are stepped twice, to catch an `update` or an `.action` that
    /// is not a function of the state and the event (X3): an env drawing fresh ids or
    /// reading the clock answers differently every time, so the first transitions show it;
    /// later ones are stepped once, at no cost.
    @inlinable static var determinismChecks: Int { 10_000 }

    @inlinable
    init(
        explorer: Explorer<State, Event, Env>, maxDepth: Int, maxStates: Int, recordsGraph: Bool, workers: Int = 1
    ) {
        self.explorer = explorer
        self.maxDepth = maxDepth
        self.maxStates = maxStates
        self.workers = workers
        self.tracker = explorer.tracker
        self.findings = Findings(properties: explorer.properties.count)
        self.graph = recordsGraph ? GraphRecorder() : nil
    }

    /// Walks the space, level by level, until it is exhausted or a bound is reached.
    @inlinable
    mutating func run() {
        // The model is read through a local copy, passed down: calling its closures then
        // costs no retain of their contexts, as reading them from `self` (mutable) would.
        let model = explorer
        var level: [Node] = []
        for (index, initial) in model.initialStates.enumerated() {
            var state = initial
            if let canonical = model.canonical {
                state = canonical(initial)
                guard canonical(state) == state else {
                    findings.notCanonical = (TraceLinks.root, state)
                    return
                }
            }
            let fingerprint = Self.fingerprint(state, 0)
            if table.count >= maxStates && !table.contains(fingerprint) {
                stoppedAtStates = true
                return
            }
            guard table.insert(fingerprint) else { continue }
            let id = UInt32(truncatingIfNeeded: links.count)
            links.append(parent: TraceLinks.root, edge: UInt32(truncatingIfNeeded: index))
            found(state, pending: 0, id: id, model)
            if graph != nil { record(state, pending: 0, fingerprint: fingerprint, depth: 0) }
            level.append(Node(state: state, pending: 0, id: id))
        }
        var next: [Node] = []
        while !level.isEmpty {
            let expands = depth < maxDepth
            if !runsInParallel(level) || !expandInParallel(level, model, into: &next, expands: expands) {
                let batches = expands && graph == nil && table.capacity >= batchesFrom
                for index in level.indices {
                    if index & 0x3FFF == 0x3FFF, let progress = model.progress {
                        progress(WalkProgress(done: table.count, depth: depth))
                    }
                    let going =
                        batches
                        ? expandInBatch(level[index], model, into: &next)
                        : expand(level[index], model, into: &next, expands: expands)
                    guard going else {
                        stoppedAtStates = findings.nondeterminism == nil && findings.notCanonical == nil
                        return
                    }
                }
            }
            guard !next.isEmpty else { return }
            swap(&level, &next)
            next.removeAll(keepingCapacity: true)
            depth += 1
            if let progress = model.progress { progress(WalkProgress(done: table.count, depth: depth)) }
        }
    }

    /// Steps every event enabled in `node`; `false` when the state bound stops the walk.
    @inlinable @inline(__always)
    mutating func expand(
        _ node: Node, _ model: Explorer<State, Event, Env>, into next: inout [Node], expands: Bool
    ) -> Bool {
        let events = model.enabledEvents(node.state)
        collectOutcomes(of: node, model)
        if events.isEmpty && outcomes.isEmpty { deadEnd(node, model) }
        // Past the depth bound a state's successors are only looked up, to tell whether the
        // space is exhausted; once one is new, that is known (unless the graph wants edges).
        if !expands && foundBeyondDepth && graph == nil { return true }
        var edge: UInt32 = 0
        for event in events {
            guard successor(of: node, event, task: -1, edge: edge, model, into: &next, expands: expands)
            else {
                return false
            }
            edge &+= 1
        }
        for index in outcomes.indices {
            let outcome = outcomes[index]
            guard
                successor(
                    of: node, outcome.event, task: outcome.task, edge: edge, model, into: &next,
                    expands: expands)
            else { return false }
            edge &+= 1
        }
        return true
    }

    /// Lists the outcomes of the tasks pending in `node` in ``outcomes``.
    @inlinable @inline(__always)
    mutating func collectOutcomes(of node: Node, _ model: Explorer<State, Event, Env>) {
        outcomes.removeAll(keepingCapacity: true)
        var mask = node.pending & TaskTracker.namedBits
        while mask != 0 {
            let task = mask.trailingZeroBitCount
            mask &= mask - 1
            for event in model.tasks[task].outcomes(node.state) { outcomes.append((event, task)) }
        }
        // Unnamed tasks all have the same outcomes: delivering one by any of them is the
        // same transition, listed once.
        if TaskTracker.unnamedCount(in: node.pending) > 0, let unnamed = model.unnamedOutcomes {
            for event in unnamed(node.state) { outcomes.append((event, TaskTracker.unnamed)) }
        }
    }

    /// Steps one event of `node` and returns its successor, as the walk stores it: while
    /// the determinism checks last the transition is stepped twice (X3), and with a
    /// symmetry the successor is its representative (X5). `nil` when a check stops the
    /// walk, its finding recorded. `counts` is false past the depth bound, where the
    /// transition is neither counted nor checked.
    @inlinable @inline(__always)
    mutating func stepped(
        _ node: Node, _ event: Event, task: Int, edge: UInt32, _ model: Explorer<State, Event, Env>, counts: Bool
    ) -> (state: State, pending: UInt64)? {
        var state = node.state
        var pending = model.pending(node.pending, afterDeliveryBy: task)
        step(event, state: &state, pending: &pending, model.stepper)
        if tracker.wasCut {
            tracker.wasCut = false
            if counts { findings.chainCut(parent: node.id, edge: edge) }
        }
        if counts {
            transitions += 1
            if transitions <= Self.determinismChecks {
                var again = node.state
                var pendingAgain = model.pending(node.pending, afterDeliveryBy: task)
                step(event, state: &again, pending: &pendingAgain, model.stepper)
                tracker.wasCut = false
                if again != state || pendingAgain != pending {
                    findings.nondeterminism = (node.id, edge)
                    return nil
                }
            }
        }
        if let canonical = model.canonical {
            state = canonical(state)
            if transitions <= Self.determinismChecks && canonical(state) != state {
                findings.notCanonical = (node.id, state)
                return nil
            }
        }
        return (state, pending)
    }

    /// Steps one event of `node` and looks its successor up; `false` when the state
    /// bound stops the walk.
    @inlinable @inline(__always)
    mutating func successor(
        of node: Node, _ event: Event, task: Int, edge: UInt32, _ model: Explorer<State, Event, Env>,
        into next: inout [Node], expands: Bool
    ) -> Bool {
        guard let (state, pending) = stepped(node, event, task: task, edge: edge, model, counts: expands) else {
            return false
        }
        // An event that changes nothing (a guard that does not hold, a value set to what it
        // was) leads back to the state itself: no need to hash it. `==` is cheap here, as
        // the fields `update` did not touch still share their storage with the node's.
        if pending == node.pending && state == node.state {
            if graph != nil { graph!.loop(node.id, event: event, task: task) }
            return true
        }
        let fingerprint = Self.fingerprint(state, pending)
        guard expands else {
            if !foundBeyondDepth && !table.contains(fingerprint) { foundBeyondDepth = true }
            if graph != nil { graph!.edge(from: node.id, to: fingerprint, event: event, task: task) }
            return true
        }
        if table.count >= maxStates && !table.contains(fingerprint) { return false }
        if table.insert(fingerprint) {
            let id = UInt32(truncatingIfNeeded: links.count)
            links.append(parent: node.id, edge: edge)
            found(state, pending: pending, id: id, model)
            if graph != nil { record(state, pending: pending, fingerprint: fingerprint, depth: depth + 1) }
            next.append(Node(state: state, pending: pending, id: id))
        }
        if graph != nil { graph!.edge(from: node.id, to: fingerprint, event: event, task: task) }
        return true
    }

    /// Runs `event` and its `.action` chain as a host would, keeping the pending tasks.
    @inlinable @inline(__always)
    mutating func step(
        _ event: Event, state: inout State, pending: inout UInt64, _ stepper: Stepper<State, Event, Env>
    ) {
        guard let effect = stepper.update(&state, event) else { return }
        follow(effect, of: event, state: &state, pending: &pending, stepper)
    }

    /// Runs the rest of a chain, for an event whose `update` returned an effect. Out of
    /// line: a task's description holds a `TaskPriority`, whose layout is only known at
    /// run time, and the common step (no effect) should not set up a frame for it.
    @inlinable @inline(never)
    mutating func follow(
        _ effect: Effect<Event, Env>, of event: Event, state: inout State, pending: inout UInt64,
        _ stepper: Stepper<State, Event, Env>
    ) {
        tracker.pending = pending
        var chain = StepChain(after: event, effect: effect)
        loop: while true {
            switch stepper.next(&chain, state: &state) {
            case .updated: continue
            case .task: tracker.issued(chain.task?.name)
            case .cancel: tracker.cancelled(chain.cancelled)
            case .report: continue
            case .chainCut: tracker.wasCut = true
            case .done: break loop
            }
        }
        pending = tracker.pending
    }

    /// Checks the properties of a state seen for the first time.
    @inlinable
    mutating func found(_ state: State, pending: UInt64, id: UInt32, _ model: Explorer<State, Event, Env>) {
        guard findings.open > 0 else { return }
        let properties = model.properties
        let tasks = PendingTasks(mask: pending, modelled: tracker.names)
        for index in properties.indices where findings.first[index] < 0 {
            let decides = properties[index].holds(state, tasks) != (properties[index].kind == .always)
            if decides { findings.hit(index, id: id, state: state, pending: pending) }
        }
    }

    /// Adds a state seen for the first time to the graph, with the invariants it breaks.
    @usableFromInline
    mutating func record(_ state: State, pending: UInt64, fingerprint: UInt64, depth: Int) {
        let tasks = PendingTasks(mask: pending, modelled: tracker.names)
        let broken = explorer.properties.filter { $0.kind == .always && !$0.holds(state, tasks) }.map(\.name)
        graph?.node(state, tasks: tracker.names(in: pending), fingerprint: fingerprint, depth: depth, broken: broken)
    }

    @inlinable
    mutating func deadEnd(_ node: Node, _ model: Explorer<State, Event, Env>) {
        let tasks = PendingTasks(mask: node.pending, modelled: tracker.names)
        if model.isTerminal?(node.state, tasks) == true { return }
        findings.deadEnd(node.id, state: node.state, pending: node.pending)
        if graph != nil { graph!.markDeadEnd(node.id) }
    }

    /// The fingerprint of an explored state: the feature's state and its pending tasks,
    /// hashed with the standard library's `Hasher` (SipHash, seeded per process).
    @inlinable
    static func fingerprint(_ state: State, _ pending: UInt64) -> UInt64 {
        var hasher = Hasher()
        state.hash(into: &hasher)
        hasher.combine(pending)
        #if _pointerBitWidth(_64)
            return UInt64(UInt(bitPattern: hasher.finalize()))
        #else
            // A 32-bit `Hasher` gives 32 bits: a second, salted hash gives the rest.
            let low = UInt64(UInt(bitPattern: hasher.finalize()))
            var salted = Hasher()
            salted.combine(0x9E37_79B9 as UInt32)
            state.hash(into: &salted)
            salted.combine(pending)
            return UInt64(UInt(bitPattern: salted.finalize())) << 32 | low
        #endif
    }
}

/// What the walk found: the first state (the nearest) each property is decided by, and
/// dead ends and cut chains.
@usableFromInline
struct Findings<State> {
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
    /// The first transition that gave two different results (X3): the walk stops there.
    @usableFromInline var nondeterminism: (parent: UInt32, edge: UInt32)?
    /// The first representative the symmetry's `canonical` did not keep as it is (X5),
    /// with the state it was reached from: the walk stops there.
    @usableFromInline var notCanonical: (parent: UInt32, state: State)?

    @inlinable
    init(properties: Int) {
        first = Array(repeating: -1, count: properties)
        states = Array(repeating: nil, count: properties)
        open = properties
    }

    @inlinable
    mutating func hit(_ property: Int, id: UInt32, state: State, pending: UInt64) {
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
