/// Sees everything a host does: transitions, task changes and diagnostics (R15).
///
/// The host calls the observer on the main actor, synchronously, in the order things
/// happen. A host with no observer pays nothing for observation.
///
/// ```swift
/// let host = EffectHost(
///     initialState: Counter.State(), env: .live,
///     observer: HostObserver { activity in
///         if case .transition(let step) = activity { print("count: \(step.state.count)") }
///     },
///     update: Counter.update)
/// ```
public struct HostObserver<State, Event>: Sendable {
    /// The function called for each activity.
    public let observe: @MainActor @Sendable (HostActivity<State, Event>) -> Void
    /// ``observe`` for a task's activity, made where `State` and `Event` are known: the
    /// host's task code is compiled once for every feature, and building a
    /// `HostActivity<State, Event>` there looks its metadata up at run time, under a
    /// lock (measured: about 330 instructions a look-up, two a replaced task).
    @usableFromInline let observeTask: @MainActor @Sendable (TaskActivity) -> Void

    /// Creates an observer from a function.
    ///
    /// ```swift
    /// let trace = HostObserver<State, Event> { print($0) }
    /// ```
    ///
    /// - Parameter observe: Called on the main actor with each activity, in order.
    @inlinable
    public init(_ observe: @escaping @MainActor @Sendable (HostActivity<State, Event>) -> Void) {
        self.observe = observe
        self.observeTask = { observe(.task($0)) }
    }

    /// An observer whose task activity goes to `observeTask`, for ``combining(_:)``.
    @usableFromInline
    init(
        observe: @escaping @MainActor @Sendable (HostActivity<State, Event>) -> Void,
        observeTask: @escaping @MainActor @Sendable (TaskActivity) -> Void
    ) {
        self.observe = observe
        self.observeTask = observeTask
    }

    /// An observer that calls each of `observers` in turn.
    ///
    /// ```swift
    /// let both = HostObserver.combining([renderer, tracer])
    /// ```
    ///
    /// - Parameter observers: The observers, called in this order.
    /// - Returns: One observer forwarding to all of them.
    public static func combining(_ observers: [HostObserver]) -> HostObserver {
        HostObserver(
            observe: { activity in
                for observer in observers { observer.observe(activity) }
            },
            observeTask: { activity in
                for observer in observers { observer.observeTask(activity) }
            })
    }
}
