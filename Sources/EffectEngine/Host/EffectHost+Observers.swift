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
        let id = addObserver(observer)
        return HostSubscription { [weak self] in self?.removeObserver(id) }
    }

    /// Adds an observer made from a function; see ``observe(_:)-(HostObserver<State,Event>)``.
    ///
    /// ```swift
    /// host.observe { activity in
    ///     if case .diagnostic(let problem) = activity { log.warning("\(problem)") }
    /// }
    /// ```
    ///
    /// - Parameter observe: Called on the main actor with each activity, in order.
    /// - Returns: A subscription whose ``HostSubscription/cancel()`` removes the observer.
    @discardableResult
    public func observe(
        _ observe: @escaping @MainActor @Sendable (HostActivity<State, Event>) -> Void
    ) -> HostSubscription {
        self.observe(HostObserver(observe))
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
        if isObserved { notify(.diagnostic(diagnostic)) }
    }
}

// The machinery's side, on the host's actor.
nonisolated extension EffectHost {
    /// Adds an observer; returns the id that removes it. On the host's actor.
    func addObserver(_ observer: HostObserver<State, Event>) -> UInt64 {
        let id = observers.observerAdded(observer)
        observersChanged()
        return id
    }

    /// Removes the observer `id`. On the host's actor.
    func removeObserver(_ id: UInt64) {
        observers.observerRemoved(id)
        observersChanged()
    }

    /// Takes ``observer`` and the observers' bits of ``settledWatchers`` from
    /// ``observers``.
    private func observersChanged() {
        let wasObserved = isObserved
        observer = observers.combined
        settledWatchers &= ~(Self.observersBit | Self.transitionsBit)
        if observer != nil { settledWatchers |= Self.observersBit }
        if observer?.wantsTransitions == true { settledWatchers |= Self.transitionsBit }
        if isObserved != wasObserved { endWatchersChanged() }
    }

    /// An observer came or went, or the host began to stop: the end of a cancelled body
    /// may wait for the next drain only while nothing waits on it (no observer, who is
    /// told of it, and no `stop()`).
    func endWatchersChanged() {
        mailbox.setWakesForCancelledEnds(isObserved || core.isStopped)
    }

    /// Tells every observer, in the order they were added, through ``observer``: an
    /// observer added or removed meanwhile takes effect from the next activity.
    @usableFromInline
    func notify(_ activity: HostActivity<State, Event>) {
        observer?.observeOnHost(activity)
    }

    /// Tells every observer of a task's activity, as ``notify(_:)`` does `.task(activity)`,
    /// without building the generic activity here.
    func notifyTask(_ activity: TaskActivity) {
        observer?.observeTask(activity)
    }

    /// Tells every observer of the settled state (R16): as `.settled(state)`, built here,
    /// in code specialised for the feature, or as the state itself to an observer that
    /// takes it so.
    @inlinable
    func notifySettled() {
        if let settled = observer?.observeSettled {
            settled(currentState)
        } else {
            observer?.observeOnHost(.settled(currentState))
        }
    }
}
