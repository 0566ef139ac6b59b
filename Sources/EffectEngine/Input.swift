/// The handle through which events enter a host's loop.
///
/// A task receives an `Input` as the first argument of its operation; a host exposes
/// one as ``EffectHost/input``. It is a small `Sendable` value: copy it anywhere.
///
/// ```swift
/// return .task(name: "load") { input, env in
///     input(.loading)                       // enqueue, returns at once (R12)
///     let movies = try await env.fetch()
///     await input.perform(.loaded(movies))  // wait until .loaded's tree settled (R10)
/// }
/// ```
///
/// An `Input` handed to a task carries the task's identity: once the task is cancelled
/// (replaced, `.cancel`, or host stop), everything sent through it is dropped (R7).
public struct Input<Event: Sendable>: Sendable {
    @usableFromInline let sink: any EventSink<Event>
    @usableFromInline let origin: TaskToken?

    @usableFromInline init(sink: any EventSink<Event>, origin: TaskToken?) {
        self.sink = sink
        self.origin = origin
    }

    /// Creates an input that hands every event to a closure: a spy for tests of code
    /// that takes an `Input`, with no host involved.
    ///
    /// `send`, `callAsFunction` and `perform` all call `receive`; `perform` returns
    /// once it has.
    ///
    /// ```swift
    /// let sent = Mutex<[Event]>([])
    /// let input = Input<Event> { event in sent.withLock { $0.append(event) } }
    /// try await MyFeature.loadEffect(input, .mock)
    /// ```
    ///
    /// - Parameter receive: Called with each event, from the sender's isolation.
    public init(_ receive: @escaping @Sendable (Event) -> Void) {
        self.init(sink: ClosureSink(receive: receive), origin: nil)
    }

    /// Enqueues an event and returns at once, from any isolation (R12).
    ///
    /// Events enqueued by one sender are processed in the order it sent them, on the
    /// main actor, after the chain being processed now.
    ///
    /// ```swift
    /// input(.tick)
    /// ```
    ///
    /// - Parameter event: The event to process.
    @inlinable
    public func callAsFunction(_ event: Event) {
        sink.enqueue(event, from: origin)
    }

    /// Processes an event and its synchronous chain now, before returning (R11).
    ///
    /// Called while the host is already processing, the event is queued behind the
    /// current chain instead of nesting.
    ///
    /// ```swift
    /// await MainActor.run { input.send(.appeared) }
    /// ```
    ///
    /// - Parameter event: The event to process.
    @MainActor
    public func send(_ event: Event) {
        sink.deliver(event, from: origin)
    }

    /// Sends an event and waits until its whole causal tree has settled (R10).
    ///
    /// The tree is the event, its synchronous chain, every task started in it, and every
    /// event those tasks send with their own effects, recursively. A task counts as
    /// ended when its body returns or when it is cancelled (replaced, `.cancel`, or host
    /// stop): `perform` then does not wait for the cancelled body. Works from any
    /// isolation, including from inside a task. On a stopped host, or from a cancelled
    /// task, the event is dropped and `perform` returns at once.
    ///
    /// ```swift
    /// await host.input.perform(.refresh)
    /// print(host.state.movies.count)
    /// ```
    ///
    /// - Parameter event: The event to process.
    public func perform(_ event: Event) async {
        await sink.perform(event, from: origin)
    }
}

/// Where an ``Input`` delivers its events: a host's mailbox, or a closure for spies.
@usableFromInline
protocol EventSink<Event>: AnyObject, Sendable {
    associatedtype Event: Sendable
    func enqueue(_ event: Event, from origin: TaskToken?)
    @MainActor func deliver(_ event: Event, from origin: TaskToken?)
    func perform(_ event: Event, from origin: TaskToken?) async
}

/// A sink that forwards every event to a closure.
final class ClosureSink<Event: Sendable>: EventSink {
    let receive: @Sendable (Event) -> Void

    init(receive: @escaping @Sendable (Event) -> Void) {
        self.receive = receive
    }

    func enqueue(_ event: Event, from origin: TaskToken?) { receive(event) }
    @MainActor func deliver(_ event: Event, from origin: TaskToken?) { receive(event) }
    func perform(_ event: Event, from origin: TaskToken?) async { receive(event) }
}
