extension Compose {
    /// Runs a navigation stack whose screens show and edit a part of the parent's state
    /// that lives once, there (N6): the list of records its screens show, say.
    ///
    /// This is ``stack(_:in:event:scope:child:embed:env:update:appear:parent:)`` with the
    /// elements' `update` and `appear` run on a ``Projection`` of the part at `shared` and
    /// the element: what a screen changes in the projection's value is in the parent's
    /// state before `parent` runs, in the same transition. A screen enum's `update`
    /// narrows the projection to the record a case shows with
    /// `Projection.run(_:showing:as:update:event:)`.
    ///
    /// ```swift
    /// Compose.stack(
    ///     \.path, sharing: \.syncUps, in: &state, event: event, scope: "path",
    ///     child: { if case .path(let event) = $0 { event } else { nil } },
    ///     embed: Event.path, env: { $0 },
    ///     update: Path.update, appear: Path.appear,
    ///     parent: reduce)
    /// ```
    ///
    /// The part is lent by copy, so a screen that changes it costs a copy of it.
    ///
    /// - Parameters:
    ///   - stack: Where the stack lives in the parent's state.
    ///   - shared: The part of the parent's state the screens show and edit.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The stack's scope, such as `path`.
    ///   - extract: The stack's event within `event`, `nil` when it is not the stack's.
    ///   - embed: Turns a stack event into the parent's.
    ///   - project: Gives the elements' env from the parent's.
    ///   - childUpdate: The elements' `update`, on the projection of the part and the element.
    ///   - appear: What an element does when it is pushed: `nil` for nothing.
    ///   - parent: The rest of the parent's `update`.
    /// - Returns: What the stack helper returns.
    @inlinable
    public static func stack<State, Event: Sendable, Env, Shared, Element, ElementEvent: Sendable, ChildEnv>(
        _ stack: WritableKeyPath<State, StackState<Element>>,
        sharing shared: WritableKeyPath<State, Shared>,
        in state: inout State,
        event: Event,
        scope: String,
        child extract: (Event) -> StackEvent<Element, ElementEvent>?,
        embed: @escaping @Sendable (StackEvent<Element, ElementEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout Projection<Shared, Element>, ElementEvent) -> Effect<ElementEvent, ChildEnv>?,
        appear: ((Projection<Shared, Element>) -> Effect<ElementEvent, ChildEnv>?)? = nil,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        let lent = Lent(modify(&state, at: shared) { $0 })
        let effect = Self.stack(
            stack, in: &state, event: event, scope: scope, child: extract, embed: embed, env: project,
            update: { element, event in lent.run(on: &element) { childUpdate(&$0, event) } },
            appear: appear.map { appear in { element in appear(Projection(value: lent.value, own: element)) } },
            parent: { state, event in
                lent.give(back: shared, in: &state)
                let own = parent(&state, event)
                lent.value = modify(&state, at: shared) { $0 }
                return own
            })
        lent.give(back: shared, in: &state)
        return effect
    }
}

/// A part of a parent's state lent to the screens of a stack while the stack's helper
/// runs: a class, as the screens' appearing closure, which reads it, may outlive the call.
@usableFromInline
final class Lent<Value> {
    @usableFromInline var value: Value
    @usableFromInline var changed = false

    @inlinable
    init(_ value: Value) { self.value = value }

    /// Runs `body` on the projection of the lent value and `element`, then keeps what it
    /// made of both.
    @inlinable
    func run<Element, Result>(on element: inout Element, _ body: (inout Projection<Value, Element>) -> Result) -> Result {
        var screen = Projection(value: value, own: element)
        defer {
            value = screen.value
            element = screen.own
            changed = true
        }
        return body(&screen)
    }

    /// Writes the value back to `part` of `state` if a screen ran on it since.
    @inlinable
    func give<State>(back part: WritableKeyPath<State, Value>, in state: inout State) {
        guard changed else { return }
        changed = false
        Compose.modify(&state, at: part) { $0 = value }
    }
}

extension Compose {
    /// Runs a child feature that lives in a field of the parent's state and shows and
    /// edits a part of the parent's state that lives once, there (N6): a list screen over
    /// the records its app keeps, say.
    ///
    /// This is ``field(_:in:event:scope:child:embed:env:update:parent:)`` with the child's
    /// `update` run on a ``Projection`` of the part at `shared` and the field: what the
    /// child changes in the projection's value is in the parent's state before `parent`
    /// runs, in the same transition.
    ///
    /// ```swift
    /// Compose.field(
    ///     \.list, sharing: \.syncUps, in: &state, event: event, scope: "list",
    ///     child: { if case .list(let event) = $0 { event } else { nil } },
    ///     embed: Event.list, env: { $0 }, update: SyncUpsList.update,
    ///     parent: reduce)
    /// ```
    ///
    /// - Parameters:
    ///   - field: Where the child's own state lives.
    ///   - shared: The part of the parent's state the child shows and edits.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The child's scope.
    ///   - extract: The child's event within `event`, `nil` when it is not the child's.
    ///   - embed: Turns a child's event into the parent's.
    ///   - project: Gives the child's env from the parent's.
    ///   - childUpdate: The child's `update`, on the projection of the part and its own state.
    ///   - parent: The rest of the parent's `update`.
    /// - Returns: The effects of the child, then of the parent, in one effect.
    @inlinable
    public static func field<State, Event: Sendable, Env, Shared, ChildState, ChildEvent: Sendable, ChildEnv>(
        _ field: WritableKeyPath<State, ChildState>,
        sharing shared: WritableKeyPath<State, Shared>,
        in state: inout State,
        event: Event,
        scope: String,
        child extract: (Event) -> ChildEvent?,
        embed: @escaping @Sendable (ChildEvent) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout Projection<Shared, ChildState>, ChildEvent) -> Effect<ChildEvent, ChildEnv>?,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        guard let childEvent = extract(event) else { return parent(&state, event) }
        var screen = Projection(value: modify(&state, at: shared) { $0 }, own: modify(&state, at: field) { $0 })
        let childEffect = childUpdate(&screen, childEvent)
        modify(&state, at: shared) { $0 = screen.value }
        modify(&state, at: field) { $0 = screen.own }
        let own = parent(&state, event)
        guard let childEffect else { return own }
        return combined(childEffect.map(embed, env: project, scope: scope), own)
    }
}
