import EffectEngine

/// One line of a journal: an event `update` saw, why it arrived, the effect it returned,
/// a digest of the state it left, and what happened to tasks before the next event; in a
/// journal of sessions (``SessionsJournal``), the session whose host saw it.
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
    /// What happened to tasks after this event and before the next one, in order: the
    /// tasks its effect started, replaced and cancelled, and the tasks that ended or failed
    /// meanwhile. Empty in journals recorded before task changes were kept (they decode
    /// as they did), and written only when not empty.
    public var tasks: [JournalTaskChange]
    /// The session whose host saw the event, in a journal of sessions
    /// (``SessionsJournalRecorder``); `nil` in a journal of one host, where it is not
    /// written, so such a journal reads as it always did.
    public var session: String?

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
    ///   - tasks: What happened to tasks after the event and before the next one.
    ///   - session: The session whose host saw the event, in a journal of sessions.
    public init(
        step: Int, cause: JournalCause, event: Event, effect: String, digest: String, tasks: [JournalTaskChange] = [],
        session: String? = nil
    ) {
        self.step = step
        self.cause = cause
        self.event = event
        self.effect = effect
        self.digest = digest
        self.tasks = tasks
        self.session = session
    }

    private enum CodingKeys: String, CodingKey {
        case step, cause, event, effect, digest, tasks, session
    }

    /// Decodes an entry; `tasks` and `session` may be missing.
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        step = try container.decode(Int.self, forKey: .step)
        cause = try container.decode(JournalCause.self, forKey: .cause)
        event = try container.decode(Event.self, forKey: .event)
        effect = try container.decode(String.self, forKey: .effect)
        digest = try container.decode(String.self, forKey: .digest)
        tasks = try container.decodeIfPresent([JournalTaskChange].self, forKey: .tasks) ?? []
        session = try container.decodeIfPresent(String.self, forKey: .session)
    }

    /// Encodes an entry; `tasks` only when not empty, `session` only when there is one.
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(step, forKey: .step)
        try container.encode(cause, forKey: .cause)
        try container.encode(event, forKey: .event)
        try container.encode(effect, forKey: .effect)
        try container.encode(digest, forKey: .digest)
        if !tasks.isEmpty { try container.encode(tasks, forKey: .tasks) }
        if let session { try container.encode(session, forKey: .session) }
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

/// A header read before the state's type is known to be `Codable`: `sessions` is `true`
/// in a journal of sessions (``SessionsJournal``), and missing in one of one host.
struct JournalHeaderPrefix: Codable {
    var journal: Int
    var schema: String
    var sessions: Bool?
}
