extension Explorer {
    /// Models a task whose body delivers one event and ends: a load, a search, a save.
    ///
    /// While a task named `name` is pending, each event `outcomes` lists for the current
    /// state is enabled; delivering one ends the task. A `.task` of the same name replaces
    /// the pending one and a `.cancel` removes it, so the replaced or cancelled task's
    /// event never arrives (R5–R7).
    ///
    /// ```swift
    /// explorer.task("search", delivers: { state in
    ///     [.matchesFound(query: state.query, matches: words.filter { $0.contains(state.query) })]
    /// })
    /// ```
    ///
    /// The outcomes are those of the state the event would arrive in: keep what the body
    /// captured (a query, an id) in the state, or list every value it may take. Tasks
    /// issued with no model are not explored; the report names them. Tasks with no name
    /// are modelled by ``unnamedTask(delivers:)``.
    ///
    /// - Parameters:
    ///   - name: The task's name, as `update` gives it to `.task(name:)`.
    ///   - outcomes: The events the body may deliver, one of which ends it.
    /// - Returns: The explorer, with the task modelled.
    public func task(_ name: String, delivers outcomes: @escaping (State) -> [Event]) -> Explorer {
        modelling(TaskModel(name: name, keepsRunning: false, outcomes: outcomes))
    }

    /// Models a task whose body keeps delivering until it is cancelled or replaced: a
    /// ticker, a subscription.
    ///
    /// ```swift
    /// explorer.task("ticker", keepsDelivering: { _ in [.tick] })
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name, as `update` gives it to `.task(name:)`.
    ///   - outcomes: The events the body may deliver, any number of times, while pending.
    /// - Returns: The explorer, with the task modelled.
    public func task(_ name: String, keepsDelivering outcomes: @escaping (State) -> [Event]) -> Explorer {
        modelling(TaskModel(name: name, keepsRunning: true, outcomes: outcomes))
    }

    /// Models the tasks `update` issues with no name: each delivers one event and ends.
    ///
    /// Every pending unnamed task offers the events `outcomes` lists for the current
    /// state; delivering one ends one of them. Nothing can replace or cancel an unnamed
    /// task, so each stays pending until it delivers. Invariants see how many are
    /// pending (``PendingTasks/unnamed``), so a property can allow what a pending task
    /// will soon set right:
    ///
    /// ```swift
    /// explorer.unnamedTask(delivers: { _ in [.sortCompletedTodos] })
    ///     .always("completed todos come last unless a sort is pending") { state, tasks in
    ///         tasks.unnamed > 0 || state.completedComeLast
    ///     }
    /// ```
    ///
    /// All unnamed tasks share this model: when a feature issues several kinds, list
    /// what each may deliver in the states where it can be pending. A state with no
    /// outcome listed keeps its unnamed tasks pending. At most 255 are counted at once;
    /// the report names those issued beyond.
    ///
    /// - Parameter outcomes: The events an unnamed task's body may deliver, one of which
    ///   ends it.
    /// - Returns: The explorer, with unnamed tasks modelled.
    public func unnamedTask(delivers outcomes: @escaping (State) -> [Event]) -> Explorer {
        var copy = self
        if unnamedOutcomes != nil {
            copy.problems.append("unnamed tasks are modelled twice")
        } else {
            copy.unnamedOutcomes = outcomes
        }
        return copy
    }

    /// Adds an invariant: `holds` must be true in every reachable state.
    ///
    /// ```swift
    /// explorer.always("the count is never negative") { $0.count >= 0 }
    /// ```
    ///
    /// The first state found that breaks it (the nearest, exploration being breadth first)
    /// is reported with its trace.
    ///
    /// - Parameters:
    ///   - name: What the property says, for the report and the test's name.
    ///   - holds: Whether the property holds in a state.
    /// - Returns: The explorer, with the property added.
    public func always(_ name: String, _ holds: @escaping (State) -> Bool) -> Explorer {
        adding(Property(name: name, kind: .always) { state, _ in holds(state) })
    }

    /// Adds an invariant over the state and its pending tasks.
    ///
    /// ```swift
    /// explorer.always("searching exactly while the search task runs") { state, tasks in
    ///     state.isSearching == tasks.contains("search")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - holds: Whether the property holds in a state with these pending tasks.
    /// - Returns: The explorer, with the property added.
    public func always(_ name: String, _ holds: @escaping (State, PendingTasks) -> Bool) -> Explorer {
        adding(Property(name: name, kind: .always, holds: holds))
    }

    /// Adds a reachability property: some reachable state must satisfy `holds`.
    ///
    /// ```swift
    /// explorer.sometimes("a movie is selected") { $0.selection != nil }
    /// ```
    ///
    /// The report keeps the shortest trace to the first such state
    /// (``ExplorationReport/witnesses``); when exploration stops at a bound before finding
    /// one, the property fails "within the bounds explored".
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - holds: Whether a state satisfies it.
    /// - Returns: The explorer, with the property added.
    public func sometimes(_ name: String, _ holds: @escaping (State) -> Bool) -> Explorer {
        adding(Property(name: name, kind: .sometimes) { state, _ in holds(state) })
    }

    /// Adds a reachability property over the state and its pending tasks.
    ///
    /// ```swift
    /// explorer.sometimes("a refresh runs with a movie selected") { state, tasks in
    ///     state.selection != nil && tasks.contains("refresh")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the property says.
    ///   - holds: Whether a state with these pending tasks satisfies it.
    /// - Returns: The explorer, with the property added.
    public func sometimes(_ name: String, _ holds: @escaping (State, PendingTasks) -> Bool) -> Explorer {
        adding(Property(name: name, kind: .sometimes, holds: holds))
    }

    /// Marks the states where no event being enabled is expected: a finished protocol,
    /// a closed session. Any other state with no enabled event (no user event, no pending
    /// task with an outcome) is a dead end, reported as a failure.
    ///
    /// ```swift
    /// explorer.terminal { $0.phase == .done }
    /// ```
    ///
    /// - Parameter isTerminal: Whether a state is an expected end.
    /// - Returns: The explorer, with the terminal states marked.
    public func terminal(_ isTerminal: @escaping (State) -> Bool) -> Explorer {
        var copy = self
        copy.isTerminal = { state, _ in isTerminal(state) }
        return copy
    }

    /// Marks the expected ends by state and pending tasks.
    ///
    /// ```swift
    /// explorer.terminal { state, tasks in state.isSaved && tasks.isEmpty }
    /// ```
    ///
    /// - Parameter isTerminal: Whether a state with these pending tasks is an expected end.
    /// - Returns: The explorer, with the terminal states marked.
    public func terminal(_ isTerminal: @escaping (State, PendingTasks) -> Bool) -> Explorer {
        var copy = self
        copy.isTerminal = isTerminal
        return copy
    }

    /// Explores one representative of each set of symmetric states (X5), as TLC's
    /// `SYMMETRY` and Stateright's representatives do: `canonical` maps a state to the
    /// representative the walk keeps in its place.
    ///
    /// Resource managers that are interchangeable, rows whose order does not matter, ids
    /// that only name: when permuting them maps every reachable state to a state that
    /// behaves the same, the walk needs only one of each set. Sort the rows, renumber the
    /// ids, or sort the processes by what they hold:
    ///
    /// ```swift
    /// explorer.symmetry { state in
    ///     var sorted = state
    ///     sorted.managers.sort { $0.rawValue < $1.rawValue }
    ///     return sorted
    /// }
    /// ```
    ///
    /// The report counts representatives, so fewer states (TwoPhase with 5 resource
    /// managers: 8,832 states, 314 representatives). Properties are checked in the
    /// representatives, so they must not tell symmetric states apart (TLC asks the same).
    /// Traces are of real states: each step is an event of the state before it, whose
    /// successor has the representative the walk found.
    ///
    /// `canonical` must give the same representative for every state of a set, and a
    /// representative must be its own: the first transitions' results are checked for
    /// that, and ``explore(depth:states:graph:workers:)`` throws an ``ExplorationError``
    /// naming the state when `canonical` of a representative is another state.
    ///
    /// - Parameter canonical: The representative of a state's set of symmetric states.
    /// - Returns: The explorer, walking representatives.
    public func symmetry(_ canonical: @escaping (State) -> State) -> Explorer {
        var copy = self
        if self.canonical != nil {
            copy.problems.append("the symmetry is given twice")
        } else {
            copy.canonical = canonical
        }
        return copy
    }

    /// Says how the tests printed for failures are written.
    ///
    /// A failure's test replays its trace with an `UpdateSpec`: `spec.given(initial)`,
    /// `.when(events...)`, `.then(effect:)` with the state the trace reaches. By default
    /// the spec is a variable named `spec`, and states and events are spelled from their
    /// reflection (`.select(1)`, `.init(count: 2, isRunning: true)`), which compiles for
    /// enums and for structs whose memberwise initializer is visible.
    ///
    /// ```swift
    /// explorer.testCode(spec: "UpdateSpec(Movies.update, env: .mock(clock: TestClock()))")
    /// ```
    ///
    /// - Parameters:
    ///   - spec: The Swift expression of the spec the test uses.
    ///   - event: Spells an event as Swift source; `nil` for the reflection.
    ///   - state: Spells a state as Swift source; then the test compares whole states.
    /// - Returns: The explorer, writing tests that way.
    public func testCode(
        spec: String, event: ((Event) -> String)? = nil, state: ((State) -> String)? = nil
    ) -> Explorer {
        var copy = self
        copy.code = TestCode(spec: spec, event: event, state: state)
        return copy
    }

    private func modelling(_ task: TaskModel<State, Event>) -> Explorer {
        var copy = self
        if task.name.isEmpty {
            copy.problems.append(
                "a task model needs a name: model unnamed tasks with unnamedTask(delivers:)")
        } else if task.name.hasSuffix("/") {
            copy.problems.append(
                "the task \"\(task.name)\" names a scope: the host runs a task so named as an unnamed task under "
                    + "it, never replaced; model it with unnamedTask(delivers:)")
        } else if tasks.contains(where: { $0.name == task.name }) {
            copy.problems.append("the task \"\(task.name)\" is modelled twice")
        } else if tasks.count == TaskTracker.maxNames {
            copy.problems.append(
                "the task \"\(task.name)\" is one model too many: an explorer models at most "
                    + "\(TaskTracker.maxNames) task names")
        } else {
            copy.tasks.append(task)
        }
        return copy
    }

    private func adding(_ property: Property<State>) -> Explorer {
        var copy = self
        if properties.contains(where: { $0.name == property.name }) {
            copy.problems.append("two properties are named \"\(property.name)\"")
        } else {
            copy.properties.append(property)
        }
        return copy
    }
}
