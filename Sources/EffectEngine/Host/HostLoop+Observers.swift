// Observers: any number, added and removed at any time (R15), as the core's
// ``ObserverList`` keeps them; the loop tells them.

extension HostLoop {
    /// Adds an observer; returns the id that removes it. 
    func addObserver(_ observer: HostObserver<State, Event>) -> UInt64 {
        let id = observers.observerAdded(observer)
        observersChanged()
        return id
    }

    /// Removes the observer `id`. 
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
