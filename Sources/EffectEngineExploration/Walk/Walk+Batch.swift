/// The walk's common case, one state's successors in a batch: each is stepped and
/// fingerprinted first, then the table slots of all of them are read at once, and then
/// they are looked up and added in order. A table of millions of fingerprints lives in
/// main memory, and a lookup waits for its slot; read one after another, the slots of a
/// batch are fetched together instead of each waiting for the one before.
///
/// What is added, and in which order, is what ``Walk/expand(_:into:expands:)`` adds; the
/// graph, when kept, levels at the depth bound and tables that fit in a cache go through
/// that one. A parallel level's workers always batch.
extension Walk {
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

    /// Steps every choice of `node`, in a batch; `false` when a bound or a check stops
    /// the walk.
    @inlinable @inline(__always)
    mutating func expandInBatch(_ node: Node<State>, into next: inout [Node<State>]) -> Bool {
        system.choices(in: node.state, pending: node.pending, into: &choices)
        // Where the state bound may stop the walk among these successors, or the first
        // transitions are checked, step them one by one, so the walk stops where it
        // would, its counts as they would be.
        if table.count + choices.count > maxStates || transitions < Self.determinismChecks {
            return expand(node, into: &next, expands: true)
        }
        if choices.isEmpty { deadEnd(node) }
        batch.removeAll(keepingCapacity: true)
        for index in choices.indices {
            guard
                case .next(let state, let pending) = system.successor(
                    of: node.state, pending: node.pending, by: choices[index], checks: false, notes: &notes)
            else { continue }
            if notes.wasCut {
                notes.wasCut = false
                findings.chainCut(parent: node.id, edge: UInt32(truncatingIfNeeded: index))
            }
            if let task = notes.unfaithful {
                findings.stop = .unfaithful(task: task)
                return false
            }
            transitions += 1
            if pending == node.pending && state == node.state { continue }
            batch.append(
                Successor(
                    state: state, pending: pending,
                    fingerprint: TransitionSystem<State, Event, Env>.fingerprint(state, pending),
                    edge: UInt32(truncatingIfNeeded: index)))
        }
        var touched: UInt64 = 0
        for index in batch.indices { touched |= table.slot(of: batch[index].fingerprint) }
        self.touched = touched
        for index in batch.indices {
            let successor = batch[index]
            if table.insert(successor.fingerprint) {
                let id = UInt32(truncatingIfNeeded: links.count)
                links.append(parent: node.id, edge: successor.edge)
                next.append(Node(state: successor.state, pending: successor.pending, id: id))
            }
        }
        return true
    }
}
