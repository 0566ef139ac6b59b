import EffectEngine
import EffectEngineExploration
import EffectEngineTesting
import TestSupport
import Testing

@Suite("Explorer: the walk, properties and traces", .onThreadOfItsOwn)
struct ExplorerTests {
    let capped = Explorer(initialState: Capped.State(), update: Capped.update, events: Capped.enabled)
        .testCode(spec: "UpdateSpec(Capped.update)")

    @Test func walksTheWholeSpaceBreadthFirst() throws {
        let report = try capped.terminal { $0.isDone }.explore()
        // Counts 0 to 6 (adding stops at 5, by 1 or 2), each also finished: 14 states.
        #expect(report.states == 14)
        // 3 events from each count below 5, 1 from 5 and 6, none once finished.
        #expect(report.transitions == 17)
        #expect(report.depth == 4)
        #expect(report.isExhaustive)
        #expect(report.limit == nil)
        #expect(report.failures.isEmpty)
        #expect(report.deadEnds == 0)
        #expect(report.unmodelledTasks.isEmpty)
        #expect(report.graph == nil)
    }

    @Test func anInvariantFailsWithTheShortestTraceAndATest() throws {
        let report = try capped.terminal { $0.isDone }.always("the count stays at most 3") { $0.count <= 3 }
            .explore()
        #expect(report.failures.map(\.kind) == [.always("the count stays at most 3")])
        let failure = try #require(report.failures.first)
        #expect(failure.message == "always \"the count stays at most 3\" is broken after 2 events")
        let trace = try #require(failure.trace)
        #expect(trace.events == [.add(2), .add(2)])
        #expect(trace.state == Capped.State(count: 4))
        #expect(trace.initialState == Capped.State())
        #expect(trace.steps.map(\.task) == [nil, nil])
        #expect(trace.steps.map(\.effect) == [nil, nil])
        #expect(
            failure.test == """
                /// Found by Explorer: always "the count stays at most 3" is broken after 2 events.
                @Test func theCountStaysAtMost3() {
                    UpdateSpec(Capped.update).given(.init(count: 0, isDone: false))
                        .when(
                            .add(2),
                            .add(2))
                        .then(effect: nil) {
                            $0.count = 4
                        }
                }
                """)
        // The walk goes on: the other properties are still checked in every state.
        #expect(report.states == 14)
    }

    @Test func deadEndsAreStatesWithNothingEnabledThatAreNotTerminal() throws {
        let report = try capped.explore()
        #expect(report.deadEnds == 7)
        let failure = try #require(report.failures.first)
        #expect(failure.kind == .deadEnd)
        #expect(
            failure.message
                == "dead end after 1 event: no event is enabled and the state is not marked terminal (7 dead ends in all)"
        )
        #expect(failure.trace?.events == [.finish])
        #expect(
            failure.test == """
                /// Found by Explorer: dead end after 1 event: no event is enabled and the state is not marked terminal (7 dead ends in all).
                @Test func deadEnd() {
                    UpdateSpec(Capped.update).given(.init(count: 0, isDone: false))
                        .when(.finish)
                        .then(effect: nil) {
                            $0.isDone = true
                        }
                }
                """)
        let terminal = try capped.terminal { state, tasks in state.isDone && tasks.isEmpty }.explore()
        #expect(terminal.deadEnds == 0)
        #expect(terminal.failures.isEmpty)
    }

    @Test func sometimesKeepsTheShortestWitnessOrFails() throws {
        let report = try capped.terminal { $0.isDone }
            .sometimes("the count reaches 6") { $0.count == 6 }
            .sometimes("the count reaches 7") { $0.count == 7 }
            .explore()
        #expect(report.witnesses["the count reaches 6"]?.events == [.add(2), .add(2), .add(2)])
        #expect(report.witnesses["the count reaches 7"] == nil)
        #expect(report.failures.map(\.kind) == [.sometimes("the count reaches 7")])
        #expect(
            report.failures.first?.message
                == "sometimes \"the count reaches 7\" never holds in the 14 states of the whole space")
        #expect(report.failures.first?.trace == nil)
        #expect(report.failures.first?.test == nil)
        let bounded = try capped.sometimes("the count reaches 6") { $0.count == 6 }.explore(depth: 2)
        #expect(
            bounded.failures.first?.message
                == "sometimes \"the count reaches 6\" never holds in the 8 states within 2 events")
    }

    @Test func theInitialStateCanBreakAnInvariant() throws {
        let report = try capped.terminal { $0.isDone }.always("the count is positive") { $0.count > 0 }
            .explore()
        let failure = try #require(report.failures.first)
        #expect(failure.message == "always \"the count is positive\" is broken in the initial state")
        #expect(failure.trace?.steps.isEmpty == true)
        #expect(failure.test == nil)
    }

    @Test func theReportSaysWhatWasWalkedAndWhatFailed() throws {
        let report = try capped.always("the count stays at most 3") { $0.count <= 3 }
            .sometimes("the count reaches 6") { $0.count == 6 }
            .explore()
        let lines = report.description.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        #expect(
            lines[0] == "Explored 14 states and 17 transitions, 4 events deep: the whole reachable space.")
        #expect(lines[1].hasPrefix("Visited states are kept as 64-bit fingerprints, "))
        #expect(lines[1].hasSuffix(" bytes a state; the odds that two share one are below 1 in 2^57."))
        #expect(
            Array(lines[2...5]) == [
                "  ✗ always \"the count stays at most 3\" is broken after 2 events",
                "  ✓ sometimes \"the count reaches 6\" holds after 3 events",
                "  ✗ dead end after 1 event: no event is enabled and the state is not marked terminal (7 dead ends in all)",
                "",
            ])
        #expect(
            Array(lines[6...10]) == [
                "✗ always \"the count stays at most 3\" is broken after 2 events",
                "    1. .add(2)",
                "    2. .add(2)",
                "    state: State(count: 4, isDone: false)",
                "  As a test:",
            ])
        #expect(lines.contains("    @Test func deadEnd() {"))
    }

    @Test func boundsStopTheWalkAndSaySo() throws {
        let exhaustive = try capped.explore()
        let atItsDepth = try capped.explore(depth: exhaustive.depth)
        #expect(atItsDepth.isExhaustive)
        #expect(atItsDepth.states == 14)

        let shallow = try capped.explore(depth: 1)
        #expect(shallow.limit == .depth(1))
        #expect(!shallow.isExhaustive)
        #expect(shallow.states == 4)
        #expect(shallow.depth == 1)
        #expect(shallow.transitions == 3)
        #expect(
            shallow.description.hasPrefix(
                "Explored 4 states and 3 transitions, 1 event deep: stopped at the depth"))

        let initialOnly = try capped.explore(depth: 0)
        #expect(initialOnly.states == 1)
        #expect(initialOnly.limit == .depth(0))

        let few = try capped.explore(states: 5)
        #expect(few.states == 5)
        #expect(few.limit == .states(5))
        #expect(few.description.contains("stopped at the bound of 5 states."))

        let lonely = try Explorer(
            initialState: 0, update: { (_: inout Int, _: Capped.Event) -> Effect<Capped.Event, Void>? in nil }
        ) { _ in [] }
        .terminal { _ in true }
        .explore(depth: 0, states: 1)
        #expect(lonely.isExhaustive)
        #expect(lonely.states == 1)
    }

    @Test func badBoundsAndModelsAreErrorsAndNothingIsExplored() {
        #expect(throws: ExplorationError("the depth bound must be 0 or more, not -1")) {
            try capped.explore(depth: -1)
        }
        #expect(throws: ExplorationError("the state bound must be 1 or more, not 0")) {
            try capped.explore(states: 0)
        }
        #expect(throws: ExplorationError("the state bound must be at most 4,294,967,294, not 4294967295")) {
            try capped.explore(states: 4_294_967_295)
        }
        #expect(throws: ExplorationError("two properties are named \"p\"")) {
            try capped.always("p") { _ in true }.sometimes("p") { _ in true }.explore()
        }
        #expect(throws: ExplorationError("the task \"t\" is modelled twice")) {
            try capped.task("t", delivers: { _ in [] }).task("t", keepsDelivering: { _ in [] }).explore()
        }
        #expect(
            throws: ExplorationError("a task model needs a name: model unnamed tasks with unnamedTask(delivers:)")
        ) {
            try capped.task("", delivers: { _ in [] }).explore()
        }
        #expect(
            throws: ExplorationError(
                "the task \"rows/\" names a scope: the host runs a task so named as an unnamed task under it, "
                    + "never replaced; model it with unnamedTask(delivers:)")
        ) {
            try capped.task("rows/", delivers: { _ in [] }).explore()
        }
        #expect(throws: ExplorationError("unnamed tasks are modelled twice")) {
            try capped.unnamedTask(delivers: { _ in [] }).unnamedTask(delivers: { _ in [] }).explore()
        }
        var many = capped
        for index in 0..<57 { many = many.task("t\(index)", delivers: { _ in [] }) }
        #expect(
            throws: ExplorationError(
                "the task \"t56\" is one model too many: an explorer models at most 56 task names")
        ) { try many.explore() }
        #expect(
            throws: ExplorationError(
                "the depth bound must be 0 or more, not -2\nthe state bound must be 1 or more, not -3")
        ) {
            try capped.explore(depth: -2, states: -3)
        }
    }

    @Test func aTraceThatDoesNotReplayIsSaidSo() throws {
        // After the walk (14 states expanded), the enabled events come in another order:
        // they are not a function of the state.
        let calls = CallCounter()
        let report = try Explorer(initialState: Capped.State(), update: Capped.update) { state in
            let events = Capped.enabled(state)
            return calls.next() <= 14 || events.isEmpty
                ? events : Array(events.dropFirst() + events.prefix(1))
        }
        .terminal { _ in true }
        .always("the count stays at most 3") { $0.count <= 3 }
        .explore()
        let failure = try #require(report.failures.first)
        #expect(failure.trace == nil)
        #expect(failure.test == nil)
        #expect(
            failure.message.hasSuffix(
                "the trace could not be replayed: `update` or the enabled events are not a function of the state"
            ))
    }
}

/// Counts calls, for a closure that must not be a function of its argument.
final class CallCounter {
    private var count = 0

    func next() -> Int {
        count += 1
        return count
    }
}

/// The tests the report printed for `Capped`, pasted as they were: they compile, and
/// pass while `update` behaves as explored.
@Suite("Tests printed by the explorer, pasted", .onThreadOfItsOwn)
struct PastedTests {
    /// Found by Explorer: always "the count stays at most 3" is broken after 2 events.
    @Test func theCountStaysAtMost3() {
        UpdateSpec(Capped.update).given(.init(count: 0, isDone: false))
            .when(
                .add(2),
                .add(2)
            )
            .then(effect: nil) {
                $0.count = 4
            }
    }

    /// Found by Explorer: dead end after 1 event: no event is enabled and the state is not marked terminal (7 dead ends in all).
    @Test func deadEnd() {
        UpdateSpec(Capped.update).given(.init(count: 0, isDone: false))
            .when(.finish)
            .then(effect: nil) {
                $0.isDone = true
            }
    }
}
