/// A set of event paths from the initial state that, together, take every transition an
/// exploration found (X10), as XState's model-based testing covers a machine: made by
/// ``Explorer/testPlan(of:)``, run against the real host by
/// ``Explorer/run(_:timeout:hostCode:host:)``.
///
/// ```swift
/// let plan = explorer.testPlan(of: try explorer.explore(graph: true))!
/// #expect(plan.coveredTransitions == plan.transitions)
/// ```
public struct TestPlan<State, Event> {
    /// The paths, each a trace from the initial state: its events, the task that
    /// delivered each, and the state the model reaches after it.
    ///
    /// ```swift
    /// for path in plan.paths { print(path.events) }
    /// ```
    public let paths: [ExplorationTrace<State, Event>]
    /// The transitions of the explored graph.
    ///
    /// ```swift
    /// #expect(plan.transitions == report.graph!.edges.count)
    /// ```
    public let transitions: Int
    /// The transitions the paths take: all of them.
    ///
    /// ```swift
    /// #expect(plan.coveredTransitions == plan.transitions)
    /// ```
    public let coveredTransitions: Int
}

extension TestPlan: CustomStringConvertible {
    /// How many paths and events, and what they cover.
    ///
    /// ```swift
    /// print(plan)   // Test plan: 7 paths, 41 events, covering 108 of 108 transitions.
    /// ```
    public var description: String {
        let events = paths.reduce(0) { $0 + $1.steps.count }
        return "Test plan: \(Numbers.grouped(paths.count)) path\(paths.count == 1 ? "" : "s"), "
            + "\(Numbers.grouped(events)) events, covering \(Numbers.grouped(coveredTransitions)) of "
            + "\(Numbers.grouped(transitions)) transitions."
    }
}

extension TestPlan: Sendable where State: Sendable, Event: Sendable {}
