import EffectEngine
import EffectEngineShared
import Synchronization

/// Where every session of a sessions program writes: lines kept in the order they come,
/// whole, and written in batches (S4).
///
/// Sessions run on every core, so a write per line would make the output the one thing
/// they take turns at. Lines go into a buffer instead, and the first line into an empty
/// buffer starts a task that writes everything there by then, one write a stream's run
/// of lines: under load a write carries many lines, at a terminal it comes at once. The
/// lines of input a transcript records go through the same buffer, so a transcript keeps
/// each line's output after it.
final class SessionsOutput: Sendable {
    /// One thing to write, in order.
    private enum Entry {
        case text(String, LineOutput.Stream)
        case input(String)
    }

    private struct Buffer {
        var entries: [Entry] = []
        var isFlushScheduled = false
    }

    private let output: LineOutput
    private let recording: TranscriptRecording?
    private let buffer = Locked(Buffer())
    /// Held while a flush writes, so that flushes write in the order they took lines.
    private let writing = Locked(())
    /// Whether a write to standard output failed: nothing more is written to it (L11).
    private let closed = Atomic<Bool>(false)
    private let rejected = Atomic<Bool>(false)
    private let unwritten = Atomic<Bool>(false)
    /// Called once, when standard output is found closed: the program stops reading.
    private let onClose: @Sendable () -> Void

    /// - Parameters:
    ///   - output: Where the lines go.
    ///   - recording: The transcript being written, which records the lines of input.
    ///   - onClose: Called once, from a write, when standard output is closed.
    init(output: LineOutput, recording: TranscriptRecording?, onClose: @escaping @Sendable () -> Void) {
        self.output = output
        self.recording = recording
        self.onClose = onClose
    }

    /// Whether standard output was found closed.
    var isClosed: Bool { closed.load(ordering: .relaxed) }

    /// Whether a line was rejected: the program's status is then 1 (L2, L8).
    var hasRejectedLine: Bool { rejected.load(ordering: .relaxed) }

    /// Whether a file asked for (a session's state) could not be written: the status is
    /// then 73.
    var hasFailedToWrite: Bool { unwritten.load(ordering: .relaxed) }

    /// Notes that a file asked for could not be written; its error was reported already.
    func failedToWrite() {
        unwritten.store(true, ordering: .relaxed)
    }

    /// Writes `text`, a line or several, to standard output.
    func writeOutput(_ text: String) {
        append(.text(text, .standardOutput))
    }

    /// Writes `text` to standard error.
    func writeError(_ text: String) {
        append(.text(text, .standardError))
    }

    /// Writes an error that makes the program's status 1.
    func reject(_ text: String) {
        rejected.store(true, ordering: .relaxed)
        append(.text(text, .standardError))
    }

    /// Whether lines of input are recorded (`--write-transcript`).
    var recordsInput: Bool { recording != nil }

    /// Records a line of input for the transcript, in its place among the output.
    func recordInput(_ line: String) {
        guard recording != nil else { return }
        append(.input(line))
    }

    private func append(_ entry: Entry) {
        let startsFlush = buffer.withLock { buffer in
            buffer.entries.append(entry)
            defer { buffer.isFlushScheduled = true }
            return !buffer.isFlushScheduled
        }
        // Started once the lock is let go: nothing that can re-enter runs under it.
        if startsFlush { Task { self.flush() } }
    }

    /// Writes everything buffered, in order; called by the task a first line starts, and
    /// by the program before it returns.
    func flush() {
        // One flush at a time: a later one waits, so its lines follow the earlier one's.
        let foundClosed = writing.withLock { _ in
            let entries = buffer.withLock { buffer in
                buffer.isFlushScheduled = false
                defer { buffer.entries = [] }
                return buffer.entries
            }
            return write(entries)
        }
        if foundClosed { onClose() }
    }

    /// Writes `entries`, a run of lines of one stream in one write; returns whether this
    /// write found standard output closed.
    private func write(_ entries: [Entry]) -> Bool {
        var foundClosed = false
        var pending = ""
        var pendingStream = LineOutput.Stream.standardOutput
        func writePending() {
            guard !pending.isEmpty else { return }
            defer { pending = "" }
            guard pendingStream == .standardError || !isClosed else { return }
            if !output.write(pending, pendingStream), pendingStream == .standardOutput {
                foundClosed = !closed.exchange(true, ordering: .relaxed)
            }
        }
        for entry in entries {
            switch entry {
            case .input(let line):
                writePending()
                recording?.recordInput(line)
            case .text(let text, let stream):
                if stream != pendingStream { writePending() }
                pendingStream = stream
                pending += text
                pending += "\n"
            }
        }
        writePending()
        return foundClosed
    }
}
