// Observing a host on an actor: observers told on the host's actor (R15, R16), and the
// settled states as streams.

extension ActorHost {
    /// An observer's place in an ``ActorHost``: pass it to ``removeObserver(_:)``.
    ///
    /// ```swift
    /// let subscription = await host.observe { activity in log(activity) }
    /// await host.removeObserver(subscription)
    /// ```
    public struct Subscription: Sendable, Hashable {
        let id: UInt64
    }

    /// Adds an observer, told on the host's actor of everything the host does from now
    /// on, in the order it happens (R15); see ``EffectHost/observe(_:)-(HostObserver<State,Event>)``.
    ///
    /// Every observer runs on its host's actor; a main-actor function is not an observer
    /// of a host on another actor, and does not compile as one (H8).
    ///
    /// ```swift
    /// let subscription = await host.observe(.logging { print($0) })
    /// ```
    ///
    /// - Parameter observer: The observer to add.
    /// - Returns: What removes it.
    @discardableResult
    public func observe(_ observer: HostObserver<State, Event>) -> Subscription {
        Subscription(id: loop.addObserver(observer))
    }

    /// Adds an observer made from a function, called on the host's actor.
    ///
    /// ```swift
    /// await host.observe { activity in
    ///     if case .settled(let state) = activity { log(state) }
    /// }
    /// ```
    ///
    /// - Parameter observe: Called with each activity, in order.
    /// - Returns: What removes it.
    @discardableResult
    public func observe(_ observe: @escaping @Sendable (HostActivity<State, Event>) -> Void) -> Subscription {
        Subscription(id: loop.addObserver(HostObserver(observe)))
    }

    /// Removes an observer; removing one already removed does nothing.
    ///
    /// ```swift
    /// await host.removeObserver(subscription)
    /// ```
    ///
    /// - Parameter subscription: What `observe(_:)` returned.
    public func removeObserver(_ subscription: Subscription) {
        loop.removeObserver(subscription.id)
    }

    /// Tells the observers of a problem found by something attached to the host.
    ///
    /// ```swift
    /// await host.report(.writeFailed(path: "count.json", reason: "disk full"))
    /// ```
    ///
    /// - Parameter diagnostic: The problem.
    public func report(_ diagnostic: Diagnostic) {
        if loop.isObserved { loop.notify(.diagnostic(diagnostic)) }
    }

    /// One field of the settled states, as an `AsyncSequence`; see ``states``.
    ///
    /// ```swift
    /// for await count in host.states(of: \.count) { print(count) }
    /// ```
    ///
    /// - Parameter keyPath: The field.
    /// - Returns: The sequence of its values.
    public nonisolated func states<Value: Sendable & Equatable>(
        of keyPath: KeyPath<State, Value> & Sendable
    ) -> StateStream<Value> {
        stream({ $0[keyPath: keyPath] }, isSame: { $0 == $1 })
    }

    private nonisolated func stream<Element: Sendable>(
        _ project: @escaping @Sendable (State) -> Element,
        isSame: @escaping @Sendable (Element, Element) -> Bool
    ) -> StateStream<Element> {
        StateStream(
            look: { [weak self] delivered in await self?.look(project, after: delivered, isSame: isSame) },
            isSame: isSame)
    }

    private func look<Element: Sendable>(
        _ project: @Sendable (State) -> Element, after delivered: Element?,
        isSame: @Sendable (Element, Element) -> Bool
    ) -> StateStream<Element>.Look {
        loop.look(project, after: delivered, isSame: isSame)
    }
}

extension ActorHost where State: Sendable & Equatable {
    /// The settled states, as an `AsyncSequence`: the current state first, then each
    /// settled state that differs from the last one delivered (R16); see
    /// ``EffectHost/states``.
    ///
    /// ```swift
    /// for await state in host.states { print(state) }
    /// ```
    public nonisolated var states: StateStream<State> {
        stream({ $0 }, isSame: { $0 == $1 })
    }
}
