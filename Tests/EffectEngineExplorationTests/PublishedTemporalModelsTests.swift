import EffectEngine
import EffectEngineExploration
import ExplorationModels
import TestSupport
import Testing

/// Published TLA+ specs with temporal properties (tlaplus/Examples), beyond the four of
/// `PublishedModelsLivenessTests`, each with its `PROPERTY` lines checked as TLC 2.20
/// checks them: the same distinct states, the same verdict, and a lasso exactly where TLC
/// reports a violation. TLC's runs, with the published configurations (and with the
/// spec's fairness weakened, in a module of their own), gave the figures in each comment.
@Suite("Published TLA+ specs' temporal properties against TLC", .onThreadOfItsOwn)
struct PublishedTemporalModelsTests {
    /// EWD426's `TokenRing`, N = M = 6: `Stab == <>[]UniqueToken` under `WF_vars(Next)`.
    /// TLC: 46,656 distinct states (all initial); `Stab` holds; without the fairness it is
    /// violated (a ring with several tokens may stutter).
    static func tokenRing(fair: Bool) -> Explorer<TokenRing.State, TokenRing.Event, Void> {
        let explorer = Explorer(
            initialStates: TokenRing.initialStates(nodes: 6, values: 6), update: TokenRing.update(values: 6),
            events: TokenRing.enabled
        )
        .eventuallyAlways("Stab", TokenRing.uniqueToken(values: 6))
        return fair ? explorer.fair(.weak, "Next") { _ in true } : explorer
    }

    @Test func ewd426StabilisesUnderWeakFairness() async throws {
        let (fair, unfair) = try await onThreadOfItsOwn {
            try (Self.tokenRing(fair: true).checkLiveness(), Self.tokenRing(fair: false).checkLiveness())
        }
        #expect(fair.states == 46_656)
        #expect(fair.results.map(\.verdict) == [.holds], "\(fair)")
        let result = try #require(unfair.violations.first)
        #expect(result.verdict == .violated)
        // The shortest: an initial ring with more than one token, where nothing happens.
        #expect(result.trace?.steps.isEmpty == true)
        #expect(result.cycle?.isEmpty == true)
        #expect(!TokenRing.uniqueToken(values: 6)(try #require(result.trace).state))
    }

    /// `ReadersWriters`, 3 actors (its `MC`): `Liveness`, four `\A actor : []<>…`
    /// properties, under the spec's `Fairness`. TLC: 21,527 distinct states, `Safety` and
    /// `Liveness` hold; without `WF_vars(Stop)`, `Liveness` is violated (TLC's lasso: 9
    /// states, then a stutter).
    static func readersWriters(stopIsFair: Bool) -> Explorer<ReadersWriters.State, ReadersWriters.Event, Void>
    {
        var explorer = Explorer(
            initialState: ReadersWriters.State(), update: ReadersWriters.update,
            events: ReadersWriters.enabled(actors: 3)
        )
        .always("Safety", ReadersWriters.safety)
        .alwaysEventually("reads", forAll: 0..<3) { actor, state in state.readers >> actor & 1 == 1 }
        .alwaysEventually("writes", forAll: 0..<3) { actor, state in state.writers >> actor & 1 == 1 }
        .alwaysEventually("stops reading", forAll: 0..<3) { actor, state in state.readers >> actor & 1 == 0 }
        .alwaysEventually("stops writing", forAll: 0..<3) { actor, state in state.writers >> actor & 1 == 0 }
        // The spec's own `Fairness`, a type of this module of that name beside the
        // explorer's `FairnessKind`.
        for fairClass in Fairness.classes(actors: 3, stop: stopIsFair) {
            explorer = explorer.fair(fairClass.kind, fairClass.name, fairClass.includes)
        }
        return explorer
    }

    @Test func readersAndWritersAreAllServed() async throws {
        let (fair, weaker) = try await onThreadOfItsOwn {
            try (
                Self.readersWriters(stopIsFair: true).checkLiveness(),
                Self.readersWriters(stopIsFair: false).checkLiveness()
            )
        }
        #expect(fair.states == 21_527)
        #expect(fair.holds, "\(fair)")
        #expect(fair.results.count == 4)
        #expect(!weaker.holds)
        #expect(weaker.violations.allSatisfy { $0.verdict == .violated && $0.witness != nil }, "\(weaker)")
    }

    /// `LiveHourClock` (Specifying Systems, chapter 8): `AllTimes == \A n \in 1..12 :
    /// []<>(hr = n)` under `WF_hr(HCnxt)`. TLC: 12 distinct states, `AllTimes` holds;
    /// under `HC` alone it is violated.
    static func hourClock(fair: Bool) -> Explorer<Int, Int, Void> {
        let explorer = Explorer(
            initialStates: Array(1...12),
            update: { (hr: inout Int, _: Int) -> Effect<Int, Void>? in
                hr = hr == 12 ? 1 : hr + 1
                return nil
            }
        ) { _ in [1] }
        .always("TypeInvariance") { (1...12).contains($0) }
        .alwaysEventually("AllTimes", forAll: 1...12) { n, hr in hr == n }
        return fair ? explorer.fair(.weak, "HCnxt", over: { $0 }) { _ in true } : explorer
    }

    @Test func theHourClockShowsEveryHour() throws {
        let fair = try Self.hourClock(fair: true).checkLiveness()
        #expect(fair.states == 12)
        #expect(fair.holds, "\(fair)")
        let unfair = try Self.hourClock(fair: false).checkLiveness()
        let result = try #require(unfair.violations.first)
        #expect(result.witness == "1")
        #expect(result.trace?.steps.isEmpty == true)
        #expect(result.cycle?.isEmpty == true)
    }
}
