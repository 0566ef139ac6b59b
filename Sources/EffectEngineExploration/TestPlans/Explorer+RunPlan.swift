import EffectEngine
import EffectEngineShared

extension Explorer where State: Sendable, Event: Equatable, Env: Sendable {
    /// Runs each path of a plan against the real host, with the env the host was made
    /// with, and names the first step where the host and the model disagree (X10).
    ///
    /// For each path, a new host is made in the state the path starts from. The path's own
    /// events (not those its tasks deliver) are performed in order, each waiting until its
    /// causal tree settles, so the task bodies run for real. The model follows the host
    /// through the same transition system every checker uses: it steps the same event,
    /// then each event the host's tasks delivered, which must be one the model lists for
    /// that task in the state it arrives in. The first step where a task delivers an event the
    /// model does not list, or where the host's settled state differs from the model's,
    /// ends the path and is reported, with a test that replays the path on the host.
    ///
    /// ```swift
    /// let result = await explorer.run(plan) { state in
    ///     EffectHost(initialState: state, env: .mock(clock: TestClock()), update: Movies.update)
    /// }
    /// #expect(result.mismatches.isEmpty, "\(result)")
    /// ```
    ///
    /// Since each event settles before the next, the host's tasks deliver as soon as they
    /// can, which is one of the orders the model explores; a path whose next event the
    /// model no longer enables after the host's deliveries stops there, counted in
    /// ``TestPlanResult/stoppedPaths``.
    ///
    /// - Parameters:
    ///   - plan: A plan of this explorer.
    ///   - timeout: The longest wait for one event's tree to settle (a ticker never
    ///     does); the state is compared when it passes, and a mismatch after an event
    ///     that had not settled says so.
    ///   - hostCode: The Swift expression of the host in the tests written for mismatches.
    ///   - makeHost: Makes a host in the state given (the state a path starts from: the
    ///     explorer's initial state), with the env to test.
    /// - Returns: What ran and what differed.
    @MainActor
    public func run(
        _ plan: TestPlan<State, Event>, timeout: Duration = .seconds(1), hostCode: String = "makeHost()",
        host makeHost: (State) -> EffectHost<State, Event, Env>
    ) async -> TestPlanResult<State, Event> {
        await run(
            plan, timeout: timeout, hostCode: hostCode, progress: nil,
            perform: { host, event in await host.perform(event, timeout: timeout) }, host: makeHost)
    }

    /// ``run(_:timeout:hostCode:host:)`` with the way each event is performed given (a
    /// line program on virtual time moves its clock while it waits), and told, after each
    /// path, how many of the plan's paths have run.
    ///
    /// - Parameters:
    ///   - progress: Called after each path with the paths run and the paths in all.
    ///   - perform: Performs an event on the host; returns whether its tree settled
    ///     within `timeout`.
    @MainActor
    package func run(
        _ plan: TestPlan<State, Event>, timeout: Duration, hostCode: String,
        progress: ((_ done: Int, _ total: Int) -> Void)?,
        perform: (EffectHost<State, Event, Env>, Event) async -> Bool,
        host makeHost: (State) -> EffectHost<State, Event, Env>
    ) async -> TestPlanResult<State, Event> {
        let system = TransitionSystem(self)
        /// Steps a choice of the model, and returns the problems `update` reported for it.
        func follow(_ choice: Choice<Event>, _ state: inout State, _ pending: inout UInt64)
            -> [TestPlanResult<State, Event>.ModelOutput]
        {
            var notes = StepNotes(recordsReports: true)
            system.step(choice, state: &state, pending: &pending, notes: &notes)
            return (notes.reports ?? []).map { TestPlanResult<State, Event>.ModelOutput.reported($0) }
        }
        var mismatches: [TestPlanResult<State, Event>.Mismatch] = []
        var steps = 0
        var stopped = 0
        for (number, path) in plan.paths.enumerated() {
            let host = makeHost(path.initialState)
            let deliveries = Deliveries<Event>()
            let subscription = host.observe { activity in
                switch activity {
                case .transition(let step):
                    guard case .task(let task) = step.cause else { return }
                    deliveries.events.append(.delivered(step.event, by: task.name))
                case .settled:
                    deliveries.events.append(.settled)
                default:
                    return
                }
            }
            var state = path.initialState
            var pending: UInt64 = 0
            var performed: [Event] = []
            var modelOutput: [[TestPlanResult<State, Event>.ModelOutput]] = []
            var mismatch: String?
            // The first event whose tree had not settled when the timeout passed: a task
            // slower than the bound delivers after it, seemingly out of turn.
            var unsettled: Event?
            if host.state != state {
                mismatch = "the host starts in a state other than the one the path starts from"
            }
            for step in path.steps where step.task == nil && mismatch == nil {
                guard system.number(of: step.event, task: -1, in: state, pending: pending) != nil else {
                    stopped += 1
                    break
                }
                steps += 1
                performed.append(step.event)
                // The model's output wherever the host settled, as a line host shows it: the
                // problems `update` reported, then the state.
                var output = follow(Choice(event: step.event, task: -1), &state, &pending)
                var shown: State?
                deliveries.events.removeAll()
                if await !perform(host, step.event), unsettled == nil { unsettled = step.event }
                for delivery in deliveries.events {
                    guard case .delivered(let event, let name) = delivery else {
                        if shown != state {
                            output.append(.settled(state))
                            shown = state
                        }
                        continue
                    }
                    let task = name.map { system.tracker.number(of: $0) } ?? (unnamedOutcomes == nil ? -1 : TaskTracker.unnamed)
                    let listed = task < 0 ? [] : system.choices(in: state, pending: pending).filter { $0.task == task }
                    guard listed.contains(where: { $0.event == event }) else {
                        let label = name.map { "task \"\($0)\"" } ?? "an unnamed task"
                        let lists = listed.isEmpty ? "none" : listed.map { StateDiff.render($0.event) }.joined(separator: ", ")
                        mismatch = "\(label) delivered \(StateDiff.render(event)), which the model does not list (it lists \(lists))"
                        // The model's own outcome, when it lists one, is part of its output
                        // of the failing step: a transcript of it passes once the program
                        // delivers that outcome (L14).
                        if listed.count == 1 { output += follow(listed[0], &state, &pending) }
                        break
                    }
                    output += follow(Choice(event: event, task: task), &state, &pending)
                }
                if shown != state { output.append(.settled(state)) }
                modelOutput.append(output)
                if mismatch == nil, host.state != state {
                    let differences = StateDiff.report(expected: state, actual: host.state) ?? ""
                    mismatch = "the host's settled state differs from the model's (− model, + host):\n" + differences
                }
            }
            subscription.cancel()
            await host.stop()
            if var mismatch {
                if let unsettled {
                    mismatch += " (\(StateDiff.render(unsettled))'s tasks had not settled within \(timeout), "
                        + "so a task slower than that may have delivered late: try a longer timeout)"
                }
                let events = performed.map { StateDiff.render($0) }.joined(separator: ", ")
                let message = "path \(number + 1), after \(performed.count == 1 ? "1 event" : "\(performed.count) events") (\(events)): \(mismatch)"
                mismatches.append(
                    TestPlanResult.Mismatch(
                        path: number + 1, events: performed, modelOutput: modelOutput, hostState: host.state,
                        message: message,
                        test: hostTest(
                            named: "test plan path \(number + 1)", events: performed, expected: state,
                            hostCode: hostCode, message: message)))
            }
            progress?(number + 1, plan.paths.count)
        }
        return TestPlanResult(paths: plan.paths.count, steps: steps, stoppedPaths: stopped, mismatches: mismatches)
    }

    /// A test that performs `events` on a host and expects `expected`: the model's state
    /// after those events and the outcomes the host's tasks delivered, as far as the model
    /// lists them.
    func hostTest(named name: String, events: [Event], expected: State, hostCode: String, message: String) -> String {
        let spell = code.event ?? { SwiftCode.literal($0) }
        var lines = [
            "/// Found by a test plan: \(message.split(separator: "\n").first ?? "").",
            "@Test @MainActor func \(SwiftCode.identifier(name))() async {",
            "    let host = \(hostCode)",
        ]
        lines += events.map { "    await host.perform(\(spell($0)))" }
        lines.append("    // The model's state after these events and the outcomes its tasks list:")
        lines.append("    #expect(host.state == \(code.state.map { $0(expected) } ?? SwiftCode.literal(expected)))")
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}

/// What the host did during one `perform`: the events its tasks delivered, and where it
/// settled between them.
@MainActor
final class Deliveries<Event: Sendable> {
    enum Delivery {
        /// A task, named or not, delivered an event.
        case delivered(Event, by: String?)
        /// The host settled: a line host renders its state here.
        case settled
    }

    var events: [Delivery] = []
}
