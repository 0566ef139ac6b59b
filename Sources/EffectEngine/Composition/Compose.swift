/// Helpers that run a child feature inside its parent's `update`: a child over a field, an
/// optional field, or a collection keyed by id (C2).
///
/// A parent's `update` calls a helper with its state and event. When the `child` closure
/// finds a child's event in it, the child's `update` runs on the child's state and its
/// effect is lifted with ``Effect/map(_:env:scope:)``: events embedded, env projected,
/// every task name under the child's scope. Then `parent`, the rest of the parent's
/// `update`, runs with the same event, so a parent can react to what its children say;
/// any other event goes to `parent` alone. Several children nest: one helper's `parent`
/// calls the next helper.
///
/// When a child leaves the state (an optional field set to `nil`, an element removed from
/// a collection), the helper cancels every task under its scope. An event for a child
/// that is gone is dropped, never applied to another child, and reported as
/// ``Diagnostic/childMissing(scope:event:)``.
///
/// ```swift
/// enum App {
///     struct State { var counter = Counter.State() }
///     enum Event: Sendable { case counter(Counter.Event), reset }
///
///     static func update(state: inout State, event: Event) -> Effect<Event, Counter.Env>? {
///         Compose.field(
///             \.counter, in: &state, event: event, scope: "counter",
///             child: { if case .counter(let event) = $0 { event } else { nil } },
///             embed: Event.counter, env: { $0 }, update: Counter.update
///         ) { state, event in
///             if case .reset = event { state.counter = Counter.State() }
///             return nil
///         }
///     }
/// }
/// ```
///
/// The helpers are plain generic functions, called for each event, rather than macros or
/// functions that return an `update`: no dependency, a child described by what the
/// language already has (a key path and closures), and, because every closure but `embed`
/// and `env` is called before the helper returns, a build that inlines the child's
/// `update` into the parent's, so a child event costs about what it would cost a flat
/// feature.
public enum Compose {
    /// Runs a child feature that lives in a field of the parent's state and is always there.
    ///
    /// When `child` finds a child event in `event`, the child's `update` runs on the field
    /// and its effect is lifted under `scope`; then `parent` runs with `event`. Any other
    /// event goes to `parent` alone.
    ///
    /// ```swift
    /// static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
    ///     Compose.field(
    ///         \.player, in: &state, event: event, scope: "player",
    ///         child: { if case .player(let event) = $0 { event } else { nil } },
    ///         embed: Event.player, env: { $0.player }, update: Player.update,
    ///         parent: reduce)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - field: Where the child's state lives.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The child's scope, such as `player`: its task `load` runs as
    ///     `player/load`. Empty prefixes nothing.
    ///   - extract: The child's event within `event`, `nil` when it is not the child's.
    ///   - embed: Turns a child's event into the parent's; the child's tasks send through it.
    ///   - project: Gives the child's env from the parent's.
    ///   - childUpdate: The child's `update`.
    ///   - parent: The rest of the parent's `update`, run after the child's for every event.
    /// - Returns: The effects of the child, then of the parent, in one effect.
    @inlinable @inline(__always)
    public static func field<State, Event: Sendable, Env, ChildState, ChildEvent: Sendable, ChildEnv>(
        _ field: WritableKeyPath<State, ChildState>,
        in state: inout State,
        event: Event,
        scope: String,
        child extract: (Event) -> ChildEvent?,
        embed: @escaping @Sendable (ChildEvent) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout ChildState, ChildEvent) -> Effect<ChildEvent, ChildEnv>?,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        guard let childEvent = extract(event) else { return parent(&state, event) }
        let childEffect = modify(&state, at: field) { childUpdate(&$0, childEvent) }
        let own = parent(&state, event)
        guard let childEffect else { return own }
        return combined(childEffect.map(embed, env: project, scope: scope), own)
    }

    /// One effect for the two given, in order: `nil` for none, the effect itself for one,
    /// a `.sequence` for both. Apart from the form with more, so the common case of no
    /// effect at all makes no array.
    @inlinable @inline(__always)
    static func combined<Event, Env>(_ first: Effect<Event, Env>?, _ second: Effect<Event, Env>?) -> Effect<Event, Env>? {
        guard let first else { return second }
        guard let second else { return first }
        return .sequence([first, second])
    }

    /// One effect for those given, in order: `nil` for none, the effect itself for one,
    /// a flat `.sequence` for more, so a summary reads as the effects run.
    @inlinable
    static func combined<Event, Env>(
        _ first: Effect<Event, Env>?, _ second: Effect<Event, Env>?, _ rest: [Effect<Event, Env>]
    ) -> Effect<Event, Env>? {
        if rest.isEmpty {
            guard let first else { return second }
            guard let second else { return first }
            return .sequence([first, second])
        }
        var effects: [Effect<Event, Env>] = []
        effects.reserveCapacity(rest.count + 2)
        if let first { effects.append(first) }
        if let second { effects.append(second) }
        effects += rest
        return effects.count == 1 ? effects[0] : .sequence(effects)
    }

    /// The report of an event for a child that is not in state (C2): the event is dropped,
    /// neither the child's nor the parent's `update` runs, and it is reported.
    @usableFromInline
    static func missing<Event, Env>(_ event: some Any, scope: String) -> Effect<Event, Env> {
        .report(.childMissing(scope: scope, event: EventText.describe(event)))
    }

    /// The cancels of the children that left the state in this transition (C2): every task
    /// under the scope of each element `before` had and `after` has not, in their order;
    /// none when the collection is untouched (it still shares its buffer).
    @inlinable
    static func removals<Element: Identifiable, Event, Env>(
        from before: [Element], to after: [Element], scope: String
    ) -> [Effect<Event, Env>] {
        guard !before.isEmpty else { return [] }
        let untouched =
            before.count == after.count
            && before.withUnsafeBufferPointer { old in
                after.withUnsafeBufferPointer { new in old.baseAddress == new.baseAddress }
            }
        if untouched { return [] }
        let kept = Set(after.lazy.map(\.id))
        return before.compactMap { element in
            kept.contains(element.id) ? nil : .cancel(scope: elementScope(scope, element.id))
        }
    }

    /// The cancel of an optional child that left the state in this transition (C2): every
    /// task under its scope; none when it is still there, or was not.
    @inlinable
    static func removal<Event, Env>(wasPresent: Bool, isPresent: Bool, scope: String) -> [Effect<Event, Env>] {
        wasPresent && !isPresent ? [.cancel(scope: scope)] : []
    }
}
