/// Events that arrived on the main actor while the host was busy, in arrival order,
/// waiting for the work in progress to finish (R2, R11). ``LoopCore`` decides when an
/// event is deferred; this queue holds it.
@usableFromInline
struct DeferredEvents<Element> {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var start = 0

    @usableFromInline init() {}

    /// Whether an event waits.
    @inlinable var isEmpty: Bool { start >= elements.count }

    @inlinable
    mutating func append(_ element: Element) {
        elements.append(element)
    }

    /// The oldest waiting event; `nil` when none waits (the storage is then reset).
    @inlinable
    mutating func next() -> Element? {
        guard start < elements.count else {
            if start > 0 {
                elements.removeAll(keepingCapacity: true)
                start = 0
            }
            return nil
        }
        defer { start += 1 }
        return elements[start]
    }
}

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
