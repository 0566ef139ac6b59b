import EffectEngine

/// What ``Explorer/simulate(walks:depth:seed:)`` found: how many walks and events it
/// stepped, and the first failure, shrunk.
///
/// ```swift
/// let report = try explorer.simulate(walks: 1_000, seed: 42)
/// #expect(report.failure == nil, "\(report)")
/// ```
public struct SimulationReport<State, Event> {
    /// A failing walk, shrunk.
    ///
    /// ```swift
    /// if let failure = report.failure { print(failure.failure.trace?.events ?? []) }
    /// ```
    public struct Failure {
        /// The property broken, the shrunk trace that breaks it, and that trace as a
        /// test ready to paste.
        ///
        /// ```swift
        /// print(failure.failure.test ?? "")
        /// ```
        public let failure: ExplorationFailure<State, Event>
        /// The walk that failed, from 1.
        ///
        /// ```swift
        /// print("walk", failure.walk)
        /// ```
        public let walk: Int
        /// How many events the walk had when it failed, before shrinking.
        ///
        /// ```swift
        /// #expect(failure.unshrunkEvents >= failure.failure.trace!.steps.count)
        /// ```
        public let unshrunkEvents: Int
        /// How many candidate walks shrinking stepped.
        ///
        /// ```swift
        /// print(failure.replays, "candidates tried")
        /// ```
        public let replays: Int
    }

    /// The walks run: all of them, or up to the one that failed.
    ///
    /// ```swift
    /// #expect(report.walks == 1_000)
    /// ```
    public let walks: Int
    /// The events stepped across the walks.
    ///
    /// ```swift
    /// print(report.steps, "events")
    /// ```
    public let steps: Int
    /// The seed the walks were drawn with: the same seed gives the same walks.
    ///
    /// ```swift
    /// #expect(report.seed == 42)
    /// ```
    public let seed: UInt64
    /// The first failure found, shrunk; `nil` when every walk held.
    ///
    /// ```swift
    /// #expect(report.failure == nil, "\(report)")
    /// ```
    public let failure: Failure?
}

extension SimulationReport: CustomStringConvertible {
    /// What was walked, and the failure with its trace and test.
    ///
    /// ```swift
    /// print(report)
    /// ```
    public var description: String {
        let walked =
            "Simulated \(Numbers.grouped(walks)) random walk\(walks == 1 ? "" : "s") "
            + "(\(Numbers.grouped(steps)) events) with seed \(seed)"
        guard let failure else { return walked + ": no property failed." }
        return walked + ": walk \(failure.walk) failed; shrunk from \(failure.unshrunkEvents) events to "
            + "\(failure.failure.trace?.steps.count ?? 0) (\(Numbers.grouped(failure.replays)) candidates tried).\n"
            + failure.failure.description
    }
}

extension SimulationReport: Sendable where State: Sendable, Event: Sendable {}
extension SimulationReport.Failure: Sendable where State: Sendable, Event: Sendable {}
