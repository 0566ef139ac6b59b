// Observers: any number, added and removed at any time (R15), as the core's
// ``ObserverList`` keeps them; the host tells them.

extension EffectHost {
    /// Adds an observer, told on the main actor of every transition, settled state, task
    /// change, dropped event and diagnostic from now on, in the order they happen (R15).
    ///
    /// Observers are called in the order they were added. An observer may add or remove
    /// observers, and may send events: those are queued behind the work in progress
    /// (R11). The observer stays until the returned subscription is cancelled or the host
    /// is released.
    ///
    /// ```swift
    /// let subscription = host.observe(HostObserver { activity in
    ///     if case .settled(let state) = activity { render(state) }
    /// })
    /// // later
    /// subscription.cancel()
    /// ```
    ///
    /// - Parameter observer: The observer to add.
    /// - Returns: A subscription whose ``HostSubscription/cancel()`` removes the observer.
    @discardableResult
    public func observe(_ observer: HostObserver<State, Event>) -> HostSubscription {
        let id = loop.addObserver(observer)
        return HostSubscription { [weak self] in self?.loop.removeObserver(id) }
    }

    /// Adds an observer made from a function; see ``observe(_:)-(HostObserver<State,Event>)``.
    ///
    /// ```swift
    /// host.observe { activity in
    ///     if case .diagnostic(let problem) = activity { log.warning("\(problem)") }
    /// }
    /// ```
    ///
    /// The function may be isolated to the main actor, this host's actor: only an
    /// `EffectHost` takes one (H8).
    ///
    /// - Parameter observe: Called on the main actor with each activity, in order.
    /// - Returns: A subscription whose ``HostSubscription/cancel()`` removes the observer.
    @discardableResult
    public func observe(
        _ observe: @escaping @MainActor @Sendable (HostActivity<State, Event>) -> Void
    ) -> HostSubscription {
        // The loop of an `EffectHost` runs on the main actor: the observer's checks hold.
        self.observe(.onMainActor(observe))
    }

    /// Adds an observer that shows settled states and ignores transitions and task
    /// activity, made of main-actor functions: the line host's console (see
    /// ``HostObserver/init(settled:otherwise:)``).
    ///
    /// ```swift
    /// host.observe(settled: { console.show($0) }, otherwise: { console.observe($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - settled: Called with the state after every event's chain (R16).
    ///   - observe: Called with the other activities, in order.
    @discardableResult
    package func observe(
        settled: @escaping @MainActor @Sendable (State) -> Void,
        otherwise observe: @escaping @MainActor @Sendable (HostActivity<State, Event>) -> Void
    ) -> HostSubscription {
        // The loop of an `EffectHost` runs on the main actor: the observer's checks hold.
        self.observe(.onMainActor(settled: settled, otherwise: observe))
    }

    /// Tells the observers of a problem found by something attached to the host, such
    /// as a saver that could not write its file; the loop itself is not affected.
    ///
    /// ```swift
    /// host.report(.writeFailed(path: "count.json", reason: "disk full"))
    /// ```
    ///
    /// - Parameter diagnostic: The problem.
    public func report(_ diagnostic: Diagnostic) {
        if loop.isObserved { loop.notify(.diagnostic(diagnostic)) }
    }
}
