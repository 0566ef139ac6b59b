import Foundation

/// What an observer saw, in order: appended from the host's actor, whichever it is, and read
/// from the test. Observers run on their host's actor, so what they record is `Sendable`.
///
/// ```swift
/// let lines = Recording<String>()
/// host.observe(.logging { lines.append($0) })
/// #expect(lines.values == ["a -> no effect"])
/// ```
public final class Recording<Value: Sendable>: Sendable {
    // `NSLock`, a POSIX mutex the thread sanitizer sees (it does not see `Mutex`'s futex).
    private let lock = NSLock()
    nonisolated(unsafe) private var storage: [Value] = []

    public init() {}

    /// Appends one value.
    public func append(_ value: Value) {
        lock.withLock { storage.append(value) }
    }

    /// Everything appended so far, oldest first.
    public var values: [Value] { lock.withLock { storage } }
}
