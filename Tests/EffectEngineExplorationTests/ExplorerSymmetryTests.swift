import EffectEngine
import ExplorationModels
import EffectEngineExploration
import TestSupport
import Testing

/// X5: a symmetry's representatives, as TLC's `SYMMETRY`.
@Suite("Explorer: symmetry", .onThreadOfItsOwn)
struct ExplorerSymmetryTests {
    /// The number of representatives, counted by a plain search of the whole space.
    func representatives<State: Hashable, Event>(
        from initial: State, update: (inout State, Event) -> Effect<Event, Void>?,
        enabled: (State) -> [Event],
        canonical: (State) -> State
    ) -> Int {
        var seen: Set<State> = [initial]
        var queue = [initial]
        while let state = queue.popLast() {
            for event in enabled(state) {
                var next = state
                _ = update(&next, event)
                if seen.insert(next).inserted { queue.append(next) }
            }
        }
        return Set(seen.map(canonical)).count
    }

    @Test func twoPhaseReachesOneRepresentativeOfEachSetOfSymmetricStates() throws {
        let report = try TwoPhaseTests.explorer(managers: 5).symmetry(TwoPhase.canonical).explore()
        let expected = representatives(
            from: TwoPhase.State(managers: 5), update: TwoPhase.update, enabled: TwoPhase.enabled,
            canonical: TwoPhase.canonical)
        #expect(report.states == expected)
        // Stateright's representatives, which sort the managers by their state alone: 665.
        #expect(report.states == 314)
        #expect(report.isExhaustive)
    }

    @Test func simpleAllocatorUnderPermutationsOfClients() throws {
        let report = try PublishedModelsTests.allocator.symmetry(SimpleAllocator.canonical)
            .always("ResourceMutex", SimpleAllocator.resourceMutex)
            .explore()
        let expected = representatives(
            from: SimpleAllocator.State(clients: 3, resources: 2), update: SimpleAllocator.update,
            enabled: SimpleAllocator.enabled, canonical: SimpleAllocator.canonical)
        #expect(report.states == expected)
        #expect(report.states < 400)
        #expect(report.failures.isEmpty, "\(report)")
    }

    @Test func theVerdictsAreTheSameAndTheTracesAreOfRealStates() throws {
        let properties = { (explorer: Explorer<TwoPhase.State, TwoPhase.Event, Void>) in
            explorer
                .always("no manager commits while another aborts", TwoPhase.isConsistent)
                .always("never does every manager commit") { !$0.managers.allSatisfy { $0 == .committed } }
                .sometimes("every manager aborts") { $0.managers.allSatisfy { $0 == .aborted } }
        }
        let plain = try properties(TwoPhaseTests.explorer(managers: 4)).explore()
        let symmetric = try properties(TwoPhaseTests.explorer(managers: 4).symmetry(TwoPhase.canonical))
            .explore()
        #expect(symmetric.failures.map(\.kind) == plain.failures.map(\.kind))
        #expect(symmetric.witnesses.keys.sorted() == plain.witnesses.keys.sorted())
        let trace = try #require(symmetric.failures.first?.trace)
        #expect(trace.events.count == plain.failures.first?.trace?.events.count)
        // Each step is the event stepped from the real state before it.
        var state = trace.initialState
        for step in trace.steps {
            _ = TwoPhase.update(state: &state, event: step.event)
            #expect(step.state == state)
            #expect(TwoPhase.enabled(state).isEmpty == false)
        }
        #expect(state.managers.allSatisfy { $0 == .committed })
        #expect(symmetric.failures.first?.test != nil)
    }

    @Test func aCanonicalStateThatIsNotItsOwnIsAClearError() {
        // Flipping the turn gives a representative whose representative is another state.
        let explorer = Explorer(
            initialState: Peterson.State(), update: Peterson.update, events: Peterson.enabled
        )
        .symmetry { state in
            var flipped = state
            flipped.turn = 1 - state.turn
            return flipped
        }
        #expect {
            try explorer.explore()
        } throws: { error in
            let message = (error as? ExplorationError)?.message ?? ""
            return message.hasPrefix("the symmetry's canonical state is not its own canonical state")
                && message.contains("among the initial states")
        }
    }

    @Test func aSymmetryGivenTwiceIsAMistake() {
        let explorer = TwoPhaseTests.explorer(managers: 2).symmetry(TwoPhase.canonical).symmetry(
            TwoPhase.canonical)
        #expect(throws: ExplorationError("the symmetry is given twice")) { try explorer.explore() }
    }
}
