import EffectEngine
import ExplorationModels
import EffectEngineExploration
import TestSupport
import Testing

/// X6: several workers give the report one worker gives, whatever the scheduling.
@Suite("Explorer: parallel walk", .onThreadOfItsOwn)
struct ExplorerParallelTests {
    /// TwoPhase with 5 managers (8,832 states; levels 6 to 11 have 962 to 1,425 states and
    /// are expanded in parallel), with only the events that change something, so its
    /// ends are dead ends (the first 6 events deep); an invariant first broken 7 events
    /// deep, and a witness 10 deep.
    static func explorer() -> Explorer<TwoPhase.State, TwoPhase.Event, Void> {
        Explorer(initialState: TwoPhase.State(managers: 5), update: TwoPhase.update) { state in
            TwoPhase.enabled(state).filter { event in
                var next = state
                _ = TwoPhase.update(state: &next, event: event)
                return next != state
            }
        }
        .always("no manager commits while another aborts", TwoPhase.isConsistent)
        .always("no manager aborts once the coordinator knows three are prepared") { state in
            state.prepared.count < 3 || !state.managers.contains(.aborted)
        }
        .sometimes("every manager is prepared and the coordinator knows") { $0.prepared.count == 5 }
    }

    func expectSameReports(
        _ one: ExplorationReport<TwoPhase.State, TwoPhase.Event>,
        _ many: ExplorationReport<TwoPhase.State, TwoPhase.Event>
    ) {
        #expect(many.states == one.states)
        #expect(many.transitions == one.transitions)
        #expect(many.depth == one.depth)
        #expect(many.limit == one.limit)
        #expect(many.deadEnds == one.deadEnds)
        #expect(many.failures.map(\.kind) == one.failures.map(\.kind))
        #expect(many.failures.map { $0.trace?.events } == one.failures.map { $0.trace?.events })
        #expect(many.failures.map(\.test) == one.failures.map(\.test))
        #expect(many.witnesses.mapValues(\.events) == one.witnesses.mapValues(\.events))
        #expect(many.description == one.description)
    }

    @Test(arguments: [2, 3])
    func manyWorkersFindWhatOneFinds(workers: Int) throws {
        let one = try Self.explorer().explore()
        let many = try Self.explorer().explore(workers: workers)
        #expect(one.states == 8_832)
        #expect(one.failures.map { $0.trace?.events.count } == [7, 6], "\(one)")
        #expect(one.witnesses.values.map(\.events.count) == [10])
        expectSameReports(one, many)
    }

    @Test func aStateBoundInAParallelLevelStopsWhereOneWorkerStops() throws {
        let one = try Self.explorer().explore(states: 4_000)
        let many = try Self.explorer().explore(states: 4_000, workers: 2)
        #expect(one.limit == .states(4_000))
        expectSameReports(one, many)
    }

    @Test func aDepthBoundIsTheSame() throws {
        let one = try Self.explorer().explore(depth: 9)
        let many = try Self.explorer().explore(depth: 9, workers: 2)
        #expect(one.limit == .depth(9))
        expectSameReports(one, many)
    }

    @Test func aWalkKeepingTheGraphGivesTheOneWorkerGraph() throws {
        // A walk keeping the graph runs on one worker, whatever the workers asked.
        // Compared by value: a `Set`'s order, and so a label's text, differs from one
        // instance to the next.
        let one = try #require(try TwoPhaseTests.explorer(managers: 3).explore(graph: true).graph)
        let many = try #require(
            try TwoPhaseTests.explorer(managers: 3).explore(graph: true, workers: 2).graph)
        #expect(one.nodes.count == 288)
        #expect(many.nodes.map(\.state) == one.nodes.map(\.state))
        #expect(many.nodes.map(\.depth) == one.nodes.map(\.depth))
        #expect(many.edges.map { [$0.from, $0.to] } == one.edges.map { [$0.from, $0.to] })
        #expect(many.edges.map(\.event) == one.edges.map(\.event))
    }

    @Test func repeatedRunsAgree() throws {
        let first = try Self.explorer().explore(workers: 4)
        for _ in 0..<2 { expectSameReports(first, try Self.explorer().explore(workers: 4)) }
    }

    @Test(arguments: [0, -1, 257])
    func aWorkerCountOutOfRangeIsAClearError(workers: Int) {
        #expect(throws: ExplorationError("the workers must be 1 to 256, not \(workers)")) {
            try TwoPhaseTests.explorer(managers: 2).explore(workers: workers)
        }
    }
}
