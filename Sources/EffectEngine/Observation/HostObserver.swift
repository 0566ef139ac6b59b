/// Sees everything a host does: transitions, task changes and diagnostics (R15).
///
/// The host calls the observer on its actor (the main actor for an ``EffectHost``),
/// synchronously, in the order things happen. A host with no observer pays nothing for
/// observation.
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
    public var observe: @MainActor @Sendable (HostActivity<State, Event>) -> Void { observeOnHost }
    /// ``observe`` as the host's loop calls it: on the host's actor, which is the main
    /// actor for an observer made with a main-actor function (``isMainActorBound``). The
    /// host's machinery serves every actor, so it holds the function with no isolation in
    /// its type; a main-actor function is stored so, unchanged, the way
    /// `MainActor.assumeIsolated` calls one, and only a main-actor host calls it.
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
    /// Whether some function of the observer must be called on the main actor: such an
    /// observer observes an ``EffectHost`` only, never a host on another actor.
    @usableFromInline let isMainActorBound: Bool
    /// Whether the observer is to be told of transitions: when no observer is, the host
    /// builds none.
    @usableFromInline let wantsTransitions: Bool

    /// Creates an observer from a function.
    ///
    /// ```swift
    /// let trace = HostObserver<State, Event> { print($0) }
    /// ```
    ///
    /// - Parameter observe: Called on the main actor with each activity, in order.
    @inlinable
    public init(_ observe: @escaping @MainActor @Sendable (HostActivity<State, Event>) -> Void) {
        let observe = Self.onHost(observe)
        self.observeOnHost = observe
        self.observeTask = { observe(.task($0)) }
        self.observeSettled = nil
        self.wantsTransitions = true
        self.isMainActorBound = true
    }

    /// An observer whose function runs on whichever actor its host runs on: what a host
    /// on another actor than the main one (``ActorHost``) takes, and an ``EffectHost``
    /// too.
    ///
    /// ```swift
    /// let trace = HostObserver<State, Event>.onHostActor { print($0) }
    /// ```
    ///
    /// - Parameter observe: Called on the host's actor with each activity, in order.
    /// - Returns: The observer.
    @inlinable
    public static func onHostActor(
        _ observe: @escaping @Sendable (HostActivity<State, Event>) -> Void
    ) -> HostObserver {
        HostObserver(
            observe: observe, observeTask: { observe(.task($0)) }, observeSettled: nil, wantsTransitions: true,
            isMainActorBound: false)
    }

    /// A main-actor function held with no isolation in its type, for ``observeOnHost``.
    @usableFromInline
    static func onHost<Value>(
        _ function: @escaping @MainActor @Sendable (Value) -> Void
    ) -> @Sendable (Value) -> Void {
        unsafeBitCast(function, to: (@Sendable (Value) -> Void).self)
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
        settled: @escaping @MainActor @Sendable (State) -> Void,
        otherwise observe: @escaping @MainActor @Sendable (HostActivity<State, Event>) -> Void
    ) {
        self.observeOnHost = Self.onHost(observe)
        self.observeTask = { _ in }
        self.observeSettled = Self.onHost(settled)
        self.wantsTransitions = false
        self.isMainActorBound = true
    }

    /// An observer made of its parts, for ``combining(_:)``.
    @usableFromInline
    init(
        observe: @escaping @Sendable (HostActivity<State, Event>) -> Void,
        observeTask: @escaping @Sendable (TaskActivity) -> Void,
        observeSettled: (@Sendable (State) -> Void)?,
        wantsTransitions: Bool,
        isMainActorBound: Bool
    ) {
        self.observeOnHost = observe
        self.observeTask = observeTask
        self.observeSettled = observeSettled
        self.wantsTransitions = wantsTransitions
        self.isMainActorBound = isMainActorBound
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
            wantsTransitions: observers.contains { $0.wantsTransitions },
            isMainActorBound: observers.contains { $0.isMainActorBound })
    }
}
