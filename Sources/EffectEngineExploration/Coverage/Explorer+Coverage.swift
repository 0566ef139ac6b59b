import EffectEngine

extension Explorer {
    /// Lists every case of `Event`, one event each, so the coverage report can name the
    /// cases never enabled anywhere (X8).
    ///
    /// ```swift
    /// explorer.eventCases([.refresh, .loaded([]), .failed(""), .select(1), .clear])
    /// ```
    ///
    /// Only each event's case counts (`select`), not its payload.
    ///
    /// - Parameter events: One event of each case.
    /// - Returns: The explorer, with the cases known.
    public func eventCases(_ events: [Event]) -> Explorer {
        var copy = self
        copy.eventCases = events.map(EventCase.name)
        return copy
    }

    /// Says which event cases the model leaves out on purpose, and why: the coverage
    /// report lists them with the reason, apart from the cases never enabled by mistake.
    ///
    /// ```swift
    /// explorer.leavingOut([.add], because: "the model adds with added(id:), the id the action draws")
    /// ```
    ///
    /// - Parameters:
    ///   - events: One event of each case left out; only the case counts.
    ///   - reason: Why the model does not enable them, in a few words.
    /// - Returns: The explorer, with the cases known as left out.
    public func leavingOut(_ events: [Event], because reason: String) -> Explorer {
        var copy = self
        copy.leftOut.append(ExplorationCoverage.LeftOut(cases: events.map(EventCase.name), reason: reason))
        return copy
    }

    /// What a walk covered and what it did not: event cases never enabled, cases whose
    /// transitions never changed the state, tasks never pending, tasks that never
    /// delivered (X8), read from the graph a report kept.
    ///
    /// ```swift
    /// let report = try explorer.explore(graph: true)
    /// let coverage = explorer.coverage(of: report)!
    /// #expect(coverage.neverEnabled.isEmpty, "\(coverage)")
    /// ```
    ///
    /// - Parameter report: A report of this explorer, made with `graph: true`.
    /// - Returns: The coverage; `nil` when the report kept no graph.
    public func coverage(of report: ExplorationReport<State, Event>) -> ExplorationCoverage? {
        guard let graph = report.graph else { return nil }
        var order: [String] = []
        var counts: [String: (enabled: Int, taken: Int)] = [:]
        var deliveries: [String: Int] = [:]
        for edge in graph.edges {
            let name = EventCase.name(edge.event)
            if counts[name] == nil { order.append(name) }
            counts[name, default: (0, 0)].enabled += 1
            if edge.from != edge.to { counts[name, default: (0, 0)].taken += 1 }
            if let task = edge.task { deliveries[task, default: 0] += 1 }
        }
        let pending = Set(graph.nodes.flatMap(\.pendingTasks))
        let modelled = tasks.map(\.name) + (unnamedOutcomes == nil ? [] : [TaskTracker.unnamedLabel])
        let cases = order.map { name in
            ExplorationCoverage.EventCase(name: name, transitions: counts[name]!.enabled, changes: counts[name]!.taken)
        }
        let leftOutCases = Set(leftOut.flatMap(\.cases))
        return ExplorationCoverage(
            eventCases: cases,
            neverEnabled: eventCases.filter { counts[$0] == nil && !leftOutCases.contains($0) },
            leftOut: leftOut,
            tasksNeverPending: modelled.filter { !pending.contains($0) },
            tasksNeverDelivering: modelled.filter { pending.contains($0) && deliveries[$0] == nil },
            states: graph.nodes.count, isExhaustive: report.isExhaustive)
    }
}

/// The case of an enum value, by reflection: `select` for `.select(2)`.
enum EventCase {
    static func name(_ event: Any) -> String {
        let mirror = Mirror(reflecting: event)
        guard mirror.displayStyle == .enum else { return "\(type(of: event))" }
        if let label = mirror.children.first?.label { return label }
        let text = String(describing: event)
        return text.split(separator: "(").first.map(String.init) ?? text
    }
}
