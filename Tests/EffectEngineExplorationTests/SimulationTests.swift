import EffectEngine
import ExplorationModels
import EffectEngineExploration
import TestSupport
import Testing

@Suite("Seeded random walks that shrink (X9)", .onThreadOfItsOwn)
struct SimulationTests {
    /// TwoPhase with a planted bug: the coordinator commits once it has heard that all
    /// managers but two are prepared. It shows only once n − 2 managers have prepared and
    /// the coordinator has heard each, one of them has heard the commit and another manager
    /// has chosen to abort: 2(n − 2) + 2 events, 22 for 12 managers.
    static func plantedBug(managers: Int) -> Explorer<TwoPhase.State, TwoPhase.Event, Void> {
        Explorer(initialState: TwoPhase.State(managers: managers), update: buggyUpdate, events: TwoPhase.enabled)
            .always("no manager commits while another aborts", TwoPhase.isConsistent)
    }

    static func buggyUpdate(state: inout TwoPhase.State, event: TwoPhase.Event) -> Effect<TwoPhase.Event, Void>? {
        let effect = TwoPhase.update(state: &state, event: event)
        // The planted bug: the coordinator commits once it has heard from all managers
        // but two, not all of them.
        if case .coordinatorReceivesPrepared = event, state.coordinator == .initial,
            state.prepared.count == state.managers.count - 2
        {
            state.coordinator = .committed
            state.messages.insert(.commit)
        }
        return effect
    }

    /// The bar: 12 managers, too many to exhaust here (TLC's counts grow about
    /// sixfold a manager: 1,745,408 states for 8).
    static let managers = 12

    @Test func findsAndShrinksABugDeeperThan20Events() throws {
        let managers = Self.managers
        let clock = ContinuousClock()
        let start = clock.now
        let report = try Self.plantedBug(managers: managers).simulate(walks: 1_000_000, depth: 80, seed: 29)
        let elapsed = clock.now - start
        let failure = try #require(report.failure, "\(report)")
        let events = try #require(failure.failure.trace?.events)
        #expect(events.count == 2 * (managers - 2) + 2)
        #expect(failure.failure.kind == .always("no manager commits while another aborts"))
        #expect(elapsed < TestBounds.scaled(.seconds(60)))
        // 1-minimal: no single event removable, none replaceable by a choice listed before it.
        #expect(Self.fails(events, managers: managers))
        for index in events.indices {
            var fewer = events
            fewer.remove(at: index)
            #expect(!Self.fails(fewer, managers: managers), "event \(index + 1) is removable")
            var state = TwoPhase.State(managers: managers)
            for event in events[..<index] { _ = Self.buggyUpdate(state: &state, event: event) }
            let enabled = TwoPhase.enabled(state)
            for simpler in enabled[..<(enabled.firstIndex(of: events[index]) ?? 0)] {
                var replaced = events
                replaced[index] = simpler
                #expect(!Self.fails(replaced, managers: managers), "event \(index + 1) can be \(simpler)")
            }
        }
        #expect(failure.failure.test?.contains(".when(") == true)
    }

    /// Whether stepping `events`, each enabled where it stands, breaks consistency.
    static func fails(_ events: [TwoPhase.Event], managers: Int) -> Bool {
        var state = TwoPhase.State(managers: managers)
        for event in events {
            guard TwoPhase.enabled(state).contains(event) else { return false }
            _ = buggyUpdate(state: &state, event: event)
            if !TwoPhase.isConsistent(state) { return true }
        }
        return false
    }

    @Test func theSameSeedGivesTheSameWalks() throws {
        let first = try Self.plantedBug(managers: 4).simulate(walks: 5_000, depth: 40, seed: 3)
        let second = try Self.plantedBug(managers: 4).simulate(walks: 5_000, depth: 40, seed: 3)
        let other = try Self.plantedBug(managers: 4).simulate(walks: 5_000, depth: 40, seed: 4)
        #expect(first.walks == second.walks)
        #expect(first.steps == second.steps)
        #expect(first.failure?.failure.trace?.events == second.failure?.failure.trace?.events)
        #expect(first.failure?.unshrunkEvents == second.failure?.unshrunkEvents)
        #expect(first.steps != other.steps || first.walks != other.walks)
    }

    @Test func aCorrectModelPassesEveryWalk() throws {
        let report = try TwoPhaseTests.explorer(managers: 3)
            .always("no manager commits while another aborts", TwoPhase.isConsistent)
            .terminal { state in state.managers.allSatisfy { $0 != .working && $0 != .prepared } }
            .simulate(walks: 200, depth: 30, seed: 1)
        #expect(report.failure == nil, "\(report)")
        #expect(report.walks == 200)
        #expect(report.steps > 200)
        #expect(report.description.hasSuffix("no property failed."))
    }

    @Test func aDeadEndIsFoundAndShrunk() throws {
        let report = try Explorer(initialState: Loader.State(), update: Loader.brokenUpdate) { state in
            state.isLoading ? [] : [.refresh, .dismiss]
        }
        .task("load", delivers: { _ in [.loaded(3), .failed("offline")] })
        .simulate(walks: 100, depth: 20, seed: 9)
        let failure = try #require(report.failure)
        #expect(failure.failure.kind == .deadEnd)
        #expect(failure.failure.trace?.events == [.refresh, .failed("offline")])
    }

    @Test func badBoundsAreRefused() {
        #expect(throws: ExplorationError.self) { try Loader.explorer().simulate(walks: 0) }
        #expect(throws: ExplorationError.self) { try Loader.explorer().simulate(walks: 1, depth: 0) }
    }
}
