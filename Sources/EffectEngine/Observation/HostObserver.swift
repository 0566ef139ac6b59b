/// Sees everything a host does: transitions, task changes and diagnostics (R15).
///
/// The host calls the observer on its actor (the main actor for an ``EffectHost``, an
/// ``ActorHost``'s own), synchronously, in the order things happen, so an observer's
/// functions are not isolated to any actor: the same observer serves every host. A
/// main-actor function observes an ``EffectHost`` through the host's `observe(_:)` that
/// takes a function; it does not compile as an observer of a host on another actor (H8).
/// A host with no observer pays nothing for observation.
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
    /// The function called for each activity, on the host's actor.
    public var observe: @Sendable (HostActivity<State, Event>) -> Void { observeOnHost }
    /// ``observe`` as the host's loop calls it.
    @usableFromInline let observeOnHost: @Sendable (HostActivity<State, Event>) -> Void
    /// ``observe`` for a task's activity, made where `State` and `Event` are known: the
    /// host's task code is compiled once for every feature, and building a
    /// `HostActivity<State, Event>` there looks its metadata up at run time, under a
    /// lock (measured: about 330 instructions a look-up, two a replaced task).
    @usableFromInline let observeTask: @Sendable (TaskActivity) -> Void
    /// A function for settled states that takes the state itself, or `nil` when settled
    /// states go to ``observe`` (the host builds `.settled` in code specialised for the
    /// feature, which costs nothing extra there).
    @usableFromInline let observeSettled: (@Sendable (State) -> Void)?
    /// Whether the observer is to be told of transitions: when no observer is, the host
    /// builds none.
    @usableFromInline let wantsTransitions: Bool

    /// Creates an observer from a function, called on the host's actor: whichever actor
    /// the host runs on, so the observer serves any host.
    ///
    /// ```swift
    /// let trace = HostObserver<State, Event> { print($0) }
    /// ```
    ///
    /// - Parameter observe: Called on the host's actor with each activity, in order.
    @inlinable
    public init(_ observe: @escaping @Sendable (HostActivity<State, Event>) -> Void) {
        self.init(
            observe: observe, observeTask: { observe(.task($0)) }, observeSettled: nil, wantsTransitions: true)
    }

    /// An observer whose function runs on whichever actor its host runs on: every
    /// observer does now, so this is ``init(_:)``.
    ///
    /// ```swift
    /// let trace = HostObserver<State, Event> { print($0) }
    /// ```
    ///
    /// - Parameter observe: Called on the host's actor with each activity, in order.
    /// - Returns: The observer.
    @available(*, deprecated, renamed: "init(_:)", message: "every observer runs on its host's actor")
    @inlinable
    public static func onHostActor(
        _ observe: @escaping @Sendable (HostActivity<State, Event>) -> Void
    ) -> HostObserver {
        HostObserver(observe)
    }

    /// An observer that shows settled states and ignores transitions and task activity:
    /// the line host's console. Its code is compiled once for every feature, where taking
    /// an activity apart copies it through its runtime type, so it is handed the state
    /// itself, and the host builds no transition for it. `observe` is told of everything
    /// else, and of transitions too when another observer of the host wants them.
    ///
    /// ```swift
    /// host.observe(HostObserver(settled: { console.show($0) }, otherwise: { console.observe($0) }))
    /// ```
    ///
    /// - Parameters:
    ///   - settled: Called with the state after every event's chain (R16).
    ///   - observe: Called with the other activities, in order.
    package init(
        settled: @escaping @Sendable (State) -> Void,
        otherwise observe: @escaping @Sendable (HostActivity<State, Event>) -> Void
    ) {
        self.init(observe: observe, observeTask: { _ in }, observeSettled: settled, wantsTransitions: false)
    }

    /// An observer made of its parts, for ``combining(_:)``.
    @usableFromInline
    init(
        observe: @escaping @Sendable (HostActivity<State, Event>) -> Void,
        observeTask: @escaping @Sendable (TaskActivity) -> Void,
        observeSettled: (@Sendable (State) -> Void)?,
        wantsTransitions: Bool
    ) {
        self.observeOnHost = observe
        self.observeTask = observeTask
        self.observeSettled = observeSettled
        self.wantsTransitions = wantsTransitions
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
        var observeSettled: (@Sendable (State) -> Void)?
        if observers.contains(where: { $0.observeSettled != nil }) {
            observeSettled = { state in
                for observer in observers {
                    if let settled = observer.observeSettled {
                        settled(state)
                    } else {
                        observer.observeOnHost(.settled(state))
                    }
                }
            }
        }
        return HostObserver(
            observe: { activity in
                for observer in observers { observer.observeOnHost(activity) }
            },
            observeTask: { activity in
                for observer in observers { observer.observeTask(activity) }
            },
            observeSettled: observeSettled,
            wantsTransitions: observers.contains { $0.wantsTransitions })
    }
}
