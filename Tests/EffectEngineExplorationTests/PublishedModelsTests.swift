import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// TLA+ specifications from the tlaplus/Examples repository, written as features
/// (Support/Models/), against the distinct states TLC finds with their published
/// configurations, with the invariants their configurations check.
@Suite("Explorer against TLC's published models", .onThreadOfItsOwn)
struct PublishedModelsTests {
    @Test func tcommitReachesTLCsCount() throws {
        let report = try Explorer(
            initialState: TCommit.State(managers: 3), update: TCommit.update, events: TCommit.enabled
        )
        .always("TCConsistent", TCommit.isConsistent)
        .terminal { _ in true }  // CHECK_DEADLOCK FALSE
        .explore()
        #expect(report.states == 34)
        #expect(report.isExhaustive)
        #expect(report.failures.isEmpty, "\(report)")
    }

    @Test func ewd840StartsFrom192StatesAndReachesTLCsCount() throws {
        let starts = EWD840.initialStates(nodes: 3)
        #expect(starts.count == 192)
        #expect(Set(starts).count == 192)
        let explorer = Explorer(initialStates: starts, update: EWD840.update, events: EWD840.enabled)
        let report =
            try explorer
            .always("TerminationDetection", EWD840.detectsTerminationCorrectly)
            .always("Inv", EWD840.invariant)
            .terminal { _ in true }  // CHECK_DEADLOCK FALSE
            .explore()
        #expect(report.states == 302)
        #expect(report.isExhaustive)
        #expect(report.failures.isEmpty, "\(report)")
        // Only the initial states, at depth 0.
        #expect(try explorer.explore(depth: 0).states == 192)
    }

    @Test func petersonReachesTLCsCountWithNoDeadlock() throws {
        let report = try Explorer(
            initialState: Peterson.State(), update: Peterson.update, events: Peterson.enabled
        )
        .always("Inv", Peterson.invariant)
        .sometimes("process 1 is in its critical section") { $0.pc[1] == .cs }
        .explore()
        #expect(report.states == 42)
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.deadEnds == 0)
    }

    @Test func diningPhilosophersReachTLCsCountWithNoDeadlock() throws {
        let report = try Explorer(
            initialState: DiningPhilosophers.State(philosophers: 5), update: DiningPhilosophers.update,
            events: DiningPhilosophers.enabled
        )
        .always("ExclusiveAccess", DiningPhilosophers.exclusiveAccess)
        .explore()
        #expect(report.states == 67)
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.deadEnds == 0)
    }

    @Test func simpleAllocatorReachesTLCsCountWithNoDeadlock() throws {
        let report = try Self.allocator
            .always("ResourceMutex", SimpleAllocator.resourceMutex)
            .explore()
        #expect(report.states == 400)
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.deadEnds == 0)
    }

    static var allocator: Explorer<SimpleAllocator.State, SimpleAllocator.Event, Void> {
        Explorer(
            initialState: SimpleAllocator.State(clients: 3, resources: 2), update: SimpleAllocator.update,
            events: SimpleAllocator.enabled)
    }
}
