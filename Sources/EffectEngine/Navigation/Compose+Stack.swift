extension Compose {
    /// Runs a navigation stack: a child feature on the screen an event names, and the
    /// stack's own pushes and pops (N1).
    ///
    /// `child` finds the ``StackEvent`` in `event`:
    /// - ``StackEvent/element(id:event:)`` runs the child's `update` on the element with
    ///   that id, its effect lifted under `scope/id` (C3: screen 3 of `path` runs its task
    ///   `timer` as `path/3/timer`). An event for an id the stack no longer holds, or one
    ///   the element's `update` answers with ``Effect/notPresented``, is dropped, never
    ///   applied to another screen, and reported as ``Diagnostic/childMissing(scope:event:)``.
    ///   A ``Effect/dismiss`` in the child's effect becomes, after the rest of that effect,
    ///   a ``StackEvent/popFrom(id:)`` of the element (N3).
    /// - ``StackEvent/popFrom(id:)`` runs `parent` first, while the screen is still there,
    ///   then pops it and every screen above it.
    /// - ``StackEvent/push(id:state:)`` pushes the element under that id, then runs
    ///   `parent`; an id handed out before is refused.
    ///
    /// Then `parent` runs with `event`, as for every other event. Whatever left the stack
    /// in this transition, whoever removed it, has every task under its scope cancelled;
    /// whatever came in appears: `appear` runs on it and its effect is lifted under its
    /// scope (N5).
    ///
    /// ```swift
    /// static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
    ///     Compose.stack(
    ///         \.path, in: &state, event: event, scope: "path",
    ///         child: { if case .path(let event) = $0 { event } else { nil } },
    ///         embed: Event.path, env: { $0 },
    ///         update: Path.update, appear: Path.appear,
    ///         parent: reduce)
    /// }
    /// ```
    ///
    /// Finding an element costs a scan of the ids from the top; noticing what left or
    /// came costs a comparison of two counts when nothing did.
    ///
    /// - Parameters:
    ///   - stack: Where the stack lives in the parent's state.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The stack's scope, such as `path`; element 3's is `path/3`.
    ///   - extract: The stack's event within `event`, `nil` when it is not the stack's.
    ///   - embed: Turns a stack event into the parent's; the elements' tasks send through it.
    ///   - project: Gives the elements' env from the parent's.
    ///   - childUpdate: The elements' `update`, often a switch over an enum of screens.
    ///   - appear: What an element does when it is pushed: `nil` for nothing.
    ///   - parent: The rest of the parent's `update`.
    /// - Returns: The effects of the child, of the parent, the cancels of what left and
    ///   the effects of what appeared, in one effect.
    @inlinable @inline(__always)
    public static func stack<State, Event: Sendable, Env, Element, ElementEvent: Sendable, ChildEnv>(
        _ stack: WritableKeyPath<State, StackState<Element>>,
        in state: inout State,
        event: Event,
        scope: String,
        child extract: (Event) -> StackEvent<Element, ElementEvent>?,
        embed: @escaping @Sendable (StackEvent<Element, ElementEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout Element, ElementEvent) -> Effect<ElementEvent, ChildEnv>?,
        appear: ((Element) -> Effect<ElementEvent, ChildEnv>?)? = nil,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        // What the stack had: ids are never reused, so the count and the next id tell,
        // after `parent`, whether anything left or came.
        //
        // Inlined into the caller: what an event that pushes and pops nothing needs. The
        // rest (reports, lifting an effect, a push, what left or came) is out of line and
        // compiled for the caller's types, so the common path holds no cold code, keeps
        // its values in registers and stores no event for a generic call.
        let (countBefore, nextBefore) = modify(&state, at: stack) { ($0.count, $0.handedOut) }
        var childEffect: Effect<Event, Env>?
        var popping: StackElementID?
        switch extract(event) {
        case nil:
            break
        case .element(let id, let childEvent)?:
            let outcome = modify(&state, at: stack) { stack -> Effect<ElementEvent, ChildEnv>?? in
                guard let index = stack.index(of: id) else { return .none }
                return .some(childUpdate(&stack.elements[index], childEvent))
            }
            guard let outcome else { return missing(event, scope: scope, id: id) }
            if let effect = outcome {
                if effect.isNotPresented { return missing(event, scope: scope, id: id) }
                childEffect = elementEffect(effect, id: id, scope: scope, embed: embed, env: project)
            }
        case .popFrom(let id)?:
            guard modify(&state, at: stack, { $0.index(of: id) != nil }) else {
                return missing(event, scope: scope, id: id)
            }
            popping = id
        case .push(let id, let element)?:
            guard id.rawValue >= nextBefore else { return refusedPush(id, next: nextBefore) }
            modify(&state, at: stack) { $0.push(element, id: id) }
        }
        let own = parent(&state, event)
        if let popping { modify(&state, at: stack) { _ = $0.pop(from: popping) } }
        let (count, next) = modify(&state, at: stack) { ($0.count, $0.handedOut) }
        guard count != countBefore || next != nextBefore else { return combined(childEffect, own) }
        return modify(&state, at: stack) {
            stackChanged(
                &$0, childEffect, own, nextBefore: nextBefore, scope: scope, embed: embed, env: project,
                appear: appear)
        }
    }

    /// The report of an event for an element the stack does not hold, or one its
    /// `update` answered with ``Effect/notPresented``: out of line, as it is rare, and
    /// compiled for the caller's types, so the caller hands the event over as it holds it
    /// rather than storing it on every event for a generic call.
    @inlinable @inline(never)
    static func missing<Event, Env>(_ event: Event, scope: String, id: StackElementID) -> Effect<Event, Env> {
        missing(event, scope: elementScope(scope, id))
    }

    /// The refusal of a push under an id handed out before.
    @usableFromInline
    static func refusedPush<Event, Env>(_ id: StackElementID, next: Int) -> Effect<Event, Env> {
        .reject("push under id \(id), handed out before: the stack's next id is \(next)")
    }

    /// What follows when something left the stack or came into it: the effects of the
    /// child and the parent, then the cancels of what left and the appearing effects of
    /// what came. Out of line, and compiled once for each stack's types: an event that
    /// changes no screen never comes here.
    @inlinable @inline(never)
    static func stackChanged<Element, ElementEvent: Sendable, ChildEnv, Event: Sendable, Env>(
        _ stack: inout StackState<Element>, _ childEffect: Effect<Event, Env>?, _ own: Effect<Event, Env>?,
        nextBefore: Int, scope: String,
        embed: @escaping @Sendable (StackEvent<Element, ElementEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        appear: ((Element) -> Effect<ElementEvent, ChildEnv>?)?
    ) -> Effect<Event, Env>? {
        combined(
            childEffect, own,
            stackChanges(
                stack.settle(), nextBefore: nextBefore, scope: scope, embed: embed, env: project,
                appear: appear))
    }

    /// An element's effect in the parent's types, under the element's scope, with a
    /// `.dismiss` turned into a pop of the element after the rest (N3). Out of line: an
    /// event whose `update` returns `nil` never comes here.
    @inlinable @inline(never)
    static func elementEffect<Element, ElementEvent: Sendable, ChildEnv, Event: Sendable, Env>(
        _ effect: Effect<ElementEvent, ChildEnv>, id: StackElementID, scope: String,
        embed: @escaping @Sendable (StackEvent<Element, ElementEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv
    ) -> Effect<Event, Env>? {
        let (lifted, dismissed) = effect.liftedDismissing(
            { embed(.element(id: id, event: $0)) }, env: project, scope: elementScope(scope, id))
        guard dismissed else { return lifted }
        let pop = embed(.popFrom(id: id))
        return combined(lifted, .action { _ in pop })
    }

    /// The cancels of the elements that left the stack, in the order they left, then
    /// the appearing effects of the elements that came, bottom first.
    @usableFromInline
    static func stackChanges<Element, ElementEvent: Sendable, ChildEnv, Event: Sendable, Env>(
        _ change: StackState<Element>.Change, nextBefore: Int, scope: String,
        embed: @escaping @Sendable (StackEvent<Element, ElementEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        appear: ((Element) -> Effect<ElementEvent, ChildEnv>?)?
    ) -> [Effect<Event, Env>] {
        // A stack assigned whole, with fewer ids handed out, starts afresh: every task
        // under the stack is cancelled and every screen appears.
        let afresh = change.stack.handedOut < nextBefore
        let cancels: [Effect<Event, Env>] =
            afresh ? [.cancel(scope: scope)] : change.departed.map { .cancel(scope: elementScope(scope, $0)) }
        guard let appear else { return cancels }
        return cancels
            + appearing(
                change.stack, from: afresh ? 0 : nextBefore, scope: scope, embed: embed, env: project, appear: appear)
    }

    /// The appearing effects of the elements of `stack` whose ids are `first` or later,
    /// bottom first, each under its scope.
    @usableFromInline
    static func appearing<Element, ElementEvent: Sendable, ChildEnv, Event: Sendable, Env>(
        _ stack: StackState<Element>, from first: Int, scope: String,
        embed: @escaping @Sendable (StackEvent<Element, ElementEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        appear: (Element) -> Effect<ElementEvent, ChildEnv>?
    ) -> [Effect<Event, Env>] {
        zip(stack.elementIDs, stack.elements).compactMap { id, element in
            guard id.rawValue >= first, let effect = appear(element) else { return nil }
            return elementEffect(effect, id: id, scope: scope, embed: embed, env: project)
        }
    }

    /// What the screens of a stack already in the state do when they appear, bottom
    /// first, each under its scope: for the event a root feature handles when its host
    /// starts, so a stack restored from disk, or in the initial state, appears then (N5).
    /// Pushed screens appear by themselves, through
    /// ``stack(_:in:event:scope:child:embed:env:update:appear:parent:)``.
    ///
    /// ```swift
    /// case .appeared:
    ///     return Compose.appear(state.path, scope: "path", embed: Event.path, env: { $0 }, appear: Path.appear)
    /// ```
    ///
    /// - Parameters:
    ///   - stack: The stack.
    ///   - scope: The stack's scope, as given to the stack helper.
    ///   - embed: Turns a stack event into the parent's.
    ///   - project: Gives the elements' env from the parent's.
    ///   - appear: What an element does when it appears.
    /// - Returns: The effects, in one effect; `nil` when no screen does anything.
    public static func appear<Element, ElementEvent: Sendable, ChildEnv, Event: Sendable, Env>(
        _ stack: StackState<Element>, scope: String,
        embed: @escaping @Sendable (StackEvent<Element, ElementEvent>) -> Event,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        appear: (Element) -> Effect<ElementEvent, ChildEnv>?
    ) -> Effect<Event, Env>? {
        let effects = appearing(stack, from: 0, scope: scope, embed: embed, env: project, appear: appear)
        return effects.isEmpty ? nil : combined(nil, nil, effects)
    }
}
