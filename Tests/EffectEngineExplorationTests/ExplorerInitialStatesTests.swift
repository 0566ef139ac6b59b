import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// X1: any number of initial states, as TLA+'s `Init` with `\in`.
@Suite("Explorer: several initial states", .onThreadOfItsOwn)
struct ExplorerInitialStatesTests {
    @Test func noInitialStateIsAClearError() {
        let explorer = Explorer(
            initialStates: [Peterson.State](), update: Peterson.update, events: Peterson.enabled)
        #expect(throws: ExplorationError("an explorer needs at least one initial state, and none was given"))
        {
            try explorer.explore()
        }
    }

    @Test func equalInitialStatesCountOnce() throws {
        let state = Peterson.State()
        let report = try Explorer(
            initialStates: [state, state, state], update: Peterson.update, events: Peterson.enabled
        )
        .explore()
        #expect(report.states == 42)
    }

    @Test func aTraceStartsFromTheInitialStateItWasReachedFrom() throws {
        // TLA+'s TokenAlwaysBlack, which EWD840 does not claim: the nearest white token is
        // one probe away from an initial state with the token at node 0.
        let report = try Explorer(
            initialStates: EWD840.initialStates(nodes: 3), update: EWD840.update, events: EWD840.enabled
        )
        .always("the token is always black") { $0.tokenColor == .black }
        .terminal { _ in true }
        .explore()
        let trace = try #require(report.failures.first?.trace)
        #expect(trace.events == [.initiateProbe])
        #expect(trace.initialState.tokenAt == 0)
        #expect(EWD840.initialStates(nodes: 3).contains(trace.initialState))
        #expect(trace.state.tokenColor == .white)
        let test = try #require(report.failures.first?.test)
        #expect(test.contains("tokenAt: 0"))
    }

    @Test func anInitialStateThatBreaksAnInvariantHasAnEmptyTrace() throws {
        let starts = EWD840.initialStates(nodes: 3)
        let report = try Explorer(initialStates: starts, update: EWD840.update, events: EWD840.enabled)
            .always("node 2 starts passive") { !$0.active[2] }
            .terminal { _ in true }
            .explore(depth: 0)
        let trace = try #require(report.failures.first?.trace)
        #expect(trace.steps.isEmpty)
        #expect(trace.initialState == starts.first { $0.active[2] })
    }
}
