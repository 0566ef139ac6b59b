extension Compose {
    /// Runs a presented screen: a child feature that lives in an optional field of the
    /// parent's state, often an enum with a case per screen it can present (a sheet, an
    /// alert, a confirmation dialog), present while it is shown (N2).
    ///
    /// `child` finds the ``PresentationEvent`` in `event`:
    /// - ``PresentationEvent/presented(_:)`` runs the child's `update` on the presented
    ///   value, its effect lifted under `scope`. When nothing is presented, or the child's
    ///   `update` answers ``Effect/notPresented`` (another case is shown), the event is
    ///   dropped and reported as ``Diagnostic/childMissing(scope:event:)``.
    /// - ``PresentationEvent/dismiss`` runs `parent` first, while the screen is still
    ///   there, then removes it.
    ///
    /// A child that returns ``Effect/dismiss`` ends itself (N3): a
    /// ``PresentationEvent/dismiss`` follows the rest of its effect, so the parent always
    /// sees it, first, as TCA's parent receives `.destination(.dismiss)`. An alert or a
    /// confirmation dialog (``AlertState``, alone or as the case of a destination enum)
    /// answered by a button leaves at once instead, in the same transition, after
    /// `parent` ran, as platforms dismiss alerts. Either way it stays when `parent`
    /// presented something else in its place.
    ///
    /// Then `parent` runs with `event`. A screen that left, or was replaced by another
    /// case, has every task under `scope` cancelled; a screen that came appears: `appear`
    /// runs on it and its effect is lifted under `scope` (N5).
    ///
    /// ```swift
    /// static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
    ///     Compose.destination(
    ///         \.destination, in: &state, event: event, scope: "destination",
    ///         child: { if case .destination(let event) = $0 { event } else { nil } },
    ///         embed: Event.destination, env: { $0 },
    ///         update: Destination.update,
    ///         parent: reduce)
    /// }
    /// ```
    ///
    /// Telling whether `parent` changed the presented screen costs a comparison of the
    /// value before and after it.
    ///
    /// - Parameters:
    ///   - field: Where the presented screen lives, `nil` while none is.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The screen's scope, such as `destination`: its tasks run under it and
    ///     are cancelled with it. Keep it non-empty.
    ///   - extract: The screen's event within `event`, `nil` when it is not the screen's.
    ///   - embed: Turns a presentation event into the parent's; the screen's tasks send
    ///     through it.
    ///   - project: Gives the screen's env from the parent's.
    ///   - childUpdate: The screen's `update`.
    ///   - appear: What a screen does when it is presented: `nil` for nothing.
    ///   - parent: The rest of the parent's `update`.
    /// - Returns: The effects of the child, of the parent, the cancel of a screen that
    ///   left and the effect of one that came, in one effect.
    @inlinable @inline(__always)
    public static func destination<
        State, Event: Sendable, Env, Destination: Equatable, DestinationEvent: Sendable, ChildEnv
    >(
        _ field: WritableKeyPath<State, Destination?>,
        in state: inout State,
        event: Event,
        scope: String,
        child extract: (Event) -> PresentationEvent<DestinationEvent>?,
        embed: @escaping @Sendable (PresentationEvent<DestinationEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout Destination, DestinationEvent) -> Effect<DestinationEvent, ChildEnv>?,
        appear: ((Destination) -> Effect<DestinationEvent, ChildEnv>?)? = nil,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        // Inlined into the caller: what an event that leaves the screen as it was needs.
        // The rest (reports, lifting an effect, a dismissal) is out of line and compiled
        // for the caller's types, so the common path holds no cold code, keeps its values
        // in registers and stores no event for a generic call.
        let wasPresented = modify(&state, at: field) { $0 != nil }
        var childEffect: Effect<Event, Env>?
        var leaving = false
        switch extract(event) {
        case nil:
            break
        case .presented(let childEvent)?:
            let outcome = modify(&state, at: field) { child -> Effect<DestinationEvent, ChildEnv>?? in
                guard child != nil else { return .none }
                return .some(childUpdate(&child!, childEvent))
            }
            guard let outcome else { return missing(event, named: scope) }
            if let effect = outcome {
                if effect.isNotPresented { return missing(event, named: scope) }
                (childEffect, leaving) = presentedEffect(effect, scope: scope, embed: embed, env: project)
                if leaving, !modify(&state, at: field, { Ephemeral.holds($0 as Any) }) {
                    (childEffect, leaving) = (dismissal(embed), false)
                }
            }
        case .dismiss?:
            guard wasPresented else { return missing(event, named: scope) }
            leaving = true
        }
        // Held only while the screen is shown: to tell whether `parent` changed it.
        let shown = wasPresented ? modify(&state, at: field) { $0 } : nil
        let own = parent(&state, event)
        let now = modify(&state, at: field) { $0 }
        if shown == now {
            guard leaving else { return combined(childEffect, own) }
            modify(&state, at: field) { $0 = nil }
            return dismissed(childEffect, own, scope: scope)
        }
        return combined(
            childEffect, own,
            presentationChanges(from: shown, to: now, scope: scope, embed: embed, env: project, appear: appear))
    }

    /// The report of an event for a screen that is not shown, or one its `update`
    /// answered with ``Effect/notPresented``: out of line, as it is rare, and compiled for
    /// the caller's types, so the caller hands the event over as it holds it.
    @inlinable @inline(never)
    static func missing<Event, Env>(_ event: Event, named scope: String) -> Effect<Event, Env> {
        missing(event, scope: ScopePath.name(scope))
    }

    /// The effect of the screen shown in the parent's types, under its scope, and whether
    /// it leaves at once: a `.dismiss` alone, it does; with other effects, a dismissal
    /// follows them (N3). Out of line: an event whose `update` returns `nil` never comes
    /// here.
    @inlinable @inline(never)
    static func presentedEffect<Event: Sendable, Env, DestinationEvent: Sendable, ChildEnv>(
        _ effect: Effect<DestinationEvent, ChildEnv>, scope: String,
        embed: @escaping @Sendable (PresentationEvent<DestinationEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv
    ) -> (effect: Effect<Event, Env>?, leaving: Bool) {
        let (lifted, dismissed) = effect.liftedDismissing(
            { embed(.presented($0)) }, env: project, scope: scope)
        guard dismissed else { return (lifted, false) }
        guard let lifted else { return (nil, true) }
        let dismissal = embed(.dismiss)
        return (combined(lifted, .action { _ in dismissal }), false)
    }

    /// A ``PresentationEvent/dismiss`` sent to the parent as the next step of the chain:
    /// how a screen that returned `.dismiss` alone leaves, the parent seeing it first (N3).
    @inlinable @inline(never)
    static func dismissal<Event: Sendable, Env, DestinationEvent>(
        _ embed: @escaping @Sendable (PresentationEvent<DestinationEvent>) -> Event
    ) -> Effect<Event, Env> {
        let dismissal = embed(.dismiss)
        return .action { _ in dismissal }
    }

    /// The effects of the child and the parent, then the cancel of the screen that left.
    @inlinable @inline(never)
    static func dismissed<Event, Env>(
        _ childEffect: Effect<Event, Env>?, _ own: Effect<Event, Env>?, scope: String
    ) -> Effect<Event, Env>? {
        combined(childEffect, own, [.cancel(scope: scope)])
    }

    /// What follows when `parent` changed the presented screen: the cancel of one that
    /// left or was replaced by another case, and the appearing effect of one that came.
    /// Takes the values, not the field: a key path handed to a function that is not
    /// inlined is made at run time on every event.
    @usableFromInline
    static func presentationChanges<Event: Sendable, Env, Destination, DestinationEvent: Sendable, ChildEnv>(
        from shown: Destination?, to now: Destination?, scope: String,
        embed: @escaping @Sendable (PresentationEvent<DestinationEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        appear: ((Destination) -> Effect<DestinationEvent, ChildEnv>?)?
    ) -> [Effect<Event, Env>] {
        if let shown, let now, CaseName.of(shown) == CaseName.of(now) { return [] }
        var effects: [Effect<Event, Env>] = []
        if shown != nil { effects.append(.cancel(scope: scope)) }
        guard let now, let appear, let appeared = appear(now) else { return effects }
        if let lifted = appearing(appeared, scope: scope, embed: embed, env: project) { effects.append(lifted) }
        return effects
    }

    /// A presented screen's appearing effect in the parent's types, under its scope,
    /// with a `.dismiss` turned into a dismissal after the rest.
    @usableFromInline
    static func appearing<Event: Sendable, Env, DestinationEvent: Sendable, ChildEnv>(
        _ effect: Effect<DestinationEvent, ChildEnv>, scope: String,
        embed: @escaping @Sendable (PresentationEvent<DestinationEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv
    ) -> Effect<Event, Env>? {
        let (lifted, dismissed) = effect.liftedDismissing({ embed(.presented($0)) }, env: project, scope: scope)
        guard dismissed else { return lifted }
        let dismissal = embed(.dismiss)
        return combined(lifted, .action { _ in dismissal })
    }
}

extension Compose {
    /// What a screen already presented when its host starts does when it appears, under
    /// its scope: for the event a root feature handles at start, so a destination in the
    /// initial state, or restored from disk, appears then (N5). A screen presented later
    /// appears by itself, through
    /// ``destination(_:in:event:scope:child:embed:env:update:appear:parent:)``.
    ///
    /// ```swift
    /// case .appeared:
    ///     return Compose.appear(state.destination, scope: "destination", embed: Event.destination,
    ///                           env: { $0 }, appear: Destination.appear)
    /// ```
    ///
    /// - Parameters:
    ///   - destination: The presented screen, `nil` for none.
    ///   - scope: The screen's scope, as given to the destination helper.
    ///   - embed: Turns a presentation event into the parent's.
    ///   - project: Gives the screen's env from the parent's.
    ///   - appear: What the screen does when it appears.
    /// - Returns: Its effect, `nil` for none.
    public static func appear<Destination, DestinationEvent: Sendable, ChildEnv, Event: Sendable, Env>(
        _ destination: Destination?, scope: String,
        embed: @escaping @Sendable (PresentationEvent<DestinationEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        appear: (Destination) -> Effect<DestinationEvent, ChildEnv>?
    ) -> Effect<Event, Env>? {
        guard let destination, let effect = appear(destination) else { return nil }
        return appearing(effect, scope: scope, embed: embed, env: project)
    }
}

/// The case an enum value is in, read with `Mirror`: how a destination tells a screen
/// replaced by another case from one changed in place. Read only when the parent changed
/// the presented value.
@usableFromInline
enum CaseName {
    @usableFromInline
    static func of(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return "" }
        return mirror.children.first?.label ?? String(describing: value)
    }
}
