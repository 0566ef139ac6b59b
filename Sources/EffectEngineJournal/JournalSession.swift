import EffectEngine

/// One session of a journal of sessions (``SessionsJournal``): its name, the state it
/// started from, and its entries, as a journal of one host that replays to the session's
/// state.
///
/// A name ended and started again is a session for each start; each starts from its own
/// recorded state.
///
/// ```swift
/// for session in journal.sessions {
///     let start = try session.journal.initialState(Counter.State.self) ?? Counter.State()
///     let replay = session.journal.replay(initialState: start, update: Counter.update)
///     print(session.name, replay.state)
/// }
/// ```
public struct JournalSession<Event: Codable & Sendable>: Sendable {
    /// The session's name: the `session` of each of its entries.
    public let name: String
    /// The ``StateDigest`` of the state the session started from, so a replay can check
    /// that it starts where the session did, even when the state is not `Codable`.
    public let startDigest: String
    /// The session's entries, in the order its host's `update` saw them, as a journal of
    /// one host: ``Journal/initialState(_:)`` is the state the session started from (when
    /// the state is `Encodable`), and ``Journal/replay(initialState:update:)`` replays it.
    /// Its steps are numbered as the session's entries are, on from the steps of an earlier
    /// session of the same name.
    public let journal: Journal<Event>
}
