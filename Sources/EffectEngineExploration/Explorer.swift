import EffectEngine

/// Walks every state a feature's `update` can reach from its initial states, breadth
/// first, and checks properties of each: a model checker for the real `update`.
///
/// In each state, the events a closure enables are stepped through `update` and their
/// `.action` chains with the `Stepper` every host uses, so an explored transition is the
/// transition a host would make. Tasks are not run: for each task name, you list the
/// events its body may deliver (``task(_:delivers:)``, ``task(_:keepsDelivering:)``), and
/// they are enabled while that task is pending. A `.task` of a pending name replaces it
/// and a `.cancel` removes it, so a replaced or cancelled task's events never arrive (R5–R7).
/// The explored state is the feature's state plus its pending tasks.
///
/// ```swift
/// let report = try Explorer(initialState: Movies.State(), env: .mock, update: Movies.update) { _ in
///     [.refresh, .select(1), .clear]
/// }
/// .task("refresh", delivers: { _ in [.loaded(Movies.page), .failed("offline")] })
/// .always("loading exactly while the refresh task runs") { state, tasks in
///     state.isLoading == tasks.contains("refresh")
/// }
/// .sometimes("a movie is selected") { $0.selection != nil }
/// .explore(depth: 8)
/// #expect(report.failures.isEmpty, "\(report)")
/// ```
///
/// Each failure comes with the shortest trace from the initial state, written as an
/// `UpdateSpec` test ready to paste (see ``testCode(spec:event:state:)``). Visited states
/// are kept as 64-bit fingerprints, as TLC and Stateright keep them: see
/// <doc:ExploringAFeature> for what that costs and what a collision would do.
public struct Explorer<State: Hashable, Event: Sendable, Env> {
    /// The states exploration starts from, in the order given (TLA+'s `Init`): at least
    /// one, or ``explore(depth:states:graph:workers:)`` throws.
    ///
    /// ```swift
    /// #expect(explorer.initialStates == [Counter.State()])
    /// ```
    public let initialStates: [State]

    /// The most distinct states ``explore(depth:states:graph:workers:)`` and
    /// ``checkLiveness(depth:states:workers:)`` visit unless told otherwise: one bound for
    /// both (X13).
    ///
    /// ```swift
    /// #expect(Explorer<Counter.State, Counter.Event, Void>.defaultStateBound == 1_000_000)
    /// ```
    public static var defaultStateBound: Int { 1_000_000 }
    /// The first of the ``initialStates``, for an explorer made with one.
    ///
    /// ```swift
    /// #expect(explorer.initialState == Counter.State())
    /// ```
    ///
    /// An explorer made with no initial state has none: reading this then stops the
    /// program, as indexing an empty array does.
    public var initialState: State { initialStates[0] }
    /// Steps `update` and its `.action` chains, as hosts do.
    @usableFromInline let stepper: Stepper<State, Event, Env>
    /// The events enabled in a state.
    @usableFromInline let enabledEvents: (State) -> [Event]
    /// What each modelled task may deliver, in declaration order (bit `i` is `tasks[i]`).
    @usableFromInline var tasks: [TaskModel<State, Event>] = []
    /// What any unnamed task may deliver, when unnamed tasks are modelled.
    @usableFromInline var unnamedOutcomes: ((State) -> [Event])?
    /// The `always` and `sometimes` properties, in declaration order.
    @usableFromInline var properties: [Property<State>] = []
    /// The `eventually` (X7) and `leadsTo` (X11) properties, in declaration order.
    var liveness: [LivenessProperty<State, Event>] = []
    /// The classes of transitions declared fair (X11), in declaration order.
    var fairness: [FairnessClass<State, Event>] = []
    /// How the outcomes of each pending task are fair (X11): weakly by default; `nil`
    /// when a task may stay pending forever.
    var taskFairness: FairnessKind? = .weak
    /// One event of each case `Event` has, for the coverage report (X8).
    var eventCases: [String] = []
    /// The cases the model leaves out on purpose, with why.
    var leftOut: [ExplorationCoverage.LeftOut] = []
    /// Marks states where nothing happening is expected.
    @usableFromInline var isTerminal: ((State, PendingTasks) -> Bool)?
    /// TLC's `CONSTRAINT`: a state where it does not hold is kept but not expanded.
    @usableFromInline var constraint: ((State) -> Bool)?
    /// The representative the walk keeps for a state, under the feature's symmetry (X5).
    @usableFromInline var canonical: ((State) -> State)?
    /// Told how far a walk has come (``reportingProgress(_:)``); `nil` by default.
    @usableFromInline var progress: ((WalkProgress) -> Void)?
    /// How failures are written as tests.
    var code = TestCode<State, Event>()
    /// Mistakes in the model, reported by ``explore(depth:states:graph:workers:)``.
    var problems: [String] = []

    /// Creates an explorer of a feature whose `.action`s need an env.
    ///
    /// ```swift
    /// let explorer = Explorer(initialState: Search.State(), env: .mock, update: Search.update) { _ in
    ///     [.query("ap"), .query("")]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state exploration starts from.
    ///   - env: The env handed to `.action`s; tasks are never run.
    ///   - update: The feature's transition function.
    ///   - chainLimit: The longest `.action` chain one event may run, as
    ///     `HostOptions.chainLimit`; a longer chain is reported as a failure.
    ///   - events: The events a user (or the world) may send in a state, other than the
    ///     events of tasks. It must be a function of the state: the same state, the same
    ///     events in the same order.
    public init(
        initialState: State,
        env: Env,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?,
        chainLimit: Int = 10_000,
        events: @escaping (State) -> [Event]
    ) {
        self.init(initialStates: [initialState], env: env, update: update, chainLimit: chainLimit, events: events)
    }

    /// Creates an explorer of a feature that may start in any of several states: TLA+'s
    /// `Init` with `\in`, such as EWD840's 192 initial states.
    ///
    /// ```swift
    /// let starts = (0..<8).map { Lights.State(on: $0) }
    /// let explorer = Explorer(initialStates: starts, env: .mock, update: Lights.update) { _ in
    ///     [.toggle, .reset]
    /// }
    /// ```
    ///
    /// Each distinct initial state is visited at depth 0 and its trace is empty; a trace
    /// starts from the initial state it was reached from
    /// (``ExplorationTrace/initialState``). Equal initial states count once.
    ///
    /// - Parameters:
    ///   - initialStates: The states exploration starts from: at least one, or
    ///     ``explore(depth:states:graph:workers:)`` throws an ``ExplorationError``.
    ///   - env: The env handed to `.action`s; tasks are never run.
    ///   - update: The feature's transition function.
    ///   - chainLimit: The longest `.action` chain one event may run.
    ///   - events: The events enabled in a state, as a function of the state.
    public init(
        initialStates: some Sequence<State>,
        env: Env,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?,
        chainLimit: Int = 10_000,
        events: @escaping (State) -> [Event]
    ) {
        self.initialStates = Array(initialStates)
        self.stepper = Stepper(update: update, env: env, chainLimit: chainLimit)
        self.enabledEvents = events
        if self.initialStates.isEmpty {
            problems.append("an explorer needs at least one initial state, and none was given")
        }
    }

    /// Creates an explorer of a feature with no dependencies that may start in any of
    /// several states.
    ///
    /// ```swift
    /// let explorer = Explorer(initialStates: [.init(turn: 1), .init(turn: 2)], update: Peterson.update) {
    ///     Peterson.enabled($0)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initialStates: The states exploration starts from: at least one.
    ///   - update: The feature's transition function.
    ///   - chainLimit: The longest `.action` chain one event may run.
    ///   - events: The events enabled in a state, as a function of the state.
    public init(
        initialStates: some Sequence<State>,
        update: @escaping (inout State, Event) -> Effect<Event, Void>?,
        chainLimit: Int = 10_000,
        events: @escaping (State) -> [Event]
    ) where Env == Void {
        self.init(initialStates: initialStates, env: (), update: update, chainLimit: chainLimit, events: events)
    }

    /// Creates an explorer of a feature with no dependencies.
    ///
    /// ```swift
    /// let explorer = Explorer(initialState: Toggle.State(), update: Toggle.update) { _ in [.flip] }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state exploration starts from.
    ///   - update: The feature's transition function.
    ///   - chainLimit: The longest `.action` chain one event may run.
    ///   - events: The events enabled in a state, as a function of the state.
    public init(
        initialState: State,
        update: @escaping (inout State, Event) -> Effect<Event, Void>?,
        chainLimit: Int = 10_000,
        events: @escaping (State) -> [Event]
    ) where Env == Void {
        self.init(initialState: initialState, env: (), update: update, chainLimit: chainLimit, events: events)
    }
}

/// What a modelled task's body may deliver.
@usableFromInline
struct TaskModel<State, Event> {
    @usableFromInline let name: String
    /// The body goes on after delivering (a ticker); otherwise it ends with its event.
    @usableFromInline let keepsRunning: Bool
    @usableFromInline let outcomes: (State) -> [Event]
}

/// A property checked in every state found.
@usableFromInline
struct Property<State> {
    @usableFromInline enum Kind {
        case always
        case sometimes
    }

    @usableFromInline let name: String
    @usableFromInline let kind: Kind
    @usableFromInline let holds: (State, PendingTasks) -> Bool
}

/// How the tests printed for failures are spelled.
struct TestCode<State, Event> {
    /// The expression of the `UpdateSpec` the tests use.
    var spec = "spec"
    /// An event as Swift source; `nil` renders it from its reflection.
    var event: ((Event) -> String)?
    /// A state as Swift source; `nil` renders it from its reflection, changes as field
    /// assignments.
    var state: ((State) -> String)?
}
