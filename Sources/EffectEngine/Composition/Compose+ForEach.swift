extension Compose {
    /// Runs a child feature repeated over a collection of the parent's state, each
    /// element a child told apart by its `id`.
    ///
    /// When `child` finds `(id, child event)` in `event`, the child's `update` runs on the
    /// element with that id, and its effect is lifted under `scope/id`: element 7's task
    /// `load` runs as `rows/7/load`, so a thousand rows each running `load` never replace
    /// one another. Then `parent` runs with `event`. An event for an id that is not in
    /// the collection is dropped (neither `update` runs, and no other element sees it)
    /// and reported as ``Diagnostic/childMissing(scope:event:)``. When `parent` removes
    /// elements, every task under each removed element's scope is cancelled.
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
    /// Elements are found by id, never by position, so a late event never reaches the
    /// element that took a removed one's place. Ids must be unique in the collection; an
    /// id that leaves and comes back within one event keeps its tasks. An id's scope is
    /// `scope/` followed by `String(describing: id)` with every `%` written `%25` and
    /// every `/` written `%2F` (the empty id is `%00`), so no two elements' scopes overlap
    /// (C3): ids "docs" and "docs/api" run `rows/docs/load` and `rows/docs%2Fapi/load`,
    /// and removing "docs" cancels only its own. Ids without `/` or `%` read as written.
    ///
    /// Finding an element costs a scan of the collection. Noticing removals costs nothing
    /// for an event that leaves the collection untouched, and a comparison of ids for one
    /// that changes it.
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
    ///   - parent: The rest of the parent's `update`, run after the child's.
    /// - Returns: The effects of the child, of the parent, then the cancels of the
    ///   elements removed, in one effect.
    @inlinable @inline(__always)
    public static func forEach<
        State, Event: Sendable, Env, Element: Identifiable, ChildEvent: Sendable, ChildEnv
    >(
        _ elements: WritableKeyPath<State, [Element]>,
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
                guard let index = elements.firstIndex(where: { $0.id == id }) else { return .none }
                return .some(childUpdate(&elements[index], childEvent))
            }
            guard let outcome else { return missing(event, scope: elementScope(scope, id)) }
            childEffect = outcome?.map({ embed(id, $0) }, env: project, scope: elementScope(scope, id))
        }
        // Held to see, after `parent`, whether the collection changed: an untouched
        // collection still shares this buffer.
        let before = modify(&state, at: elements) { $0 }
        let own = parent(&state, event)
        let after = modify(&state, at: elements) { $0 }
        return combined(childEffect, own, removals(from: before, to: after, scope: scope))
    }

    /// The scope of the element `id`: `rows/7`.
    @inlinable
    static func elementScope(_ scope: String, _ id: some Any) -> String {
        (ScopePath.prefix(scope) ?? "") + ScopePath.component(String(describing: id))
    }
}
