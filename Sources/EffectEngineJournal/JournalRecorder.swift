import EffectEngine
import EffectEngineShared
import Foundation

/// Writes every event a host's `update` sees to a journal file, as JSON Lines: made by
/// `host.record(to:schemaVersion:)`.
///
/// The first line is the header (`journal` format, the events' `schema`, and the initial
/// `state` when the state is `Encodable`); then one ``JournalEntry`` per event, in the
/// order `update` saw them, with the task changes that followed it
/// (``JournalEntry/tasks``). An entry is written once the next event arrives, so that it
/// holds those changes, or when the host stops, or at ``flush()``; lines are buffered and
/// written when the buffer fills, when the host stops, and at ``flush()``. Task changes
/// that come after ``flush()`` wrote the last entry and before the next event, or after
/// the host stopped (the ends of the bodies it cancelled), are not kept.
///
/// ```swift
/// let recorder = try host.record(to: "run.journal")
/// host.send(.start)
/// await host.stop()
/// recorder.flush()
/// ```
///
/// A recorder records an `EffectHost` or an `ActorHost`
/// alike: it is `Sendable`, its observer runs on the host's actor, and its state is behind
/// a lock, so ``flush()`` and ``finish()`` may be called from anywhere.
public final class JournalRecorder<State, Event: Codable & Sendable>: Sendable {
    /// The journal's path.
    public let path: String
    private let writer: Locked<Writer<Event>>

    /// How many entries were recorded.
    public var count: Int { writer.withLock { $0.count } }
    /// The error of the last write, or `nil`.
    public var lastError: String? { writer.withLock { $0.lastError } }
    /// Called with the reason of each failed write: by default the host's diagnostic
    /// report; a line program replaces it, to say the failure once, as an error, at its
    /// end.
    package var failed: (@Sendable (String) -> Void)? {
        get { writer.withLock { $0.failed } }
        set { writer.withLock { $0.failed = newValue } }
    }

    init(path: String, handle: FileHandle) {
        self.path = path
        writer = Locked(Writer(handle: handle))
    }

    /// Writes every entry recorded so far to the file, the last one included.
    ///
    /// ```swift
    /// recorder.flush()
    /// ```
    public func flush() {
        report(writer.withLock { $0.flush() })
    }

    /// Stops recording and closes the file; what was recorded is written first. Later
    /// activity of the host is not recorded.
    ///
    /// ```swift
    /// recorder.finish()
    /// ```
    public func finish() {
        report(
            writer.withLock { writer in
                guard !writer.isFinished else { return [] }
                writer.isFinished = true
                let failures = writer.flush()
                try? writer.handle.close()
                return failures
            })
    }

    /// Writes the header, for a host whose state is `state` now, and returns the observer
    /// that records what the host does from now on.
    func start(state: State, schemaVersion: String) throws(JournalError) -> HostObserver<State, Event> {
        let schema = StateDigest.schema(of: Event.self, version: schemaVersion)
        do {
            var header = try Writer<Event>.encoder.encode(HeaderPrefix(journal: Journal<Event>.format, schema: schema))
            if let encodable = state as? any Encodable {
                // `{"journal":1,"schema":"…"}` + `,"state":…}`, keys in order.
                header.removeLast()
                header += Data(#","state":"#.utf8) + (try Writer<Event>.encoder.encode(encodable)) + Data("}".utf8)
            }
            writer.withLock { $0.buffer += header + Data("\n".utf8) }
        } catch {
            throw JournalError(path: path, line: 1, reason: "cannot encode the header: \(error)")
        }
        return HostObserver { [weak self] activity in
            guard let self else { return }
            switch activity {
            case .transition(let step):
                let digest = StateDigest.of(step.state)
                report(writer.withLock { $0.record(step, digest: digest) })
            case .task(let change):
                writer.withLock { $0.pending?.tasks.append(JournalTaskChange(change)) }
            case .stopped:
                flush()
            default:
                break
            }
        }
    }

    /// Tells ``failed`` of each failure, outside the lock.
    private func report(_ failures: [String]) {
        guard !failures.isEmpty, let failed else { return }
        for failure in failures { failed(failure) }
    }
}

/// What a ``JournalRecorder`` keeps between writes, behind its lock.
private struct Writer<Event: Codable & Sendable>: Sendable {
    static var encoder: JSONEncoder { JournalFile.encoder }

    let handle: FileHandle
    let encoder = Writer<Event>.encoder
    var buffer = Data()
    /// The last entry, held until the next event so that it gathers the task changes
    /// that follow it.
    var pending: JournalEntry<Event>?
    var count = 0
    var lastError: String?
    var isFinished = false
    var failed: (@Sendable (String) -> Void)?

    /// Records one transition; returns the failures of the writes it made.
    mutating func record<State>(_ step: Transition<State, Event>, digest: String) -> [String] {
        guard !isFinished else { return [] }
        var failures = writePending()
        count += 1
        pending = JournalEntry(
            step: count, cause: JournalCause(step.cause), event: step.event,
            effect: step.effect?.description ?? "no effect", digest: digest)
        if buffer.count >= 1 << 16 { failures += writeBuffer() }
        return failures
    }

    /// Writes every entry so far, the held one included; returns the failures.
    mutating func flush() -> [String] {
        guard !isFinished || !buffer.isEmpty || pending != nil else { return [] }
        return writePending() + writeBuffer()
    }

    /// Encodes the held entry into the buffer.
    private mutating func writePending() -> [String] {
        guard let entry = pending else { return [] }
        pending = nil
        do {
            buffer += try encoder.encode(entry)
            buffer.append(UInt8(ascii: "\n"))
            return []
        } catch {
            let reason = "step \(entry.step): cannot encode the event: \(error)"
            lastError = reason
            return [reason]
        }
    }

    /// Writes the buffer to the file.
    private mutating func writeBuffer() -> [String] {
        guard !buffer.isEmpty else { return [] }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard let failure = JournalFile.write(buffer, to: handle) else { return [] }
        lastError = failure
        return [failure]
    }
}

private struct HeaderPrefix: Encodable {
    var journal: Int
    var schema: String
}

extension EffectHost where Event: Codable {
    /// Records every event `update` sees from now on to a journal file (JSON Lines), for
    /// replay: a bug report becomes a file, and the file a test.
    ///
    /// ```swift
    /// let recorder = try host.record(to: "run.journal")
    /// ```
    ///
    /// The file is created, or truncated. Failed writes are reported to the observers as
    /// ``EffectEngine/Diagnostic/writeFailed(path:reason:)``.
    ///
    /// - Parameters:
    ///   - path: The journal file.
    ///   - schemaVersion: Mixed into the events' schema hash: raise it when `Event`
    ///     changes shape, so old journals are refused rather than misread.
    /// - Returns: The recorder; ``JournalRecorder/finish()`` closes the file.
    /// - Throws: A ``JournalError`` when the file cannot be created.
    @discardableResult
    public func record(to path: String, schemaVersion: String = "") throws(JournalError) -> JournalRecorder<State, Event> {
        try JournalRecorder.recording(
            to: path, schemaVersion: schemaVersion, from: state, observe: { observe($0) },
            report: { [weak self] in await self?.report($0) })
    }
}

extension ActorHost where Event: Codable {
    /// Records every event `update` sees from now on to a journal file (JSON Lines), as
    /// `EffectHost.record(to:schemaVersion:)` does for a host on the main
    /// actor; the recorder's observer runs on this host's actor (H8).
    ///
    /// ```swift
    /// let recorder = try await host.record(to: "session.journal")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The journal file.
    ///   - schemaVersion: Mixed into the events' schema hash.
    /// - Returns: The recorder; ``JournalRecorder/finish()`` closes the file.
    /// - Throws: A ``JournalError`` when the file cannot be created.
    @discardableResult
    public func record(to path: String, schemaVersion: String = "") throws(JournalError) -> JournalRecorder<State, Event> {
        try JournalRecorder.recording(
            to: path, schemaVersion: schemaVersion, from: state, observe: { observe($0) },
            report: { [weak self] in await self?.report($0) })
    }
}

extension JournalRecorder {
    /// A recorder of a host whose state is `state` now, writing to `path`: `observe` adds
    /// its observer to the host, and `report` tells the host's observers of a failed write.
    fileprivate static func recording(
        to path: String, schemaVersion: String, from state: State, observe: (HostObserver<State, Event>) -> Void,
        report: @escaping @Sendable (Diagnostic) async -> Void
    ) throws(JournalError) -> JournalRecorder {
        let recorder = try created(at: path)
        observe(try recorder.start(state: state, schemaVersion: schemaVersion))
        recorder.failed = { reason in
            Task { await report(.writeFailed(path: path, reason: reason)) }
        }
        return recorder
    }

    /// A recorder writing to `path`, created or truncated.
    private static func created(at path: String) throws(JournalError) -> JournalRecorder {
        JournalRecorder(path: path, handle: try JournalFile.create(at: path))
    }
}
