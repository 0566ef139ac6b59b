import EffectEngine

/// One line of a journal: an event `update` saw, why it arrived, the effect it returned
/// and a digest of the state it left.
///
/// ```swift
/// let entry = JournalEntry(step: 1, cause: .external, event: Counter.Event.tick,
///                          effect: "no effect", digest: "9e1f0c2a4b7d3e85")
/// ```
public struct JournalEntry<Event: Codable & Sendable>: Codable, Sendable {
    /// The entry's number, from 1, in the order `update` saw the events.
    public var step: Int
    /// Why the event arrived.
    public var cause: JournalCause
    /// The event.
    public var event: Event
    /// The summary of the effect `update` returned (`EffectSummary`'s
    /// description), or `no effect`.
    public var effect: String
    /// The ``StateDigest`` of the state after the event.
    public var digest: String

    /// Creates an entry.
    ///
    /// ```swift
    /// let entry = JournalEntry(step: 2, cause: .action, event: Event.step, effect: "no effect", digest: "0")
    /// ```
    ///
    /// - Parameters:
    ///   - step: The entry's number, from 1.
    ///   - cause: Why the event arrived.
    ///   - event: The event.
    ///   - effect: The effect's summary, or `no effect`.
    ///   - digest: The digest of the state after the event.
    public init(step: Int, cause: JournalCause, event: Event, effect: String, digest: String) {
        self.step = step
        self.cause = cause
        self.event = event
        self.effect = effect
        self.digest = digest
    }
}

/// Why an event reached `update`: sent from outside, produced by an `.action`, or
/// delivered by a task.
///
/// ```swift
/// #expect(JournalCause(.task(TaskInfo(id: 3, name: "search"))) == .task(name: "search", id: 3))
/// ```
public enum JournalCause: Codable, Sendable, Equatable, CustomStringConvertible {
    /// `send`, `input` or `perform` from outside the loop.
    case external
    /// An `.action` of the previous event's effect (R3).
    case action
    /// A task's `Input`: its name (if any) and id.
    case task(name: String?, id: UInt64)

    /// The cause of a transition, as a journal keeps it.
    ///
    /// ```swift
    /// let cause = JournalCause(step.cause)
    /// ```
    ///
    /// - Parameter cause: A transition's cause.
    public init(_ cause: Transition<some Any, some Any>.Cause) {
        switch cause {
        case .external: self = .external
        case .action: self = .action
        case .task(let task): self = .task(name: task.name, id: task.id)
        }
    }

    /// `external`, `action`, or the task: `task "search" #3`.
    public var description: String {
        switch self {
        case .external: "external"
        case .action: "action"
        case .task(let name, let id): TaskInfo(id: id, name: name).description
        }
    }
}

/// A header read before the state's type is known to be `Codable`.
struct JournalHeaderPrefix: Decodable {
    var journal: Int
    var schema: String
}
