/// The name the core gives a suspended caller: a `perform`, a wait until idle, or a
/// `stop()`. The core keeps only this; the continuation itself stays with the host, in a
/// ``WaiterTable``, so the core is a plain value that can be copied, compared and
/// explored (`LoopCoreExplorationTests`).
@usableFromInline
struct WaiterID: Hashable, Sendable {
    @usableFromInline let raw: UInt32

    @usableFromInline init(_ raw: UInt32) { self.raw = raw }
}

/// A waiter the core hands back, and what it learned.
@usableFromInline
struct Wakeup: Hashable, Sendable {
    @usableFromInline
    enum Outcome: Hashable, Sendable {
        /// A `perform`'s tree settled (R10).
        case settled
        /// A `perform`'s tree was abandoned: its event was dropped, the host stopped, or a
        /// bounded `perform` reached its bound.
        case abandoned
        /// A wait until idle: `true` once idle (R17), `false` when its bound passed first.
        case idle(Bool)
        /// A `stop()` whose bodies returned, or whose bound passed with these left behind.
        case stopped(leftBehind: [TaskInfo])
    }

    @usableFromInline let waiter: WaiterID
    @usableFromInline let outcome: Outcome
}
