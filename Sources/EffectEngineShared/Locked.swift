#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a POSIX mutex.
///
/// Why not `Synchronization.Mutex`: on Linux its lock is a futex driven from a library
/// built without thread-sanitizer instrumentation, so the sanitizer sees none of the
/// ordering it provides and reports every access it guards as a race (checked with
/// Swift 6.3.1: two threads incrementing a `Mutex<Int>` are flagged). `pthread_mutex` is
/// intercepted by the sanitizer, exists on every platform we build for, and costs about
/// the same uncontended. Shared with the package's other modules (`package` access).
///
/// ```swift
/// let queue = Locked<[Int]>([])
/// queue.withLock { $0.append(1) }
/// ```
///
/// ``withLock(_:)`` is `@inlinable`, so the mailbox, in another module, locks with no call
/// through generic metadata on the path of every event a task sends.
package final class Locked<Value> {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @exclusivity(unchecked) @usableFromInline var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// `value` is only reached through `withLock`, under `mutex`.
extension Locked: @unchecked Sendable where Value: Sendable {}
