extension ExplorationGraph {
    /// The graph in Graphviz's DOT language: one box per state, labelled by `state`, one
    /// arrow per transition, labelled by `event`.
    ///
    /// The initial state has a thick border; states that break an invariant or are dead
    /// ends are red and say so; transitions delivered by a task are dashed and name it.
    /// Render it with `dot -Tsvg graph.dot -o graph.svg`.
    ///
    /// ```swift
    /// print(report.graph!.dot { "count: \($0.count)" })
    /// ```
    ///
    /// - Parameters:
    ///   - state: A state's label; lines are kept. By default, its description.
    ///   - event: A transition's label. By default, the event's description (`select(1)`),
    ///     cut at 40 characters.
    /// - Returns: The DOT source, ending in a newline.
    public func dot(
        state: ((State) -> String)? = nil,
        event: ((Event) -> String)? = nil
    ) -> String {
        let state = state ?? { String(describing: $0) }
        let event = event ?? Self.shortDescription
        var lines = [
            "digraph exploration {",
            "    node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for (index, node) in nodes.enumerated() {
            var attributes = [
                "label=\"\(Self.dotEscaped(label(node, state(node.state)).joined(separator: "\n")))\""
            ]
            if index == 0 { attributes.append("penwidth=2") }
            if !node.brokenInvariants.isEmpty || node.isDeadEnd {
                attributes += ["color=red", "fontcolor=red"]
            }
            lines.append("    s\(index) [\(attributes.joined(separator: ", "))];")
        }
        for edge in edges {
            let text = edge.task.map { "\(event(edge.event)) (from \($0))" } ?? event(edge.event)
            let style = edge.task == nil ? "" : ", style=dashed"
            lines.append("    s\(edge.from) -> s\(edge.to) [label=\"\(Self.dotEscaped(text))\"\(style)];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as a Mermaid flowchart, which GitHub and many editors draw in place:
    /// the same boxes, labels and marks as ``dot(state:event:)``.
    ///
    /// ```swift
    /// let markdown = "```mermaid\n" + report.graph!.mermaid { "count: \($0.count)" } + "```\n"
    /// ```
    ///
    /// - Parameters:
    ///   - state: A state's label; lines are kept. By default, its description.
    ///   - event: A transition's label. By default, the event's description, cut at 40
    ///     characters.
    /// - Returns: The Mermaid source, ending in a newline.
    public func mermaid(
        state: ((State) -> String)? = nil,
        event: ((Event) -> String)? = nil
    ) -> String {
        let state = state ?? { String(describing: $0) }
        let event = event ?? Self.shortDescription
        var lines = ["flowchart TD"]
        var marked: [String] = []
        for (index, node) in nodes.enumerated() {
            let text = label(node, state(node.state)).map(Self.mermaidEscaped).joined(separator: "<br/>")
            lines.append("    s\(index)[\"\(text)\"]")
            if !node.brokenInvariants.isEmpty || node.isDeadEnd { marked.append("s\(index)") }
        }
        for edge in edges {
            let text = edge.task.map { "\(event(edge.event)) (from \($0))" } ?? event(edge.event)
            let arrow = edge.task == nil ? "-->" : "-.->"
            lines.append("    s\(edge.from) \(arrow)|\"\(Self.mermaidEscaped(text))\"| s\(edge.to)")
        }
        if !nodes.isEmpty { lines.append("    style s0 stroke-width:3px") }
        if !marked.isEmpty {
            lines.append("    classDef failing stroke:#d00,color:#d00")
            lines.append("    class \(marked.joined(separator: ",")) failing")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An event's description, cut to 40 characters.
    private static func shortDescription(_ event: Event) -> String {
        let text = String(describing: event)
        return text.count > 40 ? text.prefix(39) + "…" : text
    }

    /// A node's label lines: the state's, its pending tasks, what it breaks.
    private func label(_ node: Node, _ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if !node.pendingTasks.isEmpty { lines.append("tasks: " + node.pendingTasks.joined(separator: ", ")) }
        lines += node.brokenInvariants.map { "breaks: \($0)" }
        if node.isDeadEnd { lines.append("dead end") }
        return lines
    }

    private static func dotEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": break
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static func mermaidEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\"": escaped += "#quot;"
            case "#": escaped += "#35;"
            case "<": escaped += "#lt;"
            case ">": escaped += "#gt;"
            case "|": escaped += "#124;"
            case "\n": escaped += "<br/>"
            case "\r": break
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
