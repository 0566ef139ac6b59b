/// What an exploration covered (X8): for each event case, how many transitions it had
/// and how many changed the state; the cases never enabled; the tasks never pending and
/// those that never delivered. TLC's `-coverage`, by event case: the model's blind spots.
///
/// ```swift
/// let coverage = explorer.coverage(of: try explorer.explore(graph: true))!
/// #expect(coverage.neverEnabled.isEmpty && coverage.neverChanging.isEmpty, "\(coverage)")
/// ```
public struct ExplorationCoverage: Hashable, Sendable {
    /// The transitions of one event case.
    ///
    /// ```swift
    /// let select = coverage.eventCases.first { $0.name == "select" }
    /// ```
    public struct EventCase: Hashable, Sendable {
        /// The case's name: `select` for `.select(2)`.
        ///
        /// ```swift
        /// #expect(coverage.eventCases.map(\.name).contains("refresh"))
        /// ```
        public let name: String
        /// The transitions of events of this case, in the explored states where one was
        /// enabled or delivered.
        ///
        /// ```swift
        /// #expect(coverage.eventCases[0].transitions > 0)
        /// ```
        public let transitions: Int
        /// Those that led to a different state (or different pending tasks); the rest
        /// left it as it was (a guard, a rejection).
        ///
        /// ```swift
        /// #expect(coverage.eventCases.allSatisfy { $0.changes > 0 })
        /// ```
        public let changes: Int
    }

    /// Event cases a model leaves out on purpose, and why.
    ///
    /// ```swift
    /// let leftOut = ExplorationCoverage.LeftOut(cases: ["setEditing"], reason: "editing is not modelled")
    /// ```
    public struct LeftOut: Hashable, Sendable {
        /// The cases' names.
        public let cases: [String]
        /// Why the model does not enable them.
        public let reason: String

        /// Creates a record of cases left out.
        ///
        /// ```swift
        /// let leftOut = ExplorationCoverage.LeftOut(cases: ["add"], reason: "ids come from the env")
        /// ```
        ///
        /// - Parameters:
        ///   - cases: The cases' names.
        ///   - reason: Why the model does not enable them.
        public init(cases: [String], reason: String) {
            self.cases = cases
            self.reason = reason
        }
    }

    /// Every event case enabled or delivered somewhere, in the order first stepped.
    ///
    /// ```swift
    /// print(coverage.eventCases.map(\.name))
    /// ```
    public let eventCases: [EventCase]
    /// The cases listed with ``Explorer/eventCases(_:)`` that no explored state enabled
    /// and no task delivered.
    ///
    /// ```swift
    /// #expect(coverage.neverEnabled.isEmpty)
    /// ```
    public let neverEnabled: [String]
    /// The cases the model leaves out on purpose (``Explorer/leavingOut(_:because:)``),
    /// with why: not counted as never enabled.
    ///
    /// ```swift
    /// #expect(coverage.leftOut.flatMap(\.cases) == ["add", "setEditing"])
    /// ```
    public let leftOut: [LeftOut]
    /// The modelled tasks never pending in an explored state.
    ///
    /// ```swift
    /// #expect(coverage.tasksNeverPending.isEmpty)
    /// ```
    public let tasksNeverPending: [String]
    /// The modelled tasks that were pending but never delivered an event: their outcomes
    /// list nothing in the states they are pending in.
    ///
    /// ```swift
    /// #expect(coverage.tasksNeverDelivering.isEmpty)
    /// ```
    public let tasksNeverDelivering: [String]
    /// The states the graph held.
    ///
    /// ```swift
    /// #expect(coverage.states == 42)
    /// ```
    public let states: Int
    /// Whether the graph was the whole reachable space.
    ///
    /// ```swift
    /// #expect(coverage.isExhaustive)
    /// ```
    public let isExhaustive: Bool

    /// The cases enabled somewhere whose transitions never changed the state: `update`
    /// transitions never taken.
    ///
    /// ```swift
    /// #expect(coverage.neverChanging.isEmpty)
    /// ```
    public var neverChanging: [String] { eventCases.filter { $0.changes == 0 }.map(\.name) }

    /// Whether nothing is left uncovered.
    ///
    /// ```swift
    /// #expect(coverage.isComplete, "\(coverage)")
    /// ```
    public var isComplete: Bool {
        neverEnabled.isEmpty && neverChanging.isEmpty && tasksNeverPending.isEmpty && tasksNeverDelivering.isEmpty
    }
}

extension ExplorationCoverage: CustomStringConvertible {
    /// The coverage as `--explore` prints it: one line per event case, then what was
    /// never covered.
    ///
    /// ```swift
    /// print(coverage)
    /// ```
    public var description: String {
        var lines = ["Coverage, by event case (transitions, of which changed the state):"]
        let width = eventCases.map(\.name.count).max() ?? 0
        for eventCase in eventCases {
            let padding = String(repeating: " ", count: width - eventCase.name.count)
            lines.append(
                "  \(eventCase.name)\(padding)  \(Numbers.grouped(eventCase.transitions)), "
                    + "\(Numbers.grouped(eventCase.changes))")
        }
        let quoted = { (names: [String]) in names.map { "\"\($0)\"" }.joined(separator: ", ") }
        for leftOut in leftOut {
            lines.append("  – left out: " + leftOut.cases.joined(separator: ", ") + " (\(leftOut.reason))")
        }
        if !neverEnabled.isEmpty { lines.append("  ✗ never enabled: " + neverEnabled.joined(separator: ", ")) }
        if !neverChanging.isEmpty {
            lines.append("  ✗ never changed the state: " + neverChanging.joined(separator: ", "))
        }
        if !tasksNeverPending.isEmpty { lines.append("  ✗ tasks never pending: " + quoted(tasksNeverPending)) }
        if !tasksNeverDelivering.isEmpty {
            lines.append("  ✗ tasks pending but never delivering: " + quoted(tasksNeverDelivering))
        }
        if isComplete { lines.append("  ✓ every case enabled changed the state somewhere; every task was pending and delivered") }
        return lines.joined(separator: "\n")
    }
}
