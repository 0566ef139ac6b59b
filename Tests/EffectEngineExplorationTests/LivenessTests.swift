import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

@Suite("Liveness: a goal that stays reachable (X7)", .onThreadOfItsOwn)
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

    /// X13: within 1 event the stuck state is not reached, and the loading state's
    /// successors lie past the bound, so nothing is known: undecided, never "holds".
    @Test func aGoalLostOnlyPastTheBoundIsUndecidedNamingTheBound() throws {
        let report = try Loader.explorer(Loader.brokenUpdate).checkLiveness(depth: 1)
        #expect(!report.isExhaustive)
        #expect(!report.holds)
        #expect(report.results.map(\.verdict) == [.undecided(bound: "the depth bound of 1 event")])
        #expect(report.violations.map(\.name) == ["loading ends"])
        #expect(report.undecided.map(\.name) == ["loading ends"])
        #expect(!report.description.contains("✓"))
        #expect(
            report.description.contains(
                "  ? eventually \"loading ends\" is undecided: nothing within the walk breaks it, but the walk "
                    + "stopped at the depth bound of 1 event, and a state past it may; raise the bound to decide it"),
            "\(report)")
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
