import EffectEngine
import EffectEngineExploration
import Synchronization
import TestSupport
import Testing

/// Rows added with an id from the env: fresh ids make the explorer's space endless.
private enum Rows {
    struct State: Hashable {
        var ids: [Int] = []
    }

    enum Event: Hashable, Sendable {
        case add
        case added(Int)
        case clear
    }

    /// Ids: fresh on every draw, or always the same.
    final class Ids: Sendable {
        private let next = Mutex(0)
        let isFresh: Bool
        init(fresh: Bool) { isFresh = fresh }
        func draw() -> Int {
            guard isFresh else { return 7 }
            return next.withLock { id in
                id += 1
                return id
            }
        }
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Ids>? {
        switch event {
        case .add:
            return .action { ids in .added(ids.draw()) }
        case .added(let id):
            state.ids.append(id)
        case .clear:
            state.ids = []
        }
        return nil
    }

    static func enabled(_ state: State) -> [Event] { state.ids.count < 2 ? [.add, .clear] : [.clear] }
}

@Suite("X3: an update or action that answers two ways is reported, naming the event", .onThreadOfItsOwn)
struct ExplorerDeterminismTests {
    @Test func anEnvDrawingFreshIdsIsReported() throws {
        let report = try Explorer(initialState: Rows.State(), env: Rows.Ids(fresh: true), update: Rows.update, events: Rows.enabled)
            .explore(states: 100_000)
        let failure = try #require(report.failures.first { $0.kind == .nondeterministic })
        #expect(failure.message.hasPrefix(".add, stepped twice from the same state in the initial state, gave two different results"))
        #expect(failure.trace?.steps.isEmpty == true)
        #expect(failure.test == nil)
        #expect(report.limit == .nondeterminism && !report.isExhaustive)
        #expect(report.states < 10)
        #expect(report.description.contains("stopped at a transition that gave two different results"))
    }

    @Test func theSameFeatureWithADeterministicEnvIsExploredWhole() throws {
        let report = try Explorer(initialState: Rows.State(), env: Rows.Ids(fresh: false), update: Rows.update, events: Rows.enabled)
            .explore()
        #expect(report.failures.isEmpty)
        #expect(report.isExhaustive)
        #expect(report.states == 3)
    }
}
