extension Compose {
    /// Runs the child feature of one case of a state that is one of several screens:
    /// logged out or logged in, onboarding or the app (N8, TCA's `ifCaseLet`).
    ///
    /// The case is named by its constructor, `State.loggedIn`, with no macro and no
    /// optional view of the case written by hand. When `child` finds the case's event in
    /// `event`:
    /// - while the state is in the case, the child's `update` runs on the case's value,
    ///   which is put back in the state, and its effect is lifted under `scope`;
    /// - while it is in another case, the event is dropped, neither `update` runs, and it
    ///   is reported as ``Diagnostic/childMissing(scope:event:)``.
    ///
    /// Then `parent` runs with `event`. When the state leaves the case, whoever moved it
    /// (`parent` on a login response, say), every task under `scope` is cancelled. Several
    /// cases nest: one helper's `parent` calls the next.
    ///
    /// ```swift
    /// enum App {
    ///     enum State: Equatable { case loggedOut(Login.State), loggedIn(Game.State) }
    ///     enum Event: Sendable { case loggedOut(Login.Event), loggedIn(Game.Event) }
    ///
    ///     static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
    ///         Compose.ifCase(
    ///             State.loggedOut, in: &state, event: event, scope: "login",
    ///             child: { if case .loggedOut(let event) = $0 { event } else { nil } },
    ///             embed: Event.loggedOut, env: { $0 }, update: Login.update
    ///         ) { state, event in
    ///             Compose.ifCase(
    ///                 State.loggedIn, in: &state, event: event, scope: "game",
    ///                 child: { if case .loggedIn(let event) = $0 { event } else { nil } },
    ///                 embed: Event.loggedIn, env: { $0 }, update: Game.update
    ///             ) { _, _ in nil }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The case is read with `Mirror`, before and after `parent` runs: about a microsecond
    /// an event. A state of screens changes at the pace of a user, so this is the helper
    /// for a root, not for a collection's rows.
    ///
    /// - Parameters:
    ///   - embedState: The constructor of the case, such as `State.loggedIn`.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The case's scope, such as `game`: its tasks run under it and are
    ///     cancelled when the state leaves the case. Keep it non-empty.
    ///   - extract: The child's event within `event`, `nil` when it is not the child's.
    ///   - embed: Turns a child's event into the parent's; the child's tasks send through it.
    ///   - project: Gives the child's env from the parent's.
    ///   - childUpdate: The child's `update`.
    ///   - parent: The rest of the parent's `update`, run after the child's for every event.
    /// - Returns: The effects of the child, of the parent, and the cancel of a case left.
    public static func ifCase<State, Event: Sendable, Env, CaseState, CaseEvent: Sendable, ChildEnv>(
        _ embedState: @escaping (CaseState) -> State,
        in state: inout State,
        event: Event,
        scope: String,
        child extract: (Event) -> CaseEvent?,
        embed: @escaping @Sendable (CaseEvent) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout CaseState, CaseEvent) -> Effect<CaseEvent, ChildEnv>?,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        var childEffect: Effect<Event, Env>?
        let wasShown: Bool
        if let childEvent = extract(event) {
            guard var value = ScreenCase.value(of: state, in: embedState) else { return missing(event, named: scope) }
            let effect = childUpdate(&value, childEvent)
            state = embedState(value)
            childEffect = effect?.map(embed, env: project, scope: scope)
            wasShown = true
        } else {
            wasShown = ScreenCase.value(of: state, in: embedState) != nil
        }
        let own = parent(&state, event)
        guard wasShown, ScreenCase.value(of: state, in: embedState) == nil else { return combined(childEffect, own) }
        return combined(childEffect, own, [.cancel(scope: scope)])
    }
}

/// How ``Compose/ifCase(_:in:event:scope:child:embed:env:update:parent:)`` reads the case
/// a state is in, with `Mirror`.
enum ScreenCase {
    /// The value `root` holds in the case `embed` constructs, `nil` when it is in another.
    /// The payload of `root`'s case, put back with `embed`, must be in the same case.
    static func value<Root, Value>(of root: Root, in embed: (Value) -> Root) -> Value? {
        let mirror = Mirror(reflecting: root)
        guard mirror.displayStyle == .enum, let child = mirror.children.first else { return nil }
        // A lone labelled payload, `case loggedOut(email: String)`, reflects as a tuple of one.
        let parts = Mirror(reflecting: child.value)
        let payload = parts.displayStyle == .tuple && parts.children.count == 1 ? parts.children.first!.value : child.value
        guard let value = (child.value as? Value) ?? (payload as? Value), CaseName.of(embed(value)) == child.label
        else { return nil }
        return value
    }
}
