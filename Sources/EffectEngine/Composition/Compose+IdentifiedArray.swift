extension Compose {
    /// Runs a child feature repeated over an ``IdentifiedArray`` of the parent's state,
    /// each element found by its id in constant time.
    ///
    /// It does what the array form of `forEach` does (element 7's task `load` runs as
    /// `rows/7/load`; an event for an id not in the collection is dropped and reported as
    /// ``Diagnostic/childMissing(scope:event:)``; when `parent` removes elements, every task
    /// under each removed element's scope is cancelled), with the element found by a hash
    /// lookup instead of a scan.
    ///
    /// ```swift
    /// static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
    ///     Compose.forEach(
    ///         \.rows, in: &state, event: event, scope: "rows",
    ///         child: { if case .row(let id, let event) = $0 { (id, event) } else { nil } },
    ///         embed: Event.row, env: { $0.row }, update: Row.update,
    ///         parent: reduce)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - elements: Where the children's states live.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The collection's scope, such as `rows`; element 7's is `rows/7`.
    ///   - extract: The element's id and child event within `event`, `nil` when it is not
    ///     a child's.
    ///   - embed: Turns an element's id and child event into the parent's event; the
    ///     element's tasks send through it.
    ///   - project: Gives the child's env from the parent's.
    ///   - childUpdate: The child's `update`.
    ///   - parent: The parent's own `update`, run after the child's.
    /// - Returns: The child's effect, lifted, then the parent's, then cancellations of
    ///   removed elements' tasks.
    @inlinable @inline(__always)
    public static func forEach<
        State, Event: Sendable, Env, Element: Identifiable, ChildEvent: Sendable, ChildEnv
    >(
        _ elements: WritableKeyPath<State, IdentifiedArray<Element>>,
        in state: inout State,
        event: Event,
        scope: String,
        child extract: (Event) -> (Element.ID, ChildEvent)?,
        embed: @escaping @Sendable (Element.ID, ChildEvent) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout Element, ChildEvent) -> Effect<ChildEvent, ChildEnv>?,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? where Element.ID: Sendable {
        var childEffect: Effect<Event, Env>?
        if let (id, childEvent) = extract(event) {
            let outcome = modify(&state, at: elements) { elements -> Effect<ChildEvent, ChildEnv>?? in
                guard let index = elements.index(id: id) else { return .none }
                return .some(childUpdate(&elements.storage[index], childEvent))
            }
            guard let outcome else { return missing(event, scope: elementScope(scope, id)) }
            childEffect = outcome?.map({ embed(id, $0) }, env: project, scope: elementScope(scope, id))
        }
        // Held to see, after `parent`, whether the collection changed: an untouched
        // collection still shares this buffer.
        let before = modify(&state, at: elements) { $0.storage }
        let own = parent(&state, event)
        let after = modify(&state, at: elements) { $0.storage }
        return combined(childEffect, own, removals(from: before, to: after, scope: scope))
    }

    /// Runs a child feature repeated over an ``IdentifiedArray``, its events named by a
    /// ``CasePath`` of the parent's event: the case's constructor puts them back (N16).
    ///
    /// ```swift
    /// Compose.forEach(
    ///     \.todos, in: &state, event: event, scope: "todos", child: CasePath(Event.todo),
    ///     env: { _ in }, update: Todo.update, parent: reduce)
    /// ```
    ///
    /// A reflected case path reads the event with `Mirror`, microseconds a call; for an
    /// `update` on a hot path, give one made with ``CasePath/init(embed:extract:)``.
    ///
    /// - Parameters:
    ///   - elements: Where the children's states live.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The collection's scope, such as `rows`; element 7's is `rows/7`.
    ///   - path: The case of the parent's event that carries an element's id and event.
    ///   - project: Gives the child's env from the parent's.
    ///   - childUpdate: The child's `update`.
    ///   - parent: The parent's own `update`, run after the child's.
    /// - Returns: The child's effect, lifted, then the parent's, then cancellations of
    ///   removed elements' tasks.
    @inlinable
    public static func forEach<
        State, Event: Sendable, Env, Element: Identifiable, ChildEvent: Sendable, ChildEnv
    >(
        _ elements: WritableKeyPath<State, IdentifiedArray<Element>>,
        in state: inout State,
        event: Event,
        scope: String,
        child path: CasePath<Event, (Element.ID, ChildEvent)>,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout Element, ChildEvent) -> Effect<ChildEvent, ChildEnv>?,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? where Element.ID: Sendable {
        forEach(
            elements, in: &state, event: event, scope: scope, child: path.extract(from:),
            embed: { [embed = path.embed] in embed(($0, $1)) }, env: project, update: childUpdate, parent: parent)
    }
}
