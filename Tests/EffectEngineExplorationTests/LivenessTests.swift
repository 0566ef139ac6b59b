import EffectEngine
import EffectEngineExploration
import Testing

@Suite("Liveness: a goal that stays reachable (X7)")
struct LivenessTests {
    @Test func aSpinnerThatAlwaysStopsHolds() throws {
        let report = try Loader.explorer().checkLiveness()
        #expect(report.isExhaustive)
        #expect(report.violations.isEmpty, "\(report)")
        #expect(report.results.map(\.name) == ["loading ends"])
        #expect(report.description.contains("✓ eventually \"loading ends\""))
    }

    @Test func aSpinnerThatCanNeverStopIsCaughtWithItsTrace() throws {
        let report = try Loader.explorer(Loader.brokenUpdate).checkLiveness()
        let violation = try #require(report.violations.first)
        #expect(violation.trace?.events == [.refresh, .failed("offline")])
        #expect(violation.trace?.steps.last?.task == "load")
        #expect(violation.trace?.state.isLoading == true)
        #expect(violation.stuckStates >= 1)
        #expect(violation.message.hasPrefix("eventually \"loading ends\" is lost after 2 events"))
        #expect(violation.test?.contains("@Test func loadingEndsIsLost()") == true)
    }

    @Test func aGoalLostOnlyPastTheBoundIsNotReported() throws {
        // Within 1 event the stuck state is not reached, and the loading state's
        // successors lie past the bound: assumed to reach the goal.
        let report = try Loader.explorer(Loader.brokenUpdate).checkLiveness(depth: 1)
        #expect(!report.isExhaustive)
        #expect(report.violations.isEmpty, "\(report)")
    }

    @Test func aPropertyOverPendingTasks() throws {
        let report = try Loader.explorer(Loader.brokenUpdate)
            .eventually("the load answers", after: { _, tasks in tasks.contains("load") }) { _, tasks in
                !tasks.contains("load")
            }
            .checkLiveness()
        // The load always answers; only the spinner is stuck.
        #expect(report.violations.map(\.name) == ["loading ends"])
    }

    @Test func aReportWithNoGraphHasNoLiveness() throws {
        let explorer = Loader.explorer()
        #expect(explorer.liveness(of: try explorer.explore()) == nil)
        #expect(explorer.liveness(of: try explorer.explore(graph: true)) != nil)
    }

    @Test func twoPropertiesOfOneNameAreAMistake() {
        #expect(throws: ExplorationError.self) {
            try Loader.explorer().eventually("loading ends") { _ in true }.checkLiveness()
        }
        #expect(throws: ExplorationError.self) {
            try Loader.explorer().checkLiveness(states: 0)
        }
    }
}
