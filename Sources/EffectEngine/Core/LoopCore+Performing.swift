// `perform` trees (R10): which events and tasks belong to a tree, and when it settles, as
// ``PerformTrees`` counts them.

extension LoopCore {
    /// A `perform` began: its tree, counted open until its event has been processed.
    mutating func performBegan() -> TreeID {
        trees.opened(waiter: nil, parent: nil)
    }

    /// One part of a tree finished: an event's chain ran, or a task ended or was cancelled.
    @usableFromInline
    mutating func partClosed(_ tree: TreeID) {
        var settled: [WaiterID] = []
        trees.partClosed(tree, settled: &settled)
        for waiter in settled { wake(waiter, .settled) }
    }

    /// Whether `tree` has not settled yet: its performer must suspend.
    func isOpen(_ tree: TreeID) -> Bool { !trees.isSettled(tree) }

    /// The performer of `tree` suspended: it is woken when the tree settles.
    mutating func performWaitBegan(_ tree: TreeID, waiter: WaiterID) {
        if !trees.wait(on: tree, with: waiter) { wake(waiter, .settled) }
    }

    /// A bounded `perform` reached its bound before its tree settled.
    mutating func performTimedOut(_ tree: TreeID) {
        if let waiter = trees.stopWaiting(on: tree) { wake(waiter, .abandoned) }
    }
}
