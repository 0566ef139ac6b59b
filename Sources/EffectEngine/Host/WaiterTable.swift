// The continuations behind the core's waiters: the core names a suspended caller by its
// ``WaiterID`` and hands back ``Wakeup``s; the host keeps the continuations and resumes them.

/// A suspended caller, as the host keeps it.
@usableFromInline
enum LoopWaiter: Sendable {
    case performer(CheckedContinuation<Void, Never>)
    case bounded(CheckedContinuation<Bool, Never>)
    case idle(CheckedContinuation<Bool, Never>)
    case stop(CheckedContinuation<[TaskInfo], Never>)

    /// Resumes the caller with what the core decided.
    @usableFromInline
    func resume(_ outcome: Wakeup.Outcome) {
        switch (self, outcome) {
        case (.performer(let continuation), _): continuation.resume()
        case (.bounded(let continuation), let outcome): continuation.resume(returning: outcome == .settled)
        case (.idle(let continuation), .idle(let isIdle)): continuation.resume(returning: isIdle)
        case (.idle(let continuation), _): continuation.resume(returning: false)
        case (.stop(let continuation), .stopped(let leftBehind)): continuation.resume(returning: leftBehind)
        case (.stop(let continuation), _): continuation.resume(returning: [])
        }
    }
}

/// The continuations behind the core's ``WaiterID``s: slots reused through a free list,
/// so adding and taking a waiter is an array access with no hashing.
@usableFromInline
struct WaiterTable: Sendable {
    @usableFromInline var slots: [LoopWaiter?] = []
    private var free: [UInt32] = []

    @usableFromInline init() {}

    /// Keeps a waiter until the core hands its id back.
    @usableFromInline
    mutating func add(_ waiter: LoopWaiter) -> WaiterID {
        if let index = free.popLast() {
            slots[Int(index)] = waiter
            return WaiterID(index)
        }
        slots.append(waiter)
        return WaiterID(UInt32(slots.count - 1))
    }

    /// Resumes the waiter the core handed back; each id is handed back once.
    @usableFromInline
    mutating func resume(_ wakeup: Wakeup) {
        let index = Int(wakeup.waiter.raw)
        guard index < slots.count, let waiter = slots[index] else { return }
        slots[index] = nil
        free.append(wakeup.waiter.raw)
        waiter.resume(wakeup.outcome)
    }

    /// The host is gone: every waiter still kept is resumed as abandoned.
    mutating func abandonAll() {
        let waiting = slots.compactMap { $0 }
        slots = []
        free = []
        for waiter in waiting { waiter.resume(.abandoned) }
    }
}
