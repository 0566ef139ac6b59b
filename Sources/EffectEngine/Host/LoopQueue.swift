/// A first-in, first-out queue of the host's: the messages taken from the mailbox and not
/// yet handled, and the events that arrived on the main actor while the host was busy,
/// waiting for the work in progress to finish (R2, R11; ``LoopCore`` decides when an
/// event waits).
///
/// An array and the index of its oldest element: taking the next one moves the index, and
/// the storage is reset, keeping its capacity, once everything has been taken.
@usableFromInline
struct LoopQueue<Element> {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var start = 0

    @usableFromInline init() {}

    /// Whether nothing waits.
    @inlinable var isEmpty: Bool { start >= elements.count }

    /// What waits, oldest first.
    var waiting: ArraySlice<Element> { elements[start...] }

    @inlinable
    mutating func append(_ element: Element) {
        elements.append(element)
    }

    /// The oldest waiting element; `nil` when none waits (the storage is then reset).
    @inlinable
    mutating func next() -> Element? {
        guard start < elements.count else {
            if start > 0 { removeAll() }
            return nil
        }
        defer { start += 1 }
        return elements[start]
    }

    /// Fills the emptied storage with a batch: `take` swaps its elements in and returns
    /// whether there were any.
    mutating func refill(_ take: (inout [Element]) -> Bool) -> Bool {
        removeAll()
        return take(&elements)
    }

    /// Forgets what waits, keeping the storage's capacity.
    @usableFromInline
    mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
        start = 0
    }
}

extension LoopQueue: Sendable where Element: Sendable {}

/// An event deferred while the host was busy, with where it came from and its tree.
@usableFromInline
struct DeferredEvent<State, Event: Sendable> {
    @usableFromInline let event: Event
    @usableFromInline let cause: Transition<State, Event>.Cause
    @usableFromInline let tree: TreeID?

    @usableFromInline init(event: Event, cause: Transition<State, Event>.Cause, tree: TreeID?) {
        self.event = event
        self.cause = cause
        self.tree = tree
    }
}
