import EffectEngine
import EffectEngineExploration
import ExplorationModels
import TestSupport
import Testing

/// X11: leads-to under fairness, with lasso counterexamples.
@Suite("Explorer: leads-to under fairness (X11)", .onThreadOfItsOwn)
struct LeadsToTests {
    /// The feature that breaks X11: a load that may fail every time retries forever. The
    /// goal stays reachable (the `eventually` property of X7 holds), and the task keeps
    /// delivering (weak fairness of its outcomes is met), yet on that fair path the
    /// spinner never stops: a lasso, `refresh` then the loop `failed, failed`.
    @Test func aRetryThatMayFailForeverBreaksLeadsTo() throws {
        let explorer = Retry.explorer(retries: true)
            .eventually("a page stays within reach", after: { $0.isLoading }, through: .taskOutcomes) { !$0.isLoading }
        let report = try explorer.checkLiveness()
        #expect(report.results.map(\.kind) == [.leadsTo, .staysReachable])
        #expect(report.results[1].holds)
        let result = try #require(report.violations.first)
        #expect(result.name == "a refresh ends")
        #expect(result.trace?.events == [.refresh])
        #expect(result.cycle?.map(\.event) == [.failed, .failed])
        #expect(result.cycle?.map(\.task) == ["load", "load"])
        #expect(result.cycle?.last?.state == result.trace?.state)
        #expect(
            result.message
                == "leads-to \"a refresh ends\" fails: its trigger holds with the goal not holding after 1 event, a fair path repeats a loop of "
                + "2 events forever, and the goal never holds on it (6 trigger states like it)")
        #expect(report.description.contains("      then, forever:\n      2. .failed   (from task \"load\")\n"))
        let test = try #require(result.test)
        #expect(test.contains(".when(\n            .refresh,\n            .failed,  // from task \"load\""))
    }

    /// Fairness of success mends it, weak or strong: `.loaded` is enabled in both states
    /// of the loop, so a fair path cannot go round it forever.
    @Test(arguments: [FairnessKind.weak, .strong])
    func fairnessOfSuccessMendsIt(fairness: FairnessKind) throws {
        let mended = try Retry.explorer(retries: true).fair(fairness, "a load succeeds") { $0 == .loaded }
            .checkLiveness()
        #expect(mended.violations.isEmpty, "\(mended)")
    }

    /// Tasks are weakly fair by default: a pending load eventually delivers. With no
    /// fairness for tasks, a path may stay where the load is pending, forever.
    @Test func aPendingTaskEventuallyDeliversUnlessTasksAreNotFair() throws {
        let fair = try Retry.explorer(retries: false).checkLiveness()
        #expect(fair.violations.isEmpty, "\(fair)")
        let unfair = try Retry.explorer(retries: false).taskFairness(nil).checkLiveness()
        let result = try #require(unfair.violations.first)
        #expect(result.trace?.events == [.refresh])
        #expect(result.cycle?.isEmpty == true)
        #expect(unfair.description.contains("      then nothing more happens, forever"))
    }

    /// A stuck spinner, as X7 finds it, is a lasso that stays where it ends.
    @Test func aStuckSpinnerIsALassoThatStays() throws {
        let report = try PageLoader.explorer.checkLiveness()
        let byName = Dictionary(uniqueKeysWithValues: report.results.map { ($0.name, $0) })
        #expect(byName["the spinner stops"]?.trace?.events == [.load, .cancel])
        let leadsTo = try #require(byName["loading ends"])
        #expect(leadsTo.trace?.events == [.load, .cancel])
        #expect(leadsTo.cycle?.isEmpty == true)
    }

    /// TwoPhase with 5 managers, every action weakly fair: a manager working may end up
    /// aborted, so "working leads to committed" fails, on a lasso that ends where nothing
    /// changes; "the coordinator decides" holds. The verdicts and the lassos are the same
    /// on any number of workers: the graph is, and the check reads it in one order.
    @Test func theVerdictAndTheLassoAreTheSameOnAnyNumberOfWorkers() async throws {
        // Three walks of 8,832 states, each kept whole: on a thread of their own, so the
        // suites beside this one keep the cooperative pool.
        let (one, twoAndThree) = try await onThreadOfItsOwn {
            let explorer = TwoPhaseTests.explorer(managers: 5)
                .fair(.weak, "TPNext") { _ in true }
                .leadsTo(
                    "a working manager commits", from: { $0.managers[0] == .working },
                    to: { $0.managers[0] == .committed })
                .leadsTo("the coordinator decides", from: { _ in true }, to: { $0.coordinator != .initial })
            return try (
                explorer.checkLiveness(states: 20_000),
                [2, 3].map { try explorer.checkLiveness(states: 20_000, workers: $0) }
            )
        }
        #expect(one.states == 8_832)
        #expect(one.results.map(\.holds) == [false, true])
        let lasso = try #require(one.results[0].trace)
        #expect(lasso.state.managers[0] == .aborted)
        #expect(one.results[0].cycle?.isEmpty == true)
        for many in twoAndThree {
            #expect(many.results.map(\.holds) == one.results.map(\.holds))
            #expect(many.results.map { $0.trace?.events } == one.results.map { $0.trace?.events })
            #expect(many.results.map { $0.cycle?.map(\.event) } == one.results.map { $0.cycle?.map(\.event) })
            #expect(many.description == one.description)
        }
    }

    @Test func aLeadsToPropertyUnderASymmetryIsRefused() {
        let explorer = TwoPhaseTests.explorer(managers: 3).symmetry(TwoPhase.canonical)
            .leadsTo("decided", from: { _ in true }, to: { $0.coordinator != .initial })
        #expect(
            throws: ExplorationError(
                "the leads-to property \"decided\" cannot be checked under a symmetry: a representative stands for "
                    + "states a fair path moves between (TLC says the same); explore without the symmetry")
        ) { try explorer.checkLiveness() }
    }

    @Test func twoFairClassesOfOneNameAreAMistake() {
        let explorer = Retry.explorer(retries: false).fair(.weak, "x") { _ in true }.fair(.strong, "x") { _ in false }
        #expect(throws: ExplorationError("two fair classes are named \"x\"")) { try explorer.checkLiveness() }
    }
}
