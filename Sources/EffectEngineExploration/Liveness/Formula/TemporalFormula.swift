/// A temporal formula as a value (X17): TLA+'s state predicates, step predicates
/// (`[A]_v`, `<<A>>_v`), `ENABLED`, `~`, `/\`, `\/`, `=>`, `[]`, `<>`, `~>` and quantifiers
/// over a finite set, nested freely, checked by ``Explorer/temporal(_:_:)`` on every fair
/// behaviour.
///
/// A formula is read as TLA+ reads it, on a behaviour from its first state: a state
/// predicate outside every `[]` and `<>` speaks of the initial state (CoffeeCan's
/// `IF white % 2 = 0 THEN <>Q1 ELSE <>Q2`), a step predicate of the first step.
///
/// ```swift
/// typealias F = TemporalFormula<Clock.State, Clock.Event>
/// // LiveHourClock's AlwaysTick == []<><<Tick>>_hr
/// let alwaysTick: F = .always(.eventually(.action { _, event, _ in event == .tick }))
/// // [](P => <>[]Q)
/// let settles: F = .always(.implies(.state { $0.hr == 12 }, .eventually(.always(.state { $0.hr > 0 }))))
/// ```
public struct TemporalFormula<State, Event> {
    indirect enum Node {
        case constant(Bool)
        case state((State) -> Bool)
        /// A step predicate: its action, the part of the state whose change makes a step
        /// one (`nil`: all of it), and its value on a step that leaves that part alone:
        /// `true` for `[A]_v`, `false` for `<<A>>_v`.
        case step((State, Event, State) -> Bool, changes: ((State, State) -> Bool)?, onStutter: Bool)
        case enabled((State, Event, State) -> Bool)
        case not(Node)
        case and(Node, Node)
        case or(Node, Node)
        case always(Node)
        case eventually(Node)
    }

    let node: Node
    /// For a formula quantified at its top (`forAll`), one per element, with its label:
    /// checked one by one, a violation naming its element (X19).
    let instances: [(label: String, formula: TemporalFormula)]?

    init(_ node: Node) {
        self.node = node
        instances = nil
    }

    init(quantified instances: [(label: String, formula: TemporalFormula)]) {
        node = instances.map(\.formula.node).reduce(.constant(true)) { .and($0, $1) }
        self.instances = instances
    }

    /// A state predicate, TLA+'s `P`: at the top of a formula it reads the initial state.
    ///
    /// ```swift
    /// let done: TemporalFormula<Job, Job.Event> = .state { $0.isDone }
    /// ```
    ///
    /// - Parameter holds: Whether a state satisfies the predicate.
    /// - Returns: The formula.
    public static func state(_ holds: @escaping (State) -> Bool) -> TemporalFormula {
        TemporalFormula(.state(holds))
    }

    /// TLA+'s `[A]_vars`: a step satisfies the action `A`, a predicate over a state, its
    /// event and the next state, or leaves the state as it is (a stutter).
    ///
    /// ```swift
    /// // CRDT's FairSpec: <>[][Gossip]_vars
    /// let quiet: TemporalFormula<Counter, Counter.Event> = .eventually(.always(.step { _, event, _ in event == .gossip }))
    /// ```
    ///
    /// - Parameter action: Whether a step from a state, by an event, to the next state is
    ///   an `A` step.
    /// - Returns: The formula.
    public static func step(_ action: @escaping (State, Event, State) -> Bool) -> TemporalFormula {
        TemporalFormula(.step(action, changes: nil, onStutter: true))
    }

    /// TLA+'s `[A]_x`: a step satisfies `A` or leaves the part `x` of the state as it is.
    ///
    /// ```swift
    /// let hourSteps: TemporalFormula<Clock, Clock.Event> = .always(.step(over: \.hr) { state, _, next in next.hr == state.hr % 12 + 1 })
    /// ```
    ///
    /// - Parameters:
    ///   - part: The part of the state, TLA+'s subscript `x`.
    ///   - action: Whether a step is an `A` step.
    /// - Returns: The formula.
    public static func step<Part: Equatable>(
        over part: @escaping (State) -> Part, _ action: @escaping (State, Event, State) -> Bool
    ) -> TemporalFormula {
        TemporalFormula(.step(action, changes: { part($0) != part($1) }, onStutter: true))
    }

    /// TLA+'s `<<A>>_vars`: a step satisfies the action `A` and changes the state.
    ///
    /// ```swift
    /// // LiveHourClock's AlwaysTick == []<><<Tick>>_hr
    /// let alwaysTick: TemporalFormula<Clock, Clock.Event> = .always(.eventually(.action { _, event, _ in event == .tick }))
    /// ```
    ///
    /// - Parameter action: Whether a step is an `A` step.
    /// - Returns: The formula.
    public static func action(_ action: @escaping (State, Event, State) -> Bool) -> TemporalFormula {
        TemporalFormula(.step(action, changes: nil, onStutter: false))
    }

    /// TLA+'s `<<A>>_x`: a step satisfies `A` and changes the part `x` of the state.
    ///
    /// ```swift
    /// let tick: TemporalFormula<Clock, Clock.Event> = .action(over: \.hr) { _, event, _ in event == .tick }
    /// ```
    ///
    /// - Parameters:
    ///   - part: The part of the state, TLA+'s subscript `x`.
    ///   - action: Whether a step is an `A` step.
    /// - Returns: The formula.
    public static func action<Part: Equatable>(
        over part: @escaping (State) -> Part, _ action: @escaping (State, Event, State) -> Bool
    ) -> TemporalFormula {
        TemporalFormula(.step(action, changes: { part($0) != part($1) }, onStutter: false))
    }

    /// TLA+'s `ENABLED <<A>>_vars`: a state from which some transition of the explored
    /// graph is an `A` step that changes the state.
    ///
    /// ```swift
    /// // [](ENABLED <<Tick>>_hr)
    /// let canTick: TemporalFormula<Clock, Clock.Event> = .always(.enabled { _, event, _ in event == .tick })
    /// ```
    ///
    /// - Parameter action: Whether a step is an `A` step.
    /// - Returns: The formula, a state predicate.
    public static func enabled(_ action: @escaping (State, Event, State) -> Bool) -> TemporalFormula {
        TemporalFormula(.enabled(action))
    }

    /// TLA+'s `[]F`: `F` holds from every point of the behaviour on.
    ///
    /// ```swift
    /// let safe: TemporalFormula<Job, Job.Event> = .always(.state { $0.count >= 0 })
    /// ```
    ///
    /// - Parameter formula: `F`.
    /// - Returns: The formula.
    public static func always(_ formula: TemporalFormula) -> TemporalFormula {
        TemporalFormula(.always(formula.node))
    }

    /// TLA+'s `<>F`: `F` holds from some point of the behaviour on.
    ///
    /// ```swift
    /// let ends: TemporalFormula<Job, Job.Event> = .eventually(.state { $0.isDone })
    /// ```
    ///
    /// - Parameter formula: `F`.
    /// - Returns: The formula.
    public static func eventually(_ formula: TemporalFormula) -> TemporalFormula {
        TemporalFormula(.eventually(formula.node))
    }

    /// TLA+'s `F ~> G`, `[](F => <>G)`.
    ///
    /// ```swift
    /// let answers: TemporalFormula<Job, Job.Event> = .leadsTo(.state { $0.isAsked }, .state { $0.isAnswered })
    /// ```
    ///
    /// - Parameters:
    ///   - trigger: `F`.
    ///   - goal: `G`.
    /// - Returns: The formula.
    public static func leadsTo(_ trigger: TemporalFormula, _ goal: TemporalFormula) -> TemporalFormula {
        .always(.implies(trigger, .eventually(goal)))
    }

    /// TLA+'s `F => G`.
    ///
    /// ```swift
    /// // [](P => <>[]Q)
    /// let f: TemporalFormula<Job, Job.Event> = .always(.implies(.state { $0.isAsked }, .eventually(.always(.state { $0.isAnswered }))))
    /// ```
    ///
    /// - Parameters:
    ///   - condition: `F`.
    ///   - consequence: `G`.
    /// - Returns: The formula.
    public static func implies(_ condition: TemporalFormula, _ consequence: TemporalFormula) -> TemporalFormula {
        TemporalFormula(.or(.not(condition.node), consequence.node))
    }

    /// TLA+'s `~F`.
    ///
    /// ```swift
    /// let never = !TemporalFormula<Job, Job.Event>.eventually(.state { $0.isFailed })
    /// ```
    ///
    /// - Parameter formula: `F`.
    /// - Returns: The formula.
    public static prefix func ! (formula: TemporalFormula) -> TemporalFormula {
        TemporalFormula(.not(formula.node))
    }

    /// TLA+'s `F /\ G`.
    ///
    /// ```swift
    /// let both: TemporalFormula<Job, Job.Event> = .eventually(.state { $0.a }) && .eventually(.state { $0.b })
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: `F`.
    ///   - rhs: `G`.
    /// - Returns: The formula.
    public static func && (lhs: TemporalFormula, rhs: TemporalFormula) -> TemporalFormula {
        TemporalFormula(.and(lhs.node, rhs.node))
    }

    /// TLA+'s `F \/ G`.
    ///
    /// ```swift
    /// let either: TemporalFormula<Job, Job.Event> = .eventually(.state { $0.a }) || .always(.state { $0.b })
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: `F`.
    ///   - rhs: `G`.
    /// - Returns: The formula.
    public static func || (lhs: TemporalFormula, rhs: TemporalFormula) -> TemporalFormula {
        TemporalFormula(.or(lhs.node, rhs.node))
    }

    /// TLA+'s `\A x \in S : F(x)` over a finite set. At the top of a property each
    /// element is checked on its own, and a violation names the element it is for
    /// (``LivenessReport/Result/witness``, X19); nested, it is the conjunction.
    ///
    /// ```swift
    /// // Disruptor's \A r \in Readers, i \in 0..2 : <>[](read[r][i] = written[i])
    /// let pairs = (0..<2).flatMap { r in (0...2).map { i in [r, i] } }
    /// let liveliness: TemporalFormula<Ring, Ring.Event> = .forAll(pairs) { ri in
    ///     .eventually(.always(.state { $0.read[ri[0]][ri[1]] == $0.written[ri[1]] }))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - elements: `S`, its elements named by their description.
    ///   - body: `F`, for an element.
    /// - Returns: The formula; `TRUE` over an empty set.
    public static func forAll<Element>(
        _ elements: some Sequence<Element>, _ body: (Element) -> TemporalFormula
    ) -> TemporalFormula {
        TemporalFormula(quantified: elements.map { ("\($0)", body($0)) })
    }

    /// TLA+'s `\E x \in S : F(x)` over a finite set: the disjunction.
    ///
    /// ```swift
    /// // ChangRoberts' (\E n \in Node : state[n] = "cand") => <>(\E n \in Node : state[n] = "won")
    /// let elects: TemporalFormula<Ring, Ring.Event> = .implies(
    ///     .exists(0..<3) { n in .state { $0.candidate[n] } },
    ///     .eventually(.exists(0..<3) { n in .state { $0.won[n] } }))
    /// ```
    ///
    /// - Parameters:
    ///   - elements: `S`.
    ///   - body: `F`, for an element.
    /// - Returns: The formula; `FALSE` over an empty set.
    public static func exists<Element>(
        _ elements: some Sequence<Element>, _ body: (Element) -> TemporalFormula
    ) -> TemporalFormula {
        TemporalFormula(elements.map { body($0).node }.reduce(.constant(false)) { .or($0, $1) })
    }

    /// TLA+'s `TRUE` and `FALSE`.
    ///
    /// ```swift
    /// let anything: TemporalFormula<Job, Job.Event> = .constant(true)
    /// ```
    ///
    /// - Parameter value: The truth value.
    /// - Returns: The formula.
    public static func constant(_ value: Bool) -> TemporalFormula {
        TemporalFormula(.constant(value))
    }
}
