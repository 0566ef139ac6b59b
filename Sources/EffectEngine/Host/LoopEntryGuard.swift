#if DEBUG
    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
    import Synchronization
#endif

/// Traps, in a debug build, when two threads are inside one loop at once (H6).
///
/// The compiler confines a ``HostLoop`` to its host's actor; what it cannot see is the
/// ``LoopHandle`` that scheduled turns come back through, or a driver that runs the loop's
/// turns itself. This guard checks the rule where the compiler cannot: the loop's doors
/// (an event arriving, a drain) enter it, and an entry from a second thread while the
/// first is inside traps, naming the rule. The same thread may enter again (an observer
/// that sends is queued, not nested, but passes through the door). A release build keeps
/// no state and checks nothing.
///
/// ```swift
/// let entry = entryGuard.enter()
/// defer { entryGuard.leave(entry) }
/// ```
@usableFromInline
struct LoopEntryGuard: ~Copyable, Sendable {
    #if DEBUG
        /// The thread inside the loop, `0` when none.
        private let owner = Atomic<UInt>(0)
    #endif

    @usableFromInline init() {}

    /// Enters the loop on this thread; traps when another thread is inside. Returns
    /// whether this entry is the outermost, which ``leave(_:)`` then ends.
    @usableFromInline
    func enter() -> Bool {
        #if DEBUG
            let me = Self.currentThread
            let (entered, inside) = owner.compareExchange(expected: 0, desired: me, ordering: .acquiring)
            guard entered || inside == me else {
                fatalError("two threads are inside one loop at once: a loop runs on its host's actor only (H6)")
            }
            return entered
        #else
            return false
        #endif
    }

    /// Leaves the loop; `outermost` is what ``enter()`` returned.
    @usableFromInline
    func leave(_ outermost: Bool) {
        #if DEBUG
            if outermost { owner.store(0, ordering: .releasing) }
        #endif
    }

    #if DEBUG
        private static var currentThread: UInt {
            #if canImport(Darwin)
                UInt(bitPattern: pthread_self())
            #else
                UInt(pthread_self())
            #endif
        }
    #endif
}
