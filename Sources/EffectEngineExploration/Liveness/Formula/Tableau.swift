/// A formula in negation normal form over numbered atoms, as the tableau reads it: `U`
/// and `R` are LTL's until and release, `X` its next.
indirect enum LTL: Hashable {
    case constant(Bool)
    /// Atom `index`, or its negation.
    case literal(Int, Bool)
    case and(LTL, LTL)
    case or(LTL, LTL)
    case next(LTL)
    case until(LTL, LTL)
    case release(LTL, LTL)
}

/// A generalised Büchi automaton built from a formula by the tableau of Gerth, Peled,
/// Vardi and Wolper ("Simple on-the-fly automatic verification of linear temporal
/// logic", 1995): each node holds the literals a position of an accepted behaviour must
/// satisfy, and its successors; a run is accepted when it passes a node of each
/// acceptance set again and again (one set per `U` subformula: its goal holds there or
/// it is not pending).
struct Tableau {
    struct Node {
        /// The literals this position must satisfy: (atom, value).
        var literals: [(atom: Int, value: Bool)]
        var successors: [Int]
    }

    private(set) var nodes: [Node] = []
    private(set) var initial: [Int] = []
    /// Per acceptance set, the nodes in it.
    private(set) var accepting: [[Bool]] = []

    /// A node under construction: the predecessors it is reached from (-1: the start),
    /// the formulas still to take apart, those taken apart, and those owed to the next
    /// position.
    private struct Building {
        var incoming: Set<Int>
        var new: [LTL]
        var old: Set<LTL>
        var next: Set<LTL>
    }

    init(_ formula: LTL) {
        var untils: [LTL] = []
        func collect(_ formula: LTL) {
            switch formula {
            case .constant, .literal: break
            case .and(let left, let right), .or(let left, let right), .release(let left, let right):
                collect(left)
                collect(right)
            case .next(let inner): collect(inner)
            case .until(let left, let right):
                if !untils.contains(formula) { untils.append(formula) }
                collect(left)
                collect(right)
            }
        }
        collect(formula)
        // A finished node is known by what it asks of its position (its literals), of the
        // next (its obligations) and of acceptance: two alike accept the same behaviours,
        // so they are one node. (The original tableau compares all it took apart; that
        // keeps a node for the formula's first position apart from the same one later, and
        // a path would take a step to leave it.)
        struct Key: Hashable {
            let literals: Set<LTL>
            let next: Set<LTL>
            let accepts: [Bool]
        }
        func key(_ node: Building) -> Key {
            Key(
                literals: node.old.filter { if case .literal = $0 { true } else { false } }, next: node.next,
                accepts: untils.map { until in
                    guard case .until(_, let goal) = until else { return true }
                    return !node.old.contains(until) || node.old.contains(goal)
                })
        }
        var built: [(incoming: Set<Int>, key: Key)] = []
        var known: [Key: Int] = [:]
        var work = [Building(incoming: [-1], new: [formula], old: [], next: [])]
        while var node = work.popLast() {
            guard let formula = node.new.popLast() else {
                let nodeKey = key(node)
                if let same = known[nodeKey] {
                    built[same].incoming.formUnion(node.incoming)
                } else {
                    known[nodeKey] = built.count
                    built.append((node.incoming, nodeKey))
                    work.append(
                        Building(incoming: [built.count - 1], new: Array(node.next), old: [], next: []))
                }
                continue
            }
            if node.old.contains(formula) {
                work.append(node)
                continue
            }
            switch formula {
            case .constant(false):
                continue
            case .constant(true):
                work.append(node)
            case .literal(let atom, let value):
                if node.old.contains(.literal(atom, !value)) { continue }
                node.old.insert(formula)
                work.append(node)
            case .and(let left, let right):
                node.old.insert(formula)
                node.new += [left, right].filter { !node.old.contains($0) }
                work.append(node)
            case .next(let inner):
                node.old.insert(formula)
                node.next.insert(inner)
                work.append(node)
            case .or(let left, let right):
                node.old.insert(formula)
                var second = node
                node.new.append(left)
                second.new.append(right)
                work += [second, node]
            case .until(let left, let right):
                node.old.insert(formula)
                var second = node
                node.new.append(left)
                node.next.insert(formula)
                second.new.append(right)
                work += [second, node]
            case .release(let left, let right):
                node.old.insert(formula)
                var second = node
                node.new.append(right)
                node.next.insert(formula)
                second.new += [left, right]
                work += [second, node]
            }
        }
        nodes = built.map { node in
            Node(
                literals: node.key.literals.compactMap { formula in
                    if case .literal(let atom, let value) = formula { (atom, value) } else { nil }
                }.sorted { ($0.atom, $0.value ? 1 : 0) < ($1.atom, $1.value ? 1 : 0) },
                successors: [])
        }
        for (index, node) in built.enumerated() {
            for source in node.incoming {
                if source < 0 { initial.append(index) } else { nodes[source].successors.append(index) }
            }
        }
        initial.sort()
        for index in nodes.indices { nodes[index].successors.sort() }
        accepting = untils.indices.map { number in built.map { $0.key.accepts[number] } }
    }
}
