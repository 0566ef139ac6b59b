/// A formula's atom, as the product with the graph evaluates it.
enum FormulaAtom<State, Event> {
    case state((State) -> Bool)
    case step((State, Event, State) -> Bool, changes: ((State, State) -> Bool)?, onStutter: Bool)
    case enabled((State, Event, State) -> Bool)
}

extension TemporalFormula.Node {
    /// The formula (`positive`) or its negation in negation normal form, its atoms
    /// appended to `atoms`.
    func normalForm(positive: Bool, _ atoms: inout [FormulaAtom<State, Event>]) -> LTL {
        switch self {
        case .constant(let value):
            return .constant(value == positive)
        case .state(let holds):
            atoms.append(.state(holds))
            return .literal(atoms.count - 1, positive)
        case .step(let action, let changes, let onStutter):
            atoms.append(.step(action, changes: changes, onStutter: onStutter))
            return .literal(atoms.count - 1, positive)
        case .enabled(let action):
            atoms.append(.enabled(action))
            return .literal(atoms.count - 1, positive)
        case .not(let inner):
            return inner.normalForm(positive: !positive, &atoms)
        case .and(let left, let right):
            let (l, r) = (left.normalForm(positive: positive, &atoms), right.normalForm(positive: positive, &atoms))
            return positive ? .and(l, r) : .or(l, r)
        case .or(let left, let right):
            let (l, r) = (left.normalForm(positive: positive, &atoms), right.normalForm(positive: positive, &atoms))
            return positive ? .or(l, r) : .and(l, r)
        case .always(let inner):
            let body = inner.normalForm(positive: positive, &atoms)
            return positive ? .release(.constant(false), body) : .until(.constant(true), body)
        case .eventually(let inner):
            let body = inner.normalForm(positive: positive, &atoms)
            return positive ? .until(.constant(true), body) : .release(.constant(false), body)
        }
    }
}

extension LivenessCheck {
    /// X17: a fair behaviour on which the formula fails, the shortest one: the product of
    /// the graph with the tableau of the formula's negation (a node per state and tableau
    /// node whose literals the state, and the step leaving it, satisfy), searched for a
    /// fair lasso whose loop passes each acceptance set, as for the other fair
    /// properties. A step that changes nothing is a stutter; the product takes one where
    /// the tableau moves on it (and lets each step, and each start, go on through such
    /// moves at no cost), and lets a path stay in a node only where its tableau node may
    /// follow itself on a stutter.
    /// The same behaviour as the lasso `stem` then `loop` forever (transitions of the
    /// graph), written as briefly as it can be: the product's loop may start after the
    /// graph's does (the tableau changes node on the way round), and may go round the
    /// graph's loop more than once.
    static func shortest(stem: [Int], loop: [Int]) -> (stem: [Int], loop: [Int]) {
        var stem = stem
        var loop = loop
        for period in 1..<max(1, loop.count) where loop.count % period == 0 {
            if (period..<loop.count).allSatisfy({ loop[$0] == loop[$0 - period] }) {
                loop = Array(loop.prefix(period))
                break
            }
        }
        while let last = stem.last, last == loop.last {
            stem.removeLast()
            loop = [last] + loop.dropLast()
        }
        return (stem, loop)
    }

    func formula(_ name: String, _ node: TemporalFormula<State, Event>.Node) -> Violation? {
        guard let fair else { return nil }
        var atoms: [FormulaAtom<State, Event>] = []
        let tableau = Tableau(node.normalForm(positive: false, &atoms))
        guard !tableau.initial.isEmpty else { return nil }
        let states = graph.states
        let events = graph.events
        // The state atoms' and ENABLED atoms' values per state.
        var values: [[Bool]?] = atoms.map { _ in nil }
        for (index, atom) in atoms.enumerated() {
            switch atom {
            case .state(let holds):
                values[index] = states.map(holds)
            case .enabled(let action):
                var enabled = [Bool](repeating: false, count: states.count)
                for edge in fair.from.indices {
                    let (source, target) = (Int(fair.from[edge]), Int(fair.to[edge]))
                    if source != target && !enabled[source] && action(states[source], events[edge], states[target]) {
                        enabled[source] = true
                    }
                }
                values[index] = enabled
            case .step:
                break
            }
        }
        /// Whether a tableau node's literals hold at `state`, on the step by `edge` (`nil`:
        /// a stutter).
        func holds(_ literals: [(atom: Int, value: Bool)], at state: Int, by edge: Int?) -> Bool {
            for literal in literals {
                let value: Bool
                if let known = values[literal.atom] {
                    value = known[state]
                } else if case .step(let action, let changes, let onStutter) = atoms[literal.atom] {
                    if let edge {
                        let target = Int(fair.to[edge])
                        let moves = changes.map { $0(states[state], states[target]) } ?? true
                        value = moves ? action(states[state], events[edge], states[target]) : onStutter
                    } else {
                        value = onStutter
                    }
                } else {
                    value = false
                }
                if value != literal.value { return false }
            }
            return true
        }

        let automaton = tableau.nodes.count
        var number: [Int: Int32] = [:]
        var pairs: [(state: Int32, node: Int32)] = []
        var from: [UInt32] = []
        var to: [UInt32] = []
        var byEdge: [Int32] = []
        var canStay: [Bool] = []
        func reach(_ state: Int, _ node: Int) -> UInt32 {
            let key = state * automaton + node
            if let known = number[key] { return UInt32(known) }
            number[key] = Int32(pairs.count)
            pairs.append((Int32(state), Int32(node)))
            canStay.append(false)
            return UInt32(pairs.count - 1)
        }
        // The tableau nodes a path at `state` can move to by stuttering there, `node`
        // first: a step into `state` may go on to any of them at no cost in events, so the
        // shortest lasso counts events, not the tableau's moves.
        var closures: [Int: [Int]] = [:]
        func stutterClosure(_ state: Int, _ node: Int) -> [Int] {
            let key = state * automaton + node
            if let known = closures[key] { return known }
            var found = [node]
            var seen: Set<Int> = [node]
            var head = 0
            while head < found.count {
                let current = found[head]
                head += 1
                guard holds(tableau.nodes[current].literals, at: state, by: nil) else { continue }
                for next in tableau.nodes[current].successors where seen.insert(next).inserted { found.append(next) }
            }
            closures[key] = found
            return found
        }
        var isStart: [Bool] = []
        for state in states.indices where fair.isInitial[state] {
            for node in tableau.initial {
                for reached in stutterClosure(state, node) {
                    let number = Int(reach(state, reached))
                    while isStart.count <= number { isStart.append(false) }
                    isStart[number] = true
                }
            }
        }
        var head = 0
        while head < pairs.count {
            let here = head
            let (state, node) = (Int(pairs[head].state), Int(pairs[head].node))
            head += 1
            guard !fair.isOpen[state] else { continue }
            let literals = tableau.nodes[node].literals
            let successors = tableau.nodes[node].successors
            if holds(literals, at: state, by: nil) {
                for next in successors {
                    if next == node {
                        canStay[here] = true
                    } else {
                        let target = reach(state, next)
                        from.append(UInt32(here))
                        to.append(target)
                        byEdge.append(-1)
                    }
                }
            }
            for edge in fair.outgoing(state).map(Int.init) where Int(fair.to[edge]) != state {
                guard holds(literals, at: state, by: edge) else { continue }
                var targets: Set<UInt32> = []
                for next in successors {
                    for reached in stutterClosure(Int(fair.to[edge]), next) {
                        let target = reach(Int(fair.to[edge]), reached)
                        guard targets.insert(target).inserted else { continue }
                        from.append(UInt32(here))
                        to.append(target)
                        byEdge.append(Int32(edge))
                    }
                }
            }
        }
        let classes = fair.classes.map { fairClass in
            var members = BitSet(count: from.count)
            for edge in from.indices where byEdge[edge] >= 0 && fairClass.members[Int(byEdge[edge])] {
                members[edge] = true
            }
            var enabled = BitSet(count: pairs.count)
            for node in pairs.indices where fairClass.enabled[Int(pairs[node].state)] { enabled[node] = true }
            return FairClassBits(fairness: fairClass.fairness, members: members, enabled: enabled)
        }
        let product = FairCycles(
            from: from, to: to, isInitial: pairs.indices.map { $0 < isStart.count && isStart[$0] },
            isOpen: pairs.map { fair.isOpen[Int($0.state)] }, classes: classes, canStay: canStay)
        let everywhere = [Bool](repeating: true, count: pairs.count)
        guard
            let lasso = product.lasso(
                trigger: everywhere, region: everywhere,
                mustVisitEach: tableau.accepting.map { accepting in pairs.map { accepting[Int($0.node)] } })
        else { return nil }
        let (stem, loop) = Self.shortest(
            stem: lasso.stem.map { Int(byEdge[$0]) }.filter { $0 >= 0 },
            loop: lasso.loop.map { Int(byEdge[$0]) }.filter { $0 >= 0 })
        let start = Int(pairs[lasso.start].state)
        func count(_ events: Int) -> String { events == 1 ? "1 event" : "\(events) events" }
        let onward = stem.isEmpty ? "" : " takes \(count(stem.count)) and"
        let round =
            loop.isEmpty ? "stays in the state it reaches forever" : "repeats a loop of \(count(loop.count)) forever"
        let message = "temporal \"\(name)\" fails: a fair path\(onward) \(round), and the formula does not hold on it"
        let choices = (stem + loop).map { Int(graph.choices[$0]) }
        guard let whole = system.trace(fromInitial: graph.links.start(of: start), edges: choices) else {
            return Violation(
                trace: nil, cycle: nil, length: stem.count + loop.count, stuckStates: 0,
                message: message + Self.notReplayed)
        }
        let trace = ExplorationTrace(
            initialState: whole.initialState, steps: Array(whole.steps.prefix(stem.count)),
            finalPending: graph.pending[stem.last.map { Int(graph.edgeTo[$0]) } ?? start])
        return Violation(
            trace: trace, cycle: Array(whole.steps.dropFirst(stem.count)), length: stem.count + loop.count,
            stuckStates: 0, message: message)
    }
}
