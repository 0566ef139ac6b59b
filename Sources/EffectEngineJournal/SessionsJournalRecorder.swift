import EffectEngine
import EffectEngineShared
import Foundation

/// Writes one journal for many sessions, each its own host: every event each session's
/// `update` sees, as JSON Lines, each entry naming its session (S2). Read back as a
/// ``SessionsJournal``.
///
/// The header says the journal is one of sessions; `host.record(into:as:)` then writes
/// the session's start (its name, the digest of its state, and the state when it is
/// `Encodable`) and records what its host does from then on, as a ``JournalRecorder``
/// records one host: an entry is held until the session's next event, so that it gathers
/// the task changes that follow it, and written when that event comes, when the session's
/// host stops, or at ``flush()``.
///
/// ```swift
/// let recorder = try SessionsJournalRecorder<Counter.State, Counter.Event>(path: "sessions.journal")
/// let alice = ActorHost(initialState: Counter.State(), update: Counter.update)
/// await alice.record(into: recorder, as: "alice")
/// await alice.send(.tick)
/// await alice.stop()
/// recorder.finish()
/// ```
///
/// The sessions may run at the same time, on actors of their own: the recorder is
/// `Sendable`, and what it shares is behind a lock, held to hand over an entry, not to
/// encode it. Each session's entries are written in its order; the sessions' lines
/// interleave as they come. A name may start again once its last session's host has
/// stopped: its steps number on.
///
/// A failed write is reported to the observers of the host whose event made it, as
/// `Diagnostic.writeFailed(path:reason:)`; those of ``flush()`` and ``finish()`` leave
/// ``lastError``.
public final class SessionsJournalRecorder<State, Event: Codable & Sendable>: Sendable {
    /// The journal's path.
    public let path: String
    private let writer: Locked<SessionsWriter<Event>>
    /// Shared by the sessions, which encode their entries at the same time.
    private let encoder = JournalFile.encoder

    /// How many entries were recorded, of every session.
    public var count: Int { writer.withLock { $0.count } }
    /// The error of the last failed write, or `nil`.
    public var lastError: String? { writer.withLock { $0.lastError } }
    /// Called with the reason of each failed write, in place of the host's diagnostic: a
    /// line program sets it, to say the failure once, as an error, at its end.
    package var failed: (@Sendable (String) -> Void)? {
        get { writer.withLock { $0.failed } }
        set { writer.withLock { $0.failed = newValue } }
    }

    /// Creates (or truncates) the journal file and writes its header.
    ///
    /// ```swift
    /// let recorder = try SessionsJournalRecorder<Counter.State, Counter.Event>(path: "sessions.journal")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The journal file.
    ///   - schemaVersion: Mixed into the events' schema hash, as for
    ///     `host.record(to:schemaVersion:)`: raise it when `Event` changes shape.
    /// - Throws: A ``JournalError`` when the file cannot be created.
    public init(path: String, schemaVersion: String = "") throws(JournalError) {
        self.path = path
        let handle = try JournalFile.create(at: path)
        let header = JournalHeaderPrefix(
            journal: Journal<Event>.format,
            schema: StateDigest.schema(of: Event.self, version: schemaVersion),
            sessions: true)
        do {
            let line = try JournalFile.encoder.encode(header) + Data("\n".utf8)
            writer = Locked(SessionsWriter(handle: handle, buffer: line))
        } catch {
            throw JournalError(path: path, line: 1, reason: "cannot encode the header: \(error)")
        }
    }

    /// Writes every entry recorded so far to the file, each session's last one included.
    ///
    /// ```swift
    /// recorder.flush()
    /// ```
    public func flush() {
        say(
            writer.withLock { writer in
                guard !writer.isFinished else { return [] }
                return writer.writeEveryPending() + writer.writeBuffer()
            }, to: nil)
    }

    /// Stops recording and closes the file; what was recorded is written first. Later
    /// activity of the sessions is not recorded.
    ///
    /// ```swift
    /// recorder.finish()
    /// ```
    public func finish() {
        say(
            writer.withLock { writer in
                guard !writer.isFinished else { return [] }
                let failures = writer.writeEveryPending() + writer.writeBuffer()
                writer.isFinished = true
                try? writer.handle.close()
                return failures
            }, to: nil)
    }

    /// Writes the start of the session `name`, whose host's state is `state` now, and
    /// returns the observer that records what the host does from now on; `report` tells
    /// the host's observers of a failed write.
    func start(
        session name: String, state: State, report: @escaping @Sendable (Diagnostic) async -> Void
    ) -> HostObserver<State, Event> {
        var failures: [String] = []
        let digest = StateDigest.of(state)
        let line: Data
        do {
            line = try Self.startLine(of: name, digest: digest, state: state)
        } catch {
            failures.append(
                "session \(JournalReading.quote(name)): cannot encode the state it starts from: \(error)")
            line = (try? Self.startLine(of: name, digest: digest, state: nil)) ?? Data()
        }
        failures += writer.withLock { writer in
            guard !writer.isFinished else { return [] }
            // An entry an earlier session of this name still holds comes before this start.
            let held = writer.writePending(of: name)
            writer.buffer += line
            return held
        }
        say(failures, to: report)
        return HostObserver { [weak self] activity in
            guard let self else { return }
            switch activity {
            case .transition(let step):
                record(step, of: name, report: report)
            case .task(let change):
                writer.withLock { $0.pending[name]?.tasks.append(JournalTaskChange(change)) }
            case .stopped:
                self.say(
                    writer.withLock { writer in
                        guard !writer.isFinished else { return [] }
                        return writer.writePending(of: name) + writer.writeBuffer()
                    }, to: report)
            default:
                break
            }
        }
    }

    /// Records one transition of the session `name`: the entry it held is encoded with no
    /// lock held and then written, and the new one held in its place. The session's
    /// transitions come one at a time, on its host's actor, so its entries keep its order.
    private func record(
        _ step: Transition<State, Event>, of name: String,
        report: @escaping @Sendable (Diagnostic) async -> Void
    ) {
        let digest = StateDigest.of(step.state)
        let (held, isFinished) = writer.withLock { writer in
            (writer.pending.removeValue(forKey: name), writer.isFinished)
        }
        guard !isFinished else { return }
        let encoded = held.map { entry in Result { try encoder.encode(entry) + Data("\n".utf8) } }
        let failures = writer.withLock { writer -> [String] in
            guard !writer.isFinished else { return [] }
            var failures: [String] = []
            switch encoded {
            case .success(let line)?: writer.buffer += line
            case .failure(let error)?:
                let reason = SessionsWriter<Event>.cannotEncode(step: held?.step ?? 0, of: name, error)
                writer.lastError = reason
                failures.append(reason)
            case nil: break
            }
            let number = (writer.steps[name] ?? 0) + 1
            writer.steps[name] = number
            writer.count += 1
            writer.pending[name] = JournalEntry(
                step: number, cause: JournalCause(step.cause), event: step.event,
                effect: step.effect?.description ?? "no effect", digest: digest, session: name)
            if writer.buffer.count >= 1 << 16 { failures += writer.writeBuffer() }
            return failures
        }
        say(failures, to: report)
    }

    /// `{"digest":…,"session":…,"start":…}`: the state, or `null` when it is not
    /// `Encodable` (or `nil`), keys in order.
    private static func startLine(of name: String, digest: String, state: State?) throws -> Data {
        var line = try JournalFile.encoder.encode(SessionStartPrefix(digest: digest, session: name))
        line.removeLast()
        line += Data(#","start":"#.utf8)
        if let encodable = state as? any Encodable {
            line += try JournalFile.encoder.encode(encodable)
        } else {
            line += Data("null".utf8)
        }
        return line + Data("}\n".utf8)
    }

    /// Tells ``failed`` of each failure, outside the lock, or else the host's observers,
    /// through `report`.
    private func say(_ failures: [String], to report: (@Sendable (Diagnostic) async -> Void)?) {
        guard !failures.isEmpty else { return }
        if let failed {
            for failure in failures { failed(failure) }
        } else if let report {
            let path = path
            Task {
                for failure in failures { await report(.writeFailed(path: path, reason: failure)) }
            }
        }
    }
}

/// What a ``SessionsJournalRecorder`` keeps between writes, behind its lock.
private struct SessionsWriter<Event: Codable & Sendable>: Sendable {
    let handle: FileHandle
    let encoder = JournalFile.encoder
    var buffer: Data
    /// Each session's last entry, held until its next event so that it gathers the task
    /// changes that follow it.
    var pending: [String: JournalEntry<Event>] = [:]
    /// Each name's last step.
    var steps: [String: Int] = [:]
    var count = 0
    var lastError: String?
    var isFinished = false
    var failed: (@Sendable (String) -> Void)?

    init(handle: FileHandle, buffer: Data) {
        self.handle = handle
        self.buffer = buffer
    }

    /// Encodes the entry the session `name` holds into the buffer; returns the failure.
    mutating func writePending(of name: String) -> [String] {
        guard let entry = pending.removeValue(forKey: name) else { return [] }
        return append(entry)
    }

    /// Encodes every entry held into the buffer, by session name.
    mutating func writeEveryPending() -> [String] {
        let held = pending.values.sorted { $0.session ?? "" < $1.session ?? "" }
        pending = [:]
        return held.flatMap { append($0) }
    }

    private mutating func append(_ entry: JournalEntry<Event>) -> [String] {
        do {
            buffer += try encoder.encode(entry)
            buffer.append(UInt8(ascii: "\n"))
            return []
        } catch {
            let reason = Self.cannotEncode(step: entry.step, of: entry.session ?? "", error)
            lastError = reason
            return [reason]
        }
    }

    /// A failure to encode a session's entry, in words.
    static func cannotEncode(step: Int, of name: String, _ error: any Error) -> String {
        "session \(JournalReading.quote(name)), step \(step): cannot encode the event: \(error)"
    }

    /// Writes the buffer to the file; returns the failure.
    mutating func writeBuffer() -> [String] {
        guard !buffer.isEmpty else { return [] }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard let failure = JournalFile.write(buffer, to: handle) else { return [] }
        lastError = failure
        return [failure]
    }
}

private struct SessionStartPrefix: Encodable {
    var digest: String
    var session: String
}

extension ActorHost where Event: Codable {
    /// Records this host as the session `name` into a journal of sessions, from now on:
    /// the session's start (its name and its state now), then every event `update` sees.
    ///
    /// ```swift
    /// let recorder = try SessionsJournalRecorder<Counter.State, Counter.Event>(path: "sessions.journal")
    /// await alice.record(into: recorder, as: "alice")
    /// await bob.record(into: recorder, as: "bob")
    /// ```
    ///
    /// The recorder's observer runs on this host's actor (H8). A failed write is reported
    /// to this host's observers as `Diagnostic.writeFailed(path:reason:)`.
    ///
    /// - Parameters:
    ///   - recorder: The journal the sessions share.
    ///   - name: The session's name, which each of its entries carries; start a name again
    ///     only once its last session's host has stopped.
    public func record(into recorder: SessionsJournalRecorder<State, Event>, as name: String) {
        _ = observe(
            recorder.start(session: name, state: state, report: { [weak self] in await self?.report($0) }))
    }
}

extension EffectHost where Event: Codable {
    /// Records this host as the session `name` into a journal of sessions, from now on,
    /// as `ActorHost.record(into:as:)` does for a host on an actor of its own.
    ///
    /// ```swift
    /// let recorder = try SessionsJournalRecorder<Counter.State, Counter.Event>(path: "sessions.journal")
    /// host.record(into: recorder, as: "alice")
    /// ```
    ///
    /// - Parameters:
    ///   - recorder: The journal the sessions share.
    ///   - name: The session's name, which each of its entries carries.
    public func record(into recorder: SessionsJournalRecorder<State, Event>, as name: String) {
        _ = observe(
            recorder.start(session: name, state: state, report: { [weak self] in await self?.report($0) }))
    }
}
