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

    /// What a reader sees when it looks at the host, on the host's actor.
    enum Look: Sendable {
        /// A value other than the one the reader has.
        case value(Element)
        /// The value the reader has: it waits on `readers` for the next wake-up after
        /// `epoch`.
        case wait(StateReaders, epoch: UInt64)
        /// The value the reader has, and the host stopped: no other will come.
        case ended
    }

    /// Looks at the host on its actor, given the value the reader has; `nil` once the
    /// host is gone.
    let look: @Sendable (Element?) async -> Look?
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

    func next(after delivered: Element?) async -> Element? {
        while true {
            switch await look(delivered) {
            case .value(let value):
                return value
            case .wait(let readers, let epoch):
                guard !Task.isCancelled else { return nil }
                await readers.wait(after: epoch)
            case .ended, nil:
                return nil
            }
        }
    }
}
