import EffectEngine
import EffectEngineShared

/// Tests `update` alone, with no host and nothing asynchronous: given a state, when an
/// event arrives, then this is the state and this is the effect (T4).
///
/// ```swift
/// @Test func typingStartsTheDebouncedSearch() {
///     let spec = UpdateSpec(Search.update, env: .mock)
///     spec.given(Search.State())
///         .when(.queryChanged("sw"))
///         .then(effect: .task(name: "search")) { $0.query = "sw" }
/// }
/// ```
///
/// Events are stepped exactly as a host steps them (through `Stepper`): an `.action`'s
/// event is processed at once with its own effects, so the state after `when` is the
/// state a host would show after the event's synchronous chain. Tasks are not run;
/// effects are compared by their `EffectSummary`. Run a task's body against a spy
/// `Input` to test what it sends.
///
/// A spec is a plain, `Sendable` value (when `Env` is): make it once at file scope and
/// share it between tests, or make it where it is used.
///
/// ```swift
/// let spec = UpdateSpec(Counter.update)
///
/// @Test func startRuns() {
///     spec.given(Counter.State()).when(.start).then(effect: .task(name: "ticker")) { $0.isRunning = true }
/// }
/// ```
public struct UpdateSpec<State: Equatable, Event: Sendable, Env> {
    /// The transition function under test.
    ///
    /// ```swift
    /// var state = Counter.State()
    /// _ = UpdateSpec(Counter.update).update(&state, .tick)
    /// ```
    public let update: @Sendable (inout State, Event) -> Effect<Event, Env>?
    /// The env handed to `.action`s, or `nil` when the spec was made without one.
    let env: Env?
    /// The longest `.action` chain one event may run.
    let chainLimit: Int

    /// Creates a spec for a transition function whose `.action`s need an env.
    ///
    /// ```swift
    /// let spec = UpdateSpec(Search.update, env: .mock)
    /// ```
    ///
    /// - Parameters:
    ///   - update: The feature's `update`.
    ///   - env: The env handed to every `.action` of a chain.
    ///   - chainLimit: The longest `.action` chain, as `HostOptions.chainLimit`.
    public init(
        _ update: @escaping @Sendable (inout State, Event) -> Effect<Event, Env>?, env: Env, chainLimit: Int = 10_000
    ) {
        self.update = update
        self.env = env
        self.chainLimit = chainLimit
    }

    /// Creates a spec for a transition function with no env to give: an `.action` met
    /// in a chain fails the case, asking for ``init(_:env:chainLimit:)``.
    ///
    /// ```swift
    /// let spec = UpdateSpec(Counter.update)
    /// ```
    ///
    /// - Parameter update: The feature's `update`.
    public init(_ update: @escaping @Sendable (inout State, Event) -> Effect<Event, Env>?) {
        self.update = update
        self.env = nil
        self.chainLimit = 10_000
    }

    /// Creates a spec for a feature with no dependencies; `.action` chains are followed.
    ///
    /// ```swift
    /// let spec = UpdateSpec(Counter.update)
    /// ```
    ///
    /// - Parameter update: The feature's `update`.
    public init(_ update: @escaping @Sendable (inout State, Event) -> Effect<Event, Env>?) where Env == Void {
        self.update = update
        self.env = ()
        self.chainLimit = 10_000
    }

    /// Starts a case from a state.
    ///
    /// ```swift
    /// spec.given(Counter.State(count: 1)).when(.increment).then(effect: nil) { $0.count = 2 }
    /// ```
    ///
    /// - Parameter state: The state before the events.
    /// - Returns: The case, waiting for its events.
    public func given(_ state: State) -> Given {
        Given(spec: self, state: state)
    }

    /// A state, before the events of a case.
    ///
    /// ```swift
    /// let given = spec.given(Counter.State(count: 1))
    /// given.when(.tick).then(effect: nil) { $0.count = 2 }
    /// ```
    public struct Given {
        let spec: UpdateSpec
        /// The state before the events.
        ///
        /// ```swift
        /// #expect(spec.given(State()).state == State())
        /// ```
        public let state: State

        /// Steps each event in turn, with its `.action` chain, from the given state.
        ///
        /// ```swift
        /// spec.given(State()).when(.increment, .increment).then(effect: nil) { $0.count = 2 }
        /// ```
        ///
        /// - Parameters:
        ///   - event: The first event.
        ///   - more: Further events, processed in order; tasks are never run.
        /// - Returns: The outcome: the state before and after, and the effect of the last event.
        public func when(_ event: Event, _ more: Event...) -> Outcome {
            var current = state
            var record = SpecRecord<State, Event, Env>()
            for next in [event] + more {
                record.effect = nil
                record.isTopLevel = true
                if let env = spec.env {
                    Stepper(update: spec.update, env: env, chainLimit: spec.chainLimit)
                        .step(next, state: &current, handler: &record)
                } else {
                    let effect = spec.update(&current, next)
                    record.effect = effect?.summary
                    if let effect, effect.containsAction { record.problems.append(.needsEnv) }
                }
            }
            return Outcome(
                before: state, events: [event] + more, state: current, effect: record.effect,
                problems: record.problems)
        }
    }

    /// What `update` did: the state it left and the summary of the last effect.
    ///
    /// ```swift
    /// let outcome = spec.given(State()).when(.start)
    /// #expect(outcome.state.isRunning && outcome.effect == .task(name: "ticker"))
    /// ```
    public struct Outcome {
        /// The state before the events.
        ///
        /// ```swift
        /// #expect(spec.given(State()).when(.tick).before == State())
        /// ```
        public let before: State
        /// The events processed.
        ///
        /// ```swift
        /// #expect(spec.given(State()).when(.tick, .tick).events == [.tick, .tick])
        /// ```
        public let events: [Event]
        /// The state after the events.
        ///
        /// ```swift
        /// #expect(spec.given(State()).when(.tick).state.count == 1)
        /// ```
        public let state: State
        /// The summary of the last event's effect, `nil` for none.
        ///
        /// ```swift
        /// #expect(spec.given(State()).when(.stop).effect == .cancel("ticker"))
        /// ```
        public let effect: EffectSummary?
        /// What kept the events from being stepped as a host would: a cut chain, or an
        /// `.action` met by a spec made without an env.
        let problems: [SpecRecord<State, Event, Env>.Problem]

        /// Asserts the state after the events, as a change of the state before, and the
        /// effect of the last event.
        ///
        /// ```swift
        /// spec.given(State()).when(.start).then(effect: .task(name: "ticker")) { $0.isRunning = true }
        /// ```
        ///
        /// - Parameters:
        ///   - effect: The expected summary; `nil` expects no effect.
        ///   - updateExpected: Turns the state before into the expected state; `nil`
        ///     expects no change.
        ///   - fileID: The call site, for failures.
        ///   - filePath: The call site, for failures.
        ///   - line: The call site, for failures.
        ///   - column: The call site, for failures.
        public func then(
            effect: EffectSummary?,
            _ updateExpected: ((inout State) -> Void)? = nil,
            fileID: StaticString = #fileID,
            filePath: StaticString = #filePath,
            line: UInt = #line,
            column: UInt = #column
        ) {
            var expected = before
            updateExpected?(&expected)
            check(
                state: expected, effect: effect,
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }

        /// Asserts the state after the events, as a whole value, and the effect of the last
        /// event.
        ///
        /// ```swift
        /// spec.given(State(count: 1)).when(.reset).then(State(), effect: .cancel("ticker"))
        /// ```
        ///
        /// - Parameters:
        ///   - expected: The expected state.
        ///   - effect: The expected summary; `nil` expects no effect.
        ///   - fileID: The call site, for failures.
        ///   - filePath: The call site, for failures.
        ///   - line: The call site, for failures.
        ///   - column: The call site, for failures.
        public func then(
            _ expected: State,
            effect: EffectSummary?,
            fileID: StaticString = #fileID,
            filePath: StaticString = #filePath,
            line: UInt = #line,
            column: UInt = #column
        ) {
            check(
                state: expected, effect: effect,
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }

        private func check(state expected: State, effect expectedEffect: EffectSummary?, at site: CallSite) {
            let when = events.map { StateDiff.render($0) }.joined(separator: ", ")
            for problem in problems {
                switch problem {
                case .needsEnv:
                    site.fail(
                        "\(when) returned an .action, which needs an env: make the spec with "
                            + "UpdateSpec(update, env:) to follow the chain as a host does")
                case .chainCut(let limit):
                    site.fail("The .action chain of \(when) was cut after \(limit) steps (possible cycle)")
                }
            }
            if expected != state {
                let diff =
                    StateDiff.report(expected: expected, actual: state)
                    ?? "  (no field differs, yet == is false)"
                site.fail(
                    "State after \(when) differs from the expected state (− expected, + actual):\n\(diff)")
            }
            if expectedEffect != effect {
                site.fail(
                    "Effect of \(StateDiff.render(events[events.count - 1])) differs:\n"
                        + "    − \(expectedEffect.map(\.description) ?? "no effect")\n"
                        + "    + \(effect.map(\.description) ?? "no effect")")
            }
        }
    }
}

/// A spec holds `update`, a `@Sendable` function, and the env: it may be a global and be
/// shared between tests running in parallel.
extension UpdateSpec: Sendable where Env: Sendable {}
