extension Compose {
    /// Runs a child feature that lives in an optional field of the parent's state:
    /// present while the child is shown, `nil` once it is gone.
    ///
    /// When `child` finds a child event in `event`, the child's `update` runs on the
    /// field's value and its effect is lifted under `scope`; then `parent` runs with
    /// `event`. When the field is `nil`, the event is dropped (neither `update` runs) and
    /// reported as ``Diagnostic/childMissing(scope:event:)``. When `parent` sets to `nil` a
    /// field that was not, every task under `scope` is cancelled.
    ///
    /// ```swift
    /// static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
    ///     Compose.optional(
    ///         \.details, in: &state, event: event, scope: "details",
    ///         child: { if case .details(let event) = $0 { event } else { nil } },
    ///         embed: Event.details, env: { $0.details }, update: Details.update,
    ///         parent: reduce)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - field: Where the child's state lives, `nil` while there is no child.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The child's scope, such as `details`; its tasks are cancelled with it.
    ///     Keep it non-empty: an empty scope prefixes nothing, so the child's tasks are
    ///     not told apart from the parent's, nor cancelled when it leaves.
    ///   - extract: The child's event within `event`, `nil` when it is not the child's.
    ///   - embed: Turns a child's event into the parent's; the child's tasks send through it.
    ///   - project: Gives the child's env from the parent's.
    ///   - childUpdate: The child's `update`.
    ///   - parent: The rest of the parent's `update`, run after the child's.
    /// - Returns: The effects of the child, of the parent, then the cancel of a child that
    ///   left, in one effect.
    @inlinable @inline(__always)
    public static func optional<State, Event: Sendable, Env, ChildState, ChildEvent: Sendable, ChildEnv>(
        _ field: WritableKeyPath<State, ChildState?>,
        in state: inout State,
        event: Event,
        scope: String,
        child extract: (Event) -> ChildEvent?,
        embed: @escaping @Sendable (ChildEvent) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout ChildState, ChildEvent) -> Effect<ChildEvent, ChildEnv>?,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        var childEffect: Effect<Event, Env>?
        if let childEvent = extract(event) {
            let outcome = modify(&state, at: field) { child -> Effect<ChildEvent, ChildEnv>?? in
                guard child != nil else { return .none }
                return .some(childUpdate(&child!, childEvent))
            }
            guard let outcome else { return missing(event, scope: ScopePath.name(scope)) }
            childEffect = outcome?.map(embed, env: project, scope: scope)
        }
        let wasPresent = modify(&state, at: field) { $0 != nil }
        let own = parent(&state, event)
        let isPresent = modify(&state, at: field) { $0 != nil }
        return combined(childEffect, own, removal(wasPresent: wasPresent, isPresent: isPresent, scope: scope))
    }
}
