/// Which transitions may lead to an `eventually` property's goal.
///
/// ```swift
/// explorer.eventually("loading ends", after: { $0.isLoading }, through: .taskOutcomes) { !$0.isLoading }
/// ```
public enum LivenessPaths: Hashable, Sendable {
    /// Any event: the goal must stay reachable, whatever the user does to get there.
    case anyEvent
    /// Only events that pending tasks deliver: the goal must stay reachable with no help
    /// from the user. A spinner that stops only when the user refreshes again is stuck.
    case taskOutcomes
}
