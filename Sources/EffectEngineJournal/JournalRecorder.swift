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
@MainActor
public final class JournalRecorder<State, Event: Codable & Sendable> {
    /// The journal's path.
    public let path: String
    /// How many entries were recorded.
    public private(set) var count = 0
    /// The error of the last write, or `nil`.
    public private(set) var lastError: String?

    private let handle: FileHandle
    private let encoder: JSONEncoder
    private var buffer = Data()
    /// The last entry, held until the next event so that it gathers the task changes
    /// that follow it.
    private var pending: JournalEntry<Event>?
    private var subscription: HostSubscription?
    /// Called with the reason of each failed write: by default the host's diagnostic
    /// report; a line program replaces it, to say the failure once, as an error, at its
    /// end.
    package var failed: ((String) -> Void)?

    init(path: String, handle: FileHandle) {
        self.path = path
        self.handle = handle
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    /// Writes every entry recorded so far to the file, the last one included.
    ///
    /// ```swift
    /// recorder.flush()
    /// ```
    public func flush() {
        writePending()
        writeBuffer()
    }

    /// Writes the buffer to the file, keeping the last entry back.
    private func writeBuffer() {
        guard !buffer.isEmpty else { return }
        // The system's own call, so that a failure reads as the system says it (`No
        // space left on device`), not as a Foundation error domain.
        if case .failure(let failure) = SystemFile.writeAll(buffer, to: handle.fileDescriptor) {
            lastError = failure.reason
            failed?(failure.reason)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Stops recording and closes the file; what was recorded is written first.
    ///
    /// ```swift
    /// recorder.finish()
    /// ```
    public func finish() {
        subscription?.cancel()
        subscription = nil
        flush()
        try? handle.close()
    }

    func start(on host: EffectHost<State, Event, some Any>, schemaVersion: String) throws(JournalError) {
        let schema = StateDigest.schema(of: Event.self, version: schemaVersion)
        let state = host.state
        do {
            var header = try encoder.encode(HeaderPrefix(journal: Journal<Event>.format, schema: schema))
            if let encodable = state as? any Encodable {
                // `{"journal":1,"schema":"…"}` + `,"state":…}`, keys in order.
                header.removeLast()
                header += Data(#","state":"#.utf8) + (try encoder.encode(encodable)) + Data("}".utf8)
            }
            buffer += header + Data("\n".utf8)
        } catch {
            throw JournalError(path: path, line: 1, reason: "cannot encode the header: \(error)")
        }
        failed = { [weak host, path] reason in host?.report(.writeFailed(path: path, reason: reason)) }
        subscription = host.observe { [weak self] activity in
            guard let self else { return }
            switch activity {
            case .transition(let step): self.record(step)
            case .task(let change): self.pending?.tasks.append(JournalTaskChange(change))
            case .stopped: self.flush()
            default: break
            }
        }
    }

    private func record(_ step: Transition<State, Event>) {
        writePending()
        count += 1
        pending = JournalEntry(
            step: count, cause: JournalCause(step.cause), event: step.event,
            effect: step.effect?.description ?? "no effect", digest: StateDigest.of(step.state))
        if buffer.count >= 1 << 16 { writeBuffer() }
    }

    /// Encodes the held entry into the buffer.
    private func writePending() {
        guard let entry = pending else { return }
        pending = nil
        do {
            buffer += try encoder.encode(entry)
            buffer.append(UInt8(ascii: "\n"))
        } catch {
            lastError = "step \(entry.step): cannot encode the event: \(error)"
            failed?(lastError!)
        }
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
        let descriptor = PathBytes.withCString(path) {
            open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw JournalError(path: path, line: nil, reason: "cannot create the file: \(reason)")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let recorder = JournalRecorder<State, Event>(path: path, handle: handle)
        try recorder.start(on: self, schemaVersion: schemaVersion)
        return recorder
    }
}
