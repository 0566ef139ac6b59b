extension StateTree {
    /// One change that turns a tree into the next: a node set at a path, or a run of
    /// children replaced in a collection. A path is the children's indices from the root.
    package enum Change: Equatable, Sendable {
        /// The node at `path` becomes `node` (the root for an empty path).
        case set(path: [Int], node: Node)
        /// In the collection at `path`, `removed` children from `start` give way to `inserted`.
        case splice(path: [Int], start: Int, removed: Int, inserted: [Node])
    }

    /// The changes that turn `old` into `new`, as few as a walk finds: equal subtrees are
    /// skipped, records and tuples are compared field by field, collections of the same
    /// length element by element, and a collection that grew or shrank by the one run
    /// between its common head and tail.
    ///
    /// ```swift
    /// let changes = tree.changes(from: tree.node(of: [1, 2, 3]), to: tree.node(of: [1, 3]))
    /// // [.splice(path: [], start: 1, removed: 1, inserted: [])]
    /// ```
    package func changes(from old: Node, to new: Node) -> [Change] {
        var found: [Change] = []
        var path: [Int] = []
        collect(old, new, path: &path, into: &found)
        return found
    }

    /// The changes from one reading to the next: ``changes(from:to:)``, where the parts
    /// the next reading kept from the one before are skipped unseen.
    package func changes(from old: Reading, to new: Reading) -> [Change] {
        var found: [Change] = []
        var path: [Int] = []
        walk(old, new, path: &path, into: &found)
        return found
    }

    private func walk(_ old: Reading, _ new: Reading, path: inout [Int], into found: inout [Change]) {
        guard old !== new else { return }
        guard case .composite(let oldShape, let oldNodes) = old.node, case .composite(let newShape, let newNodes) = new.node,
            oldShape == newShape, oldNodes.count == newNodes.count, old.children.count == oldNodes.count,
            new.children.count == newNodes.count
        else {
            return collect(old.node, new.node, path: &path, into: &found)
        }
        for index in oldNodes.indices {
            path.append(index)
            walk(old.children[index], new.children[index], path: &path, into: &found)
            path.removeLast()
        }
    }

    private func collect(_ old: Node, _ new: Node, path: inout [Int], into found: inout [Change]) {
        guard old != new else { return }
        guard case .composite(let oldShape, let oldChildren) = old, case .composite(let newShape, let newChildren) = new,
            oldShape == newShape
        else {
            return found.append(.set(path: path, node: new))
        }
        let isCollection = [.array, .set, .dictionary].contains(shapes[oldShape].kind)
        guard oldChildren.count != newChildren.count else {
            for index in oldChildren.indices {
                path.append(index)
                collect(oldChildren[index], newChildren[index], path: &path, into: &found)
                path.removeLast()
            }
            return
        }
        guard isCollection else { return found.append(.set(path: path, node: new)) }
        var head = 0
        while head < oldChildren.count, head < newChildren.count, oldChildren[head] == newChildren[head] { head += 1 }
        var tail = 0
        while tail < oldChildren.count - head, tail < newChildren.count - head,
            oldChildren[oldChildren.count - 1 - tail] == newChildren[newChildren.count - 1 - tail]
        {
            tail += 1
        }
        found.append(
            .splice(
                path: path, start: head, removed: oldChildren.count - head - tail,
                inserted: Array(newChildren[head..<(newChildren.count - tail)])))
    }
}

extension PageJSON {
    /// Writes changes: `[path, node]` for a node set, `[path, start, removed, [nodes]]` for
    /// a splice.
    package mutating func changes(_ changes: [StateTree.Change]) {
        array(changes) { json, change in
            json.array { json in
                switch change {
                case .set(let path, let node):
                    json.numbers(path)
                    json.node(node)
                case .splice(let path, let start, let removed, let inserted):
                    json.numbers(path)
                    json.number(start)
                    json.number(removed)
                    json.array(inserted) { json, node in json.node(node) }
                }
            }
        }
    }
}
