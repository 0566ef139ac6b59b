/// What an ``Explorer`` found: how much of the space it walked, and every property that
/// failed, each with its shortest trace and a test.
///
/// ```swift
/// let report = try explorer.explore(depth: 8)
/// #expect(report.failures.isEmpty, "\(report)")
/// #expect(report.isExhaustive)
/// ```
///
/// Its `description` is the full report, as `movies --explore` prints it.
public struct ExplorationReport<State, Event> {
    /// Why exploration stopped before the space was exhausted.
    ///
    /// ```swift
    /// if report.limit == .depth(8) { print("deeper states were not explored") }
    /// ```
    public enum Limit: Hashable, Sendable {
        /// States this many events deep were reached and some had successors beyond.
        case depth(Int)
        /// This many distinct states were visited, and another was found.
        case states(Int)
        /// A transition gave two different results for the same state and event (X3):
        /// the walk stopped there.
        case nondeterminism
    }

    /// The distinct states visited: feature state and pending tasks together.
    ///
    /// ```swift
    /// #expect(report.states == 288)
    /// ```
    public let states: Int
    /// How many of the ``states`` lie outside the explorer's
    /// ``Explorer/constraint(_:)`` (X19): kept and checked against every property, but not
    /// expanded. TLC does not count these among its distinct states, so its count is
    /// `states - statesOutsideConstraint`; `0` without a constraint.
    ///
    /// ```swift
    /// let report = try explorer.constraint { $0.x <= 3 }.explore()
    /// print(report.states - report.statesOutsideConstraint, "states within the constraint")
    /// ```
    public let statesOutsideConstraint: Int
    /// The transitions stepped from visited states: enabled events and task outcomes.
    ///
    /// ```swift
    /// print(report.transitions, "transitions")
    /// ```
    public let transitions: Int
    /// The most events any visited state is away from the initial state (by its
    /// shortest trace).
    ///
    /// ```swift
    /// #expect(report.depth <= 8)
    /// ```
    public let depth: Int
    /// Whether every reachable state was visited: no bound cut the walk short.
    ///
    /// ```swift
    /// #expect(report.isExhaustive)
    /// ```
    public var isExhaustive: Bool { limit == nil }
    /// The bound that stopped the walk, or `nil` when the space was exhausted.
    ///
    /// ```swift
    /// #expect(report.limit == nil)
    /// ```
    public let limit: Limit?
    /// Every property that failed, dead ends and cut chains included, in the order the
    /// properties were declared (dead ends, then cut chains, last).
    ///
    /// ```swift
    /// #expect(report.failures.isEmpty, "\(report)")
    /// ```
    public let failures: [ExplorationFailure<State, Event>]
    /// For each `sometimes` property that holds, the shortest trace to a state with it.
    ///
    /// ```swift
    /// print(report.witnesses["a movie is selected"]?.events ?? [])
    /// ```
    public let witnesses: [String: ExplorationTrace<State, Event>]
    /// How many visited states are dead ends.
    ///
    /// ```swift
    /// #expect(report.deadEnds == 0)
    /// ```
    public let deadEnds: Int
    /// The names of tasks `update` issued that have no model, so their events were not
    /// explored; `"(unnamed)"` stands for unnamed tasks.
    ///
    /// ```swift
    /// #expect(report.unmodelledTasks.isEmpty)
    /// ```
    public let unmodelledTasks: [String]
    /// The bytes the visited set and the trace links held, per visited state (the
    /// frontier of full states not counted).
    ///
    /// ```swift
    /// #expect(report.bytesPerState <= 24)
    /// ```
    public let bytesPerState: Double
    /// The reached graph, when ``Explorer/explore(depth:states:graph:workers:)`` was asked for it.
    ///
    /// ```swift
    /// print(report.graph?.dot() ?? "")
    /// ```
    public let graph: ExplorationGraph<State, Event>?
    /// The report as text.
    let text: String
    /// Where the walk's wall-clock time went, for the benchmarks.
    package let timing: WalkTiming
}

extension ExplorationReport: CustomStringConvertible {
    /// The full report: what was walked, each property's result, and each failure with
    /// its trace and test.
    ///
    /// ```swift
    /// print(report)
    /// ```
    public var description: String { text }
}

extension ExplorationReport: Sendable where State: Sendable, Event: Sendable {}
