/// An observer's place in a host: cancel it to remove the observer.
///
/// Returned by ``EffectHost/observe(_:)-(HostObserver<State,Event>)``. Dropping the
/// subscription does not remove the observer; only ``cancel()`` does, or the host's end.
///
/// ```swift
/// let subscription = host.observe { print($0) }
/// subscription.cancel()
/// ```
@MainActor
public final class HostSubscription {
    private var remove: (@MainActor () -> Void)?

    init(remove: @escaping @MainActor () -> Void) {
        self.remove = remove
    }

    /// Removes the observer; later calls do nothing.
    ///
    /// ```swift
    /// subscription.cancel()
    /// ```
    public func cancel() {
        let remove = self.remove
        self.remove = nil
        remove?()
    }

    /// Whether ``cancel()`` was called.
    ///
    /// ```swift
    /// subscription.cancel()
    /// #expect(subscription.isCancelled)
    /// ```
    public var isCancelled: Bool { remove == nil }
}
