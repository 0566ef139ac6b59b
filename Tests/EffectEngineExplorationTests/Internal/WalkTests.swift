import EffectEngine
import ExplorationModels
import TestSupport
import Testing

@testable import EffectEngineExploration

@Suite("Walk", .onThreadOfItsOwn)
struct WalkTests {
    /// One worker steps in batches only once the table outgrows a cache; from the start,
    /// it finds what the unbatched walk finds, failures, dead ends and bounds included.
    @Test(arguments: [(nil, 1_000_000), (9, 1_000_000), (nil, 4_000)] as [(Int?, Int)])
    func batchesFindWhatSingleStepsFind(depth: Int?, states: Int) {
        let explorer = ExplorerParallelTests.explorer()
        func report(batchesFrom: Int) -> ExplorationReport<TwoPhase.State, TwoPhase.Event> {
            var walk = Walk(explorer: explorer, maxDepth: depth ?? .max, maxStates: states, recordsGraph: false)
            walk.batchesFrom = batchesFrom
            walk.run()
            return explorer.report(of: walk)
        }
        let single = report(batchesFrom: .max)
        let batched = report(batchesFrom: 0)
        #expect(batched.description == single.description)
        #expect(batched.limit == (depth.map { .depth($0) } ?? (states < 8_832 ? .states(states) : nil)))
        #expect(!single.failures.isEmpty)
    }
}
