import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

@Suite("Coverage by event case (X8)", .onThreadOfItsOwn)
struct CoverageTests {
    @Test func namesWhatTheModelNeverCovers() throws {
        let explorer = Loader.explorer()
            .task("export", delivers: { _ in [.dismiss] })
            .eventCases([.refresh, .loaded(0), .failed(""), .dismiss, .retry])
        let coverage = try #require(explorer.coverage(of: try explorer.explore(graph: true)))
        #expect(coverage.neverEnabled == ["retry"])
        #expect(coverage.tasksNeverPending == ["export"])
        #expect(coverage.tasksNeverDelivering.isEmpty)
        #expect(coverage.eventCases.map(\.name) == ["refresh", "dismiss", "loaded", "failed"])
        #expect(!coverage.isComplete)
        #expect(coverage.description.contains("never enabled: retry"))
        #expect(coverage.description.contains("tasks never pending: \"export\""))
    }

    /// A case the model leaves out on purpose is listed with why, and not as a gap.
    @Test func casesLeftOutOnPurposeAreNamedWithTheirReason() throws {
        let explorer = Loader.explorer()
            .eventCases([.refresh, .loaded(0), .failed(""), .dismiss, .retry])
            .leavingOut([.retry], because: "retrying is the refresh it sends")
        let coverage = try #require(explorer.coverage(of: try explorer.explore(graph: true)))
        #expect(coverage.neverEnabled.isEmpty)
        #expect(coverage.leftOut == [ExplorationCoverage.LeftOut(cases: ["retry"], reason: "retrying is the refresh it sends")])
        #expect(coverage.isComplete)
        #expect(coverage.description.contains("  – left out: retry (retrying is the refresh it sends)"))
        #expect(!coverage.description.contains("never enabled"))
    }

    @Test func countsTransitionsAndTheOnesThatChangeTheState() throws {
        let explorer = Loader.explorer()
        let coverage = try #require(explorer.coverage(of: try explorer.explore(graph: true)))
        let refresh = try #require(coverage.eventCases.first { $0.name == "refresh" })
        // Refresh is enabled in every state and changes it only when not loading.
        #expect(refresh.transitions == coverage.states)
        #expect(refresh.changes > 0 && refresh.changes < refresh.transitions)
        #expect(coverage.neverChanging.isEmpty)
        #expect(coverage.isComplete, "\(coverage)")
    }

    @Test func aCaseThatNeverChangesTheStateIsNamed() throws {
        let explorer = Explorer(initialState: Loader.State(), update: Loader.update) { _ in [.retry, .refresh] }
            .task("load", delivers: { _ in [.loaded(1)] })
        let coverage = try #require(explorer.coverage(of: try explorer.explore(graph: true)))
        #expect(coverage.neverChanging == ["retry"])
    }

    @Test func aReportWithNoGraphHasNoCoverage() throws {
        #expect(Loader.explorer().coverage(of: try Loader.explorer().explore()) == nil)
    }
}
