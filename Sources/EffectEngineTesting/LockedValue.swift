import EffectEngine
import EffectEngineShared

/// A value behind a lock, which any task may read and change: how a test reads back what
/// an env closure saw (T12).
///
/// An env's closures are `@Sendable` and run in tasks, so they cannot change a test's
/// local variable; they change a `LockedValue` the test made, and the test reads it. It is
/// what TCA users know as `LockIsolated` (swift-concurrency-extras), with no package
/// dependency.
///
/// ```swift
/// let searched = LockedValue<[String]>([])
/// let env = Weather.Env(weather: Weather.Client(search: { query in
///     searched.withValue { $0.append(query) }
///     return Weather.Location.mocks
/// }))
/// // … send, receive …
/// #expect(searched.value == ["S"])
/// ```
public final class LockedValue<Value: Sendable>: Sendable {
    private let storage: Locked<Value>

    /// Creates a box holding `value`.
    ///
    /// ```swift
    /// let opened = LockedValue(false)
    /// ```
    ///
    /// - Parameter value: The first value.
    public init(_ value: Value) {
        self.storage = Locked(value)
    }

    /// The value now.
    ///
    /// ```swift
    /// #expect(opened.value)
    /// ```
    public var value: Value { storage.withLock { $0 } }

    /// Replaces the value.
    ///
    /// ```swift
    /// let env = Settings.Env(openSettings: { opened.setValue(true) })
    /// ```
    ///
    /// - Parameter value: The new value.
    public func setValue(_ value: Value) {
        storage.withLock { $0 = value }
    }

    /// Reads and changes the value under the lock, as one step no other task can split.
    ///
    /// ```swift
    /// let calls = LockedValue(0)
    /// let next = calls.withValue { count in
    ///     count += 1
    ///     return count
    /// }
    /// ```
    ///
    /// - Parameter body: Gets the value to read and change; what it returns is returned.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw; the value keeps the changes made before.
    public func withValue<Output>(_ body: (inout Value) throws -> Output) rethrows -> Output {
        try storage.withLock(body)
    }
}
