extension Compose {
    /// Runs an alert or a confirmation dialog kept in an optional field of the parent's
    /// state (N4).
    ///
    /// When `child` finds ``PresentationEvent/presented(_:)`` of an action one of the
    /// shown alert's buttons sends, `parent` runs with `event`, the alert still shown,
    /// then the alert is dismissed, unless `parent` presented another in its place. An
    /// action when no alert is shown, or one the shown alert does not offer (an answer to
    /// an alert dismissed since), is dropped and reported as
    /// ``Diagnostic/childMissing(scope:event:)``. ``PresentationEvent/dismiss`` (a cancel
    /// button) runs `parent`, then dismisses the alert the same way.
    ///
    /// ```swift
    /// static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
    ///     Compose.alert(
    ///         \.alert, in: &state, event: event,
    ///         child: { if case .alert(let event) = $0 { event } else { nil } },
    ///         parent: reduce)
    /// }
    /// ```
    ///
    /// An alert that is one case of a destination enum is answered by
    /// ``AlertState/respond(to:)`` in that enum's `update`.
    ///
    /// - Parameters:
    ///   - field: Where the alert lives, `nil` while none is shown.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: How a report of a dropped answer names the alert.
    ///   - extract: The alert's event within `event`, `nil` when it is not the alert's.
    ///   - parent: The rest of the parent's `update`, which acts on the button's action.
    /// - Returns: The parent's effect.
    @inlinable
    public static func alert<State, Event: Sendable, Env, Action: Equatable>(
        _ field: WritableKeyPath<State, AlertState<Action>?>,
        in state: inout State,
        event: Event,
        scope: String = "alert",
        child extract: (Event) -> PresentationEvent<Action>?,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        guard let answer = extract(event) else { return parent(&state, event) }
        guard let shown = modify(&state, at: field, { $0 }) else { return missing(event, scope: scope) }
        if case .presented(let action) = answer, !shown.offers(action) { return missing(event, scope: scope) }
        let own = parent(&state, event)
        modify(&state, at: field) { if $0 == shown { $0 = nil } }
        return own
    }
}

extension AlertState where Action: Equatable {
    /// Whether one of the buttons shown sends `action`.
    ///
    /// ```swift
    /// #expect(AlertState.deleteSyncUp.offers(.confirmDeletion))
    /// ```
    ///
    /// - Parameter action: An action.
    /// - Returns: `true` when a button sends it.
    @inlinable
    public func offers(_ action: Action) -> Bool {
        buttons.contains { $0.action == action }
    }

    /// What choosing the button that sends `action` does, for an alert that is one case
    /// of a destination enum: ``Effect/dismiss`` when the alert offers it, so the
    /// destination dismisses the alert after its parent acted on the action, and
    /// ``Effect/notPresented`` when it does not, so the answer is dropped and reported.
    ///
    /// ```swift
    /// switch (state, event) {
    /// case (.alert(let alert), .alert(let action)):
    ///     return alert.respond(to: action)
    /// // …
    /// }
    /// ```
    ///
    /// - Parameter action: The action of the button chosen.
    /// - Returns: `.dismiss` or `.notPresented`.
    @inlinable
    public func respond<Event, Env>(to action: Action) -> Effect<Event, Env> {
        offers(action) ? .dismiss : .notPresented
    }
}
