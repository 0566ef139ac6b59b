import EffectEngine
import EffectEngineExploration
import Testing

@testable import counter

@Suite("Counter feature, explored")
struct CounterExplorationTests {
    let explorer = Counter.explorer(env: .live())

    @Test(arguments: [2, 4, 8])
    func theTickerRunsExactlyWhileStarted(depth: Int) throws {
        let report = try explorer.explore(depth: depth)
        #expect(report.failures.filter { $0.kind != .sometimes("the count reaches 3") }.isEmpty, "\(report)")
        // Stopped with count 0; running with counts 0 to depth - 1; stopped with counts 1
        // to depth - 2: the count has no bound, so the depth is what ends the walk.
        #expect(report.states == 2 * depth - 1)
        #expect(report.limit == .depth(depth))
    }

    @Test func threeTicksAfterAStart() throws {
        let report = try explorer.explore(depth: 4)
        #expect(report.failures.isEmpty, "\(report)")
        let trace = try #require(report.witnesses["the count reaches 3"])
        #expect(trace.events == [.start, .tick, .tick, .tick])
        #expect(trace.steps.map(\.task) == [nil, "ticker", "ticker", "ticker"])
        #expect(trace.steps.map(\.pendingTasks) == Array(repeating: ["ticker"], count: 4))
    }
}
