/// One screen of an enum of screens: the case of the state it shows, the case of the
/// events it takes, and its `update` (N10).
///
/// A destination or a stack element that is an enum of screens routes itself with
/// ``Compose/route(_:_:_:)``: each event goes to the screen of its case, and an event for
/// a screen not shown is answered with ``Effect/notPresented`` by the library, so the
/// stack or destination around it drops and reports it, with no `default:` written by
/// hand.
///
/// ```swift
/// enum Destination {
///     enum State: Hashable { case alert(AlertState<Alert>), edit(Form.State) }
///     enum Event: Hashable, Sendable { case alert(Alert), edit(Form.Event) }
///
///     static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
///         Compose.route(
///             &state, event,
///             ScreenRoute(State.alert, Event.alert) { alert, action in alert.respond(to: action) },
///             ScreenRoute(State.edit, Event.edit, update: Form.update))
///     }
/// }
/// ```
public struct ScreenRoute<State, Event, Env> {
    /// Runs the screen for `event`: `nil` when the event is another screen's, else the
    /// screen's effect, ``Effect/notPresented`` when the state shows another screen.
    let run: (inout State, Event) -> Effect<Event, Env>??

    /// A screen whose env is its parent's, projected.
    ///
    /// ```swift
    /// ScreenRoute(State.player, Event.player, env: { $0.player }, update: Player.update)
    /// ```
    ///
    /// - Parameters:
    ///   - state: The constructor of the state's case for this screen.
    ///   - event: The constructor of the event's case for this screen.
    ///   - project: Gives the screen's env from the enum's.
    ///   - update: The screen's `update`.
    public init<ScreenState, ScreenEvent: Sendable, ScreenEnv>(
        _ state: @escaping (ScreenState) -> State,
        _ event: @escaping @Sendable (ScreenEvent) -> Event,
        env project: @escaping @Sendable (Env) -> ScreenEnv,
        update: @escaping (inout ScreenState, ScreenEvent) -> Effect<ScreenEvent, ScreenEnv>?
    ) where Event: Sendable {
        run = { root, rootEvent in
            guard let screenEvent = ScreenCase.value(of: rootEvent, in: event) else { return nil }
            guard var screen = ScreenCase.value(of: root, in: state) else { return .some(.notPresented) }
            let effect = update(&screen, screenEvent)
            root = state(screen)
            return .some(effect?.map(event, env: project))
        }
    }

    /// A screen with the enum's env.
    ///
    /// ```swift
    /// ScreenRoute(State.edit, Event.edit, update: Form.update)
    /// ```
    ///
    /// - Parameters:
    ///   - state: The constructor of the state's case for this screen.
    ///   - event: The constructor of the event's case for this screen.
    ///   - update: The screen's `update`.
    public init<ScreenState, ScreenEvent: Sendable>(
        _ state: @escaping (ScreenState) -> State,
        _ event: @escaping @Sendable (ScreenEvent) -> Event,
        update: @escaping (inout ScreenState, ScreenEvent) -> Effect<ScreenEvent, Env>?
    ) where Event: Sendable {
        self.init(state, event, env: { $0 }, update: update)
    }
}

extension Compose {
    /// Routes an event of an enum of screens to the screen of its case (N10): the
    /// `update` of a destination or a stack element, with no switch and no `default:`.
    ///
    /// The event goes to the first route whose event case it is in. When the state shows
    /// that screen, the screen's `update` runs on its value, which is put back; when it
    /// shows another, or no route takes the event, the answer is ``Effect/notPresented``,
    /// which the stack or destination around reports as
    /// ``Diagnostic/childMissing(scope:event:)``.
    ///
    /// ```swift
    /// static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
    ///     Compose.route(
    ///         &state, event,
    ///         ScreenRoute(State.alert, Event.alert) { alert, action in alert.respond(to: action) },
    ///         ScreenRoute(State.edit, Event.edit, update: Form.update))
    /// }
    /// ```
    ///
    /// The cases are read with `Mirror`: about a microsecond an event, for screens a user
    /// moves between.
    ///
    /// - Parameters:
    ///   - state: The enum's state.
    ///   - event: The event.
    ///   - routes: One route per screen.
    /// - Returns: The screen's effect, or ``Effect/notPresented``.
    public static func route<State, Event: Sendable, Env>(
        _ state: inout State, _ event: Event, _ routes: ScreenRoute<State, Event, Env>...
    ) -> Effect<Event, Env>? {
        for route in routes {
            if let effect = route.run(&state, event) { return effect }
        }
        return .notPresented
    }
}
