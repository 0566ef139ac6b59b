/// One run of `update`: the event, the state it produced, and the effect it returned.
///
/// ```swift
/// HostObserver<State, Event> { activity in
///     if case .transition(let step) = activity {
///         print("\(step.event) -> \(step.state) \(step.effect.map { "\($0)" } ?? "")")
///     }
/// }
/// ```
public struct Transition<State, Event> {
    /// Where an event came from.
    public enum Cause: Hashable, Sendable {
        /// From outside the loop: ``EffectHost/send(_:)``, ``EffectHost/perform(_:)`` or
        /// the host's own ``EffectHost/input``.
        case external
        /// Produced by an `.action` of the chain being processed.
        case action
        /// Sent by a task through its ``Input``.
        case task(TaskInfo)
    }

    /// The event processed.
    public let event: Event
    /// The state after `update` returned.
    public let state: State
    /// The summary of the effect `update` returned, `nil` for none.
    public let effect: EffectSummary?
    /// Where the event came from.
    public let cause: Cause

    /// Creates a transition record.
    ///
    /// ```swift
    /// let step = Transition(event: Event.tick, state: 1, effect: nil, cause: .external)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event processed.
    ///   - state: The state after `update`.
    ///   - effect: The summary of the returned effect.
    ///   - cause: Where the event came from.
    public init(event: Event, state: State, effect: EffectSummary?, cause: Cause) {
        self.event = event
        self.state = state
        self.effect = effect
        self.cause = cause
    }
}

extension Transition: Sendable where State: Sendable, Event: Sendable {}
