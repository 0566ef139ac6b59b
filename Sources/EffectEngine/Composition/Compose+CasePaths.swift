// N16: every `Compose` helper that takes a `child:` extraction closure also takes a
// ``CasePath`` of the parent's event, whose constructor is the `embed` the closure form asks
// for beside it, so a call names the child's case once: `child: CasePath(Event.counter)`
// for `child: { if case .counter(let e) = $0 { e } else { nil } }, embed: Event.counter`.
//
// A case path made from a constructor reads the event by reflection (microseconds a call);
// one made with `CasePath(embed:extract:)` costs the closure's own time, for a hot `update`.

extension Compose {
    /// Runs a child feature on a field of the parent's state, its events named by a case
    /// path of the parent's event; ``Compose/field(_:in:event:scope:child:embed:env:update:parent:)``
    /// with the case's constructor as `embed`.
    ///
    /// ```swift
    /// Compose.field(
    ///     \.counter, in: &state, event: event, scope: "counter", child: CasePath(Event.counter),
    ///     env: { $0.counter }, update: Counter.update, parent: reduce)
    /// ```
    ///
    /// - Parameters:
    ///   - field: Where the child's state lives.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The child's scope.
    ///   - path: The case of the parent's event that carries the child's events.
    ///   - project: Gives the child's env from the parent's.
    ///   - childUpdate: The child's `update`.
    ///   - parent: The parent's own `update`, run after the child's.
    /// - Returns: The child's effect, lifted, then the parent's.
    @inlinable
    public static func field<State, Event: Sendable, Env, ChildState, ChildEvent: Sendable, ChildEnv>(
        _ field: WritableKeyPath<State, ChildState>,
        in state: inout State,
        event: Event,
        scope: String,
        child path: CasePath<Event, ChildEvent>,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout ChildState, ChildEvent) -> Effect<ChildEvent, ChildEnv>?,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        Self.field(
            field, in: &state, event: event, scope: scope, child: path.extract(from:), embed: path.embed,
            env: project, update: childUpdate, parent: parent)
    }

    /// Runs a child feature on an optional field of the parent's state, its events named by
    /// a case path; ``Compose/optional(_:in:event:scope:child:embed:env:update:parent:)``
    /// with the case's constructor as `embed`.
    ///
    /// ```swift
    /// Compose.optional(
    ///     \.detail, in: &state, event: event, scope: "detail", child: CasePath(Event.detail),
    ///     env: { $0.detail }, update: Detail.update, parent: reduce)
    /// ```
    ///
    /// - Parameters:
    ///   - field: Where the child's state lives, `nil` while there is no child.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The child's scope.
    ///   - path: The case of the parent's event that carries the child's events.
    ///   - project: Gives the child's env from the parent's.
    ///   - childUpdate: The child's `update`.
    ///   - parent: The parent's own `update`, run after the child's.
    /// - Returns: The child's effect, lifted, then the parent's, then a cancellation of the
    ///   child's tasks when it went away.
    @inlinable
    public static func optional<State, Event: Sendable, Env, ChildState, ChildEvent: Sendable, ChildEnv>(
        _ field: WritableKeyPath<State, ChildState?>,
        in state: inout State,
        event: Event,
        scope: String,
        child path: CasePath<Event, ChildEvent>,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout ChildState, ChildEvent) -> Effect<ChildEvent, ChildEnv>?,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        optional(
            field, in: &state, event: event, scope: scope, child: path.extract(from:), embed: path.embed,
            env: project, update: childUpdate, parent: parent)
    }

    /// Runs a child feature repeated over an array, its events named by a case path of a
    /// case carrying an id and an event; the array form of `forEach` with the case's
    /// constructor as `embed`.
    ///
    /// ```swift
    /// Compose.forEach(
    ///     \.rows, in: &state, event: event, scope: "rows", child: CasePath(Event.row),
    ///     env: { $0.row }, update: Row.update, parent: reduce)
    /// ```
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
        _ elements: WritableKeyPath<State, [Element]>,
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

    /// Runs the alert of a field, its answers named by a case path of the parent's event;
    /// `Compose.alert(_:in:event:scope:child:parent:)` with the case path's extraction.
    ///
    /// ```swift
    /// Compose.alert(\.alert, in: &state, event: event, child: CasePath(Event.alert), parent: reduce)
    /// ```
    ///
    /// - Parameters:
    ///   - field: Where the alert lives, `nil` while none is shown.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The alert's scope, for reports.
    ///   - path: The case of the parent's event that carries the alert's answers.
    ///   - parent: The parent's own `update`, which acts on the answer.
    /// - Returns: The parent's effect.
    @inlinable
    public static func alert<State, Event: Sendable, Env, Action: Equatable>(
        _ field: WritableKeyPath<State, AlertState<Action>?>,
        in state: inout State,
        event: Event,
        scope: String = "alert",
        child path: CasePath<Event, PresentationEvent<Action>>,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        alert(field, in: &state, event: event, scope: scope, child: path.extract(from:), parent: parent)
    }

    /// Runs the child of the case a state is in, its events named by a case path of the
    /// parent's event; ``Compose/ifCase(_:in:event:scope:child:embed:env:update:parent:)``
    /// with the case's constructor as `embed`.
    ///
    /// ```swift
    /// Compose.ifCase(
    ///     State.loggedIn, in: &state, event: event, scope: "loggedIn", child: CasePath(Event.loggedIn),
    ///     env: { $0.session }, update: LoggedIn.update, parent: reduce)
    /// ```
    ///
    /// - Parameters:
    ///   - embedState: The constructor of the state's case the child runs in.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The case's scope.
    ///   - path: The case of the parent's event that carries the child's events.
    ///   - project: Gives the child's env from the parent's.
    ///   - childUpdate: The child's `update`.
    ///   - parent: The parent's own `update`, run after the child's.
    /// - Returns: The child's effect, lifted, then the parent's, then a cancellation of the
    ///   case's tasks when the state left it.
    @inlinable
    public static func ifCase<State, Event: Sendable, Env, CaseState, CaseEvent: Sendable, ChildEnv>(
        _ embedState: @escaping (CaseState) -> State,
        in state: inout State,
        event: Event,
        scope: String,
        child path: CasePath<Event, CaseEvent>,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout CaseState, CaseEvent) -> Effect<CaseEvent, ChildEnv>?,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        ifCase(
            embedState, in: &state, event: event, scope: scope, child: path.extract(from:), embed: path.embed,
            env: project, update: childUpdate, parent: parent)
    }

    /// Runs the presented destination, its events named by a case path of the parent's
    /// event; ``Compose/destination(_:in:event:scope:child:embed:env:update:appear:parent:)``
    /// with the case's constructor as `embed`.
    ///
    /// ```swift
    /// Compose.destination(
    ///     \.destination, in: &state, event: event, scope: "destination",
    ///     child: CasePath(Event.destination), env: { $0 }, update: Destination.update, parent: reduce)
    /// ```
    ///
    /// - Parameters:
    ///   - field: Where the destination lives, `nil` while none is presented.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The destination's scope.
    ///   - path: The case of the parent's event that carries the destination's events.
    ///   - project: Gives the child's env from the parent's.
    ///   - childUpdate: The destination's `update`.
    ///   - appear: The effect a destination starts with when it is presented.
    ///   - parent: The parent's own `update`, run after the child's.
    /// - Returns: The child's effect, lifted, then the parent's, then what presenting or
    ///   dismissing started or cancelled.
    @inlinable
    public static func destination<
        State, Event: Sendable, Env, Destination: Equatable, DestinationEvent: Sendable, ChildEnv
    >(
        _ field: WritableKeyPath<State, Destination?>,
        in state: inout State,
        event: Event,
        scope: String,
        child path: CasePath<Event, PresentationEvent<DestinationEvent>>,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout Destination, DestinationEvent) -> Effect<DestinationEvent, ChildEnv>?,
        appear: ((Destination) -> Effect<DestinationEvent, ChildEnv>?)? = nil,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        destination(
            field, in: &state, event: event, scope: scope, child: path.extract(from:), embed: path.embed,
            env: project, update: childUpdate, appear: appear, parent: parent)
    }

    /// Runs the stack's screens, their events named by a case path of the parent's event;
    /// ``Compose/stack(_:in:event:scope:child:embed:env:update:appear:parent:)`` with the
    /// case's constructor as `embed`.
    ///
    /// ```swift
    /// Compose.stack(
    ///     \.path, in: &state, event: event, scope: "path", child: CasePath(Event.path),
    ///     env: { $0 }, update: Path.update, parent: reduce)
    /// ```
    ///
    /// - Parameters:
    ///   - stack: Where the stack lives.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The stack's scope.
    ///   - path: The case of the parent's event that carries the stack's events.
    ///   - project: Gives the screens' env from the parent's.
    ///   - childUpdate: A screen's `update`.
    ///   - appear: The effect a screen starts with when it is pushed.
    ///   - parent: The parent's own `update`, run after the screen's.
    /// - Returns: The screen's effect, lifted, then the parent's, then what pushing or
    ///   popping started or cancelled.
    @inlinable
    public static func stack<State, Event: Sendable, Env, Element, ElementEvent: Sendable, ChildEnv>(
        _ stack: WritableKeyPath<State, StackState<Element>>,
        in state: inout State,
        event: Event,
        scope: String,
        child path: CasePath<Event, StackEvent<Element, ElementEvent>>,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout Element, ElementEvent) -> Effect<ElementEvent, ChildEnv>?,
        appear: ((Element) -> Effect<ElementEvent, ChildEnv>?)? = nil,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        Self.stack(
            stack, in: &state, event: event, scope: scope, child: path.extract(from:), embed: path.embed,
            env: project, update: childUpdate, appear: appear, parent: parent)
    }

    /// Runs the stack's screens over a projection of a shared part of the state, their
    /// events named by a case path; the `sharing:` form of `stack` with the case's
    /// constructor as `embed`.
    ///
    /// ```swift
    /// Compose.stack(
    ///     \.path, sharing: \.syncUps, in: &state, event: event, scope: "path",
    ///     child: CasePath(Event.path), env: { $0 }, update: Path.update, parent: reduce)
    /// ```
    ///
    /// - Parameters:
    ///   - stack: Where the stack lives.
    ///   - shared: The part of the state every screen sees and edits.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The stack's scope.
    ///   - path: The case of the parent's event that carries the stack's events.
    ///   - project: Gives the screens' env from the parent's.
    ///   - childUpdate: A screen's `update`, over the shared part and its own.
    ///   - appear: The effect a screen starts with when it is pushed.
    ///   - parent: The parent's own `update`, run after the screen's.
    /// - Returns: The screen's effect, lifted, then the parent's, then what pushing or
    ///   popping started or cancelled.
    @inlinable
    public static func stack<State, Event: Sendable, Env, Shared, Element, ElementEvent: Sendable, ChildEnv>(
        _ stack: WritableKeyPath<State, StackState<Element>>,
        sharing shared: WritableKeyPath<State, Shared>,
        in state: inout State,
        event: Event,
        scope: String,
        child path: CasePath<Event, StackEvent<Element, ElementEvent>>,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout Projection<Shared, Element>, ElementEvent) -> Effect<ElementEvent, ChildEnv>?,
        appear: ((Projection<Shared, Element>) -> Effect<ElementEvent, ChildEnv>?)? = nil,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        Self.stack(
            stack, sharing: shared, in: &state, event: event, scope: scope, child: path.extract(from:),
            embed: path.embed, env: project, update: childUpdate, appear: appear, parent: parent)
    }

    /// Runs a child feature on a field over a projection of a shared part of the state, its
    /// events named by a case path; the `sharing:` form of `field` with the case's
    /// constructor as `embed`.
    ///
    /// ```swift
    /// Compose.field(
    ///     \.list, sharing: \.syncUps, in: &state, event: event, scope: "list",
    ///     child: CasePath(Event.list), env: { $0 }, update: SyncUpsList.update, parent: reduce)
    /// ```
    ///
    /// - Parameters:
    ///   - field: Where the child's own state lives.
    ///   - shared: The part of the state the child sees and edits.
    ///   - state: The parent's state.
    ///   - event: The event the parent's `update` was called with.
    ///   - scope: The child's scope.
    ///   - path: The case of the parent's event that carries the child's events.
    ///   - project: Gives the child's env from the parent's.
    ///   - childUpdate: The child's `update`, over the shared part and its own.
    ///   - parent: The parent's own `update`, run after the child's.
    /// - Returns: The child's effect, lifted, then the parent's.
    @inlinable
    public static func field<State, Event: Sendable, Env, Shared, ChildState, ChildEvent: Sendable, ChildEnv>(
        _ field: WritableKeyPath<State, ChildState>,
        sharing shared: WritableKeyPath<State, Shared>,
        in state: inout State,
        event: Event,
        scope: String,
        child path: CasePath<Event, ChildEvent>,
        env project: @escaping @Sendable (Env) -> ChildEnv,
        update childUpdate: (inout Projection<Shared, ChildState>, ChildEvent) -> Effect<ChildEvent, ChildEnv>?,
        parent: (inout State, Event) -> Effect<Event, Env>?
    ) -> Effect<Event, Env>? {
        Self.field(
            field, sharing: shared, in: &state, event: event, scope: scope, child: path.extract(from:),
            embed: path.embed, env: project, update: childUpdate, parent: parent)
    }
}
