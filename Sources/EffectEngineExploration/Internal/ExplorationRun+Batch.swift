/// The walk's common case, one state's successors in a batch: each is stepped and
/// fingerprinted first, then the table slots of all of them are read at once, and then
/// they are looked up and added in order. A table of millions of fingerprints lives in
/// main memory, and a lookup waits for its slot; read one after another, the slots of a
/// batch are fetched together instead of each waiting for the one before.
///
/// What is added, and in which order, is what ``expand(_:_:into:expands:)`` adds; the
/// graph, when kept, levels at the depth bound and tables that fit in a cache go through
/// that one. A parallel level's workers always batch.
extension ExplorationRun {
    /// The table capacity from which one worker steps in batches: 8 MiB of slots, about
    /// what a cache holds. Below, a lookup finds its slot in the cache anyway, and keeping
    /// a state's successors until all are stepped costs more than it saves.
    @inlinable static var batchingCapacity: Int { 1 << 20 }

    /// A successor stepped and fingerprinted, not yet looked up.
    @usableFromInline
    struct Successor {
        @usableFromInline let state: State
        @usableFromInline let pending: UInt64
        @usableFromInline let fingerprint: UInt64
        @usableFromInline let edge: UInt32

        @inlinable
        init(state: State, pending: UInt64, fingerprint: UInt64, edge: UInt32) {
            self.state = state
            self.pending = pending
            self.fingerprint = fingerprint
            self.edge = edge
        }
    }

    /// Steps every event enabled in `node`, in a batch; `false` when a bound or a finding
    /// stops the walk.
    @inlinable @inline(__always)
    mutating func expandInBatch(_ node: Node, _ model: Explorer<State, Event, Env>, into next: inout [Node])
        -> Bool
    {
        let events = model.enabledEvents(node.state)
        collectOutcomes(of: node, model)
        // Where the state bound may stop the walk among these successors, step them one by
        // one, so the walk stops where it would, its counts as they would be.
        if !collects && table.count + events.count + outcomes.count > maxStates {
            return expand(node, model, into: &next, expands: true)
        }
        if events.isEmpty && outcomes.isEmpty { deadEnd(node, model) }
        batch.removeAll(keepingCapacity: true)
        var edge: UInt32 = 0
        var stepped = true
        for event in events {
            guard prepare(node, event, task: -1, edge: edge, model) else {
                stepped = false
                break
            }
            edge &+= 1
        }
        if stepped {
            for index in outcomes.indices {
                let outcome = outcomes[index]
                guard prepare(node, outcome.event, task: outcome.task, edge: edge, model) else {
                    stepped = false
                    break
                }
                edge &+= 1
            }
        }
        var touched: UInt64 = 0
        for index in batch.indices { touched |= table.slot(of: batch[index].fingerprint) }
        self.touched = touched
        for index in batch.indices {
            guard add(batch[index], from: node, model, into: &next) else { return false }
        }
        return stepped
    }

    /// Steps one event of `node` and, unless it leads back to `node`, adds the successor
    /// to the batch; `false` when the transition's finding stops the walk.
    @inlinable @inline(__always)
    mutating func prepare(
        _ node: Node, _ event: Event, task: Int, edge: UInt32, _ model: Explorer<State, Event, Env>
    ) -> Bool {
        guard let (state, pending) = stepped(node, event, task: task, edge: edge, model, counts: true) else {
            return false
        }
        if pending == node.pending && state == node.state { return true }
        batch.append(
            Successor(
                state: state, pending: pending, fingerprint: Self.fingerprint(state, pending), edge: edge))
        return true
    }

    /// Looks a successor up and adds it when it is new; `false` when the state bound
    /// stops the walk.
    @inlinable @inline(__always)
    mutating func add(
        _ successor: Successor, from node: Node, _ model: Explorer<State, Event, Env>, into next: inout [Node]
    ) -> Bool {
        let fingerprint = successor.fingerprint
        if collects {
            // A worker of a parallel level: the table holds the states of the levels before,
            // and is only read; the merge numbers what is new, in the one-worker order.
            if !table.contains(fingerprint) && local.insert(fingerprint) {
                candidates.append(
                    Candidate(
                        node: Node(state: successor.state, pending: successor.pending, id: 0),
                        fingerprint: fingerprint, parent: node.id, edge: successor.edge))
            }
            return true
        }
        if table.count >= maxStates && !table.contains(fingerprint) { return false }
        if table.insert(fingerprint) {
            let id = UInt32(truncatingIfNeeded: links.count)
            links.append(parent: node.id, edge: successor.edge)
            found(successor.state, pending: successor.pending, id: id, model)
            next.append(Node(state: successor.state, pending: successor.pending, id: id))
        }
        return true
    }
}
