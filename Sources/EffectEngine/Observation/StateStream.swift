/// A host's settled states (or one field of them) as an `AsyncSequence`: the current
/// value first, then each settled value that differs from the last one delivered.
///
/// Made by ``EffectHost/states`` and ``EffectHost/states(of:)``. Each iterator is one
/// reader with its own place: a reader slower than the loop skips to the latest value,
/// never builds a backlog, and never slows the loop. The sequence ends when the host
/// stops or is released, or when the reading task is cancelled.
///
/// ```swift
/// for await state in host.states {
///     print(render(state))
/// }
/// ```
public struct StateStream<Element: Sendable>: AsyncSequence, Sendable {
    /// A stream never fails.
    public typealias Failure = Never

    /// What a reader sees when it looks: the value, and whether the host has stopped.
    struct Reading {
        let value: Element
        let isStopped: Bool
    }

    /// Reads the host now; `nil` once it is gone.
    let read: @MainActor @Sendable () -> Reading?
    /// Marks a reader as waiting and returns where to wait and the wake-ups so far; `nil`
    /// when the host stopped.
    let readers: @MainActor @Sendable () -> (list: StateReaders, epoch: UInt64)?
    let isSame: @Sendable (Element, Element) -> Bool

    /// Creates an iterator: a reader that starts with the current value.
    ///
    /// ```swift
    /// var reader = host.states.makeAsyncIterator()
    /// let current = await reader.next()
    /// ```
    ///
    /// - Returns: The reader.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    /// One reader of a ``StateStream``.
    ///
    /// ```swift
    /// var reader = host.states(of: \.count).makeAsyncIterator()
    /// while let count = await reader.next() { print(count) }
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        let stream: StateStream
        var delivered: Element?
        var isFinished = false

        /// The next value that differs from the last one delivered; the current value
        /// first. `nil` once the host has stopped (after its last value) or is gone, or
        /// the task is cancelled.
        ///
        /// ```swift
        /// let next = await reader.next()
        /// ```
        ///
        /// - Returns: The value, or `nil` at the end.
        public mutating func next() async -> Element? {
            guard !isFinished else { return nil }
            guard let found = await stream.next(after: delivered) else {
                isFinished = true
                return nil
            }
            delivered = found
            return found
        }
    }

    @MainActor
    func next(after delivered: Element?) async -> Element? {
        while true {
            guard let now = read() else { return nil }
            guard let delivered, isSame(delivered, now.value) else { return now.value }
            guard !now.isStopped, !Task.isCancelled, let readers = readers() else { return nil }
            await readers.list.wait(after: readers.epoch)
        }
    }
}
