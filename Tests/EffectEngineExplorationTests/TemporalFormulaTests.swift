import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// X17: any temporal formula a TLA+ user writes, as a value. The properties of issue 57,
/// written as in their specs on small copies of them (`FormulaModels`), each with the
/// verdict TLC 2.20 gave on the same spec and property, and the length of its
/// counterexample (TLC's "State n" lines, less one; a stutter is no event).
@Suite("Liveness: any temporal formula (X17)", .onThreadOfItsOwn)
struct TemporalFormulaTests {
    typealias Clock = TemporalFormula<Int, FormulaModels.Clock>

    static var tick: Clock { Clock.action { _, event, _ in event == .tick } }

    /// LiveHourClock's `AlwaysTick == []<><<HCnxt>>_hr`. TLC: holds under `WF_hr(HCnxt)`
    /// (12 distinct states); without it, violated by a stutter in the initial state.
    @Test func alwaysTickOfLiveHourClock() throws {
        let fair = try FormulaModels.clock(fair: true).temporal("AlwaysTick", .always(.eventually(Self.tick)))
            .checkLiveness()
        #expect(fair.states == 12)
        #expect(fair.holds, "\(fair)")
        #expect(fair.results[0].kind == .temporal)
        let unfair = try FormulaModels.clock(fair: false).temporal("AlwaysTick", .always(.eventually(Self.tick)))
            .checkLiveness()
        let result = unfair.results[0]
        #expect(result.verdict == .violated)
        #expect(result.trace?.steps.isEmpty == true)
        #expect(result.cycle?.isEmpty == true, "\(unfair)")
        #expect(
            result.message
                == "temporal \"AlwaysTick\" fails: a fair path stays in the state it reaches forever, and the formula "
                + "does not hold on it")
    }

    /// A replicated counter's `FairSpec == <>[][Sync]_vars`. TLC: holds while `Inc` stops
    /// at 2 (6 distinct states); violated when it wraps round (9 states), by the 3-event
    /// loop of `Inc` steps.
    @Test func eventuallyOnlySyncStepsOfAReplicatedCounter() throws {
        let fairSpec = TemporalFormula<FormulaModels.Replica, FormulaModels.ReplicaEvent>.eventually(
            .always(.step { _, event, _ in event == .sync }))
        let bounded = try FormulaModels.replica(wraps: false).temporal("FairSpec", fairSpec).checkLiveness()
        #expect(bounded.states == 6)
        #expect(bounded.holds, "\(bounded)")
        let wraps = try FormulaModels.replica(wraps: true).temporal("FairSpec", fairSpec).checkLiveness()
        #expect(wraps.states == 9)
        #expect(wraps.results[0].verdict == .violated)
        #expect(wraps.results[0].trace?.steps.isEmpty == true, "\(wraps)")
        #expect(wraps.results[0].cycle?.map(\.event) == [.inc, .inc, .inc], "\(wraps)")
    }

    /// `[](hr = 12 => <>[](hr # 1))`. TLC: violated under `WF_hr(HCnxt)`, by a loop of
    /// the 12 hours (TLC's trace: 12 states and back).
    @Test func alwaysPImpliesEventuallyAlwaysQ() throws {
        let formula = Clock.always(.implies(.state { $0 == 12 }, .eventually(.always(.state { $0 != 1 }))))
        let report = try FormulaModels.clock(fair: true).temporal("Settles", formula).checkLiveness()
        let result = report.results[0]
        #expect(result.verdict == .violated)
        #expect((result.trace?.steps.count ?? 0) + (result.cycle?.count ?? 0) == 12, "\(report)")
        #expect(result.cycle?.count == 12, "\(report)")
    }

    /// `<>[](hr = 3) => []<>(hr = 5)`. TLC: holds under `WF_hr(HCnxt)` (the clock never
    /// stops at 3); without it, violated by stuttering at 3 from the start.
    @Test func eventuallyAlwaysPImpliesAlwaysEventuallyQ() throws {
        let formula = Clock.implies(.eventually(.always(.state { $0 == 3 })), .always(.eventually(.state { $0 == 5 })))
        let fair = try FormulaModels.clock(fair: true).temporal("Stays", formula).checkLiveness()
        #expect(fair.holds, "\(fair)")
        let unfair = try FormulaModels.clock(fair: false).temporal("Stays", formula).checkLiveness()
        #expect(unfair.results[0].verdict == .violated)
        #expect(unfair.results[0].trace?.initialState == 3, "\(unfair)")
        #expect(unfair.results[0].trace?.steps.isEmpty == true)
        #expect(unfair.results[0].cycle?.isEmpty == true)
    }

    /// CoffeeCan's `TerminationHypothesis == IF can.white % 2 = 0 THEN <>(can.black = 1
    /// /\ can.white = 0) ELSE <>(can.black = 0 /\ can.white = 1)`, reading the initial
    /// state (`MaxBeanCount = 3`). TLC: holds (9 distinct states); with the branches
    /// swapped, violated (TLC's trace: 1 event and a stutter).
    @Test func terminationHypothesisOfCoffeeCanReadsTheInitialState() throws {
        typealias Can = TemporalFormula<FormulaModels.Can, FormulaModels.Pick>
        func hypothesis(_ even: Bool) -> Can {
            let whiteIsEven = Can.state { $0.white % 2 == 0 }
            let oneBlack = Can.eventually(.state { $0.black == 1 && $0.white == 0 })
            let oneWhite = Can.eventually(.state { $0.black == 0 && $0.white == 1 })
            let parity = even ? whiteIsEven : !whiteIsEven
            return .implies(parity, oneBlack) && .implies(!parity, oneWhite)
        }
        let report = try FormulaModels.coffeeCan.temporal("TerminationHypothesis", hypothesis(true)).checkLiveness()
        #expect(report.states == 9)
        #expect(report.holds, "\(report)")
        let swapped = try FormulaModels.coffeeCan.temporal("Swapped", hypothesis(false)).checkLiveness()
        #expect(swapped.results[0].verdict == .violated, "\(swapped)")
        // The shortest: a can of one bean, which is done at once.
        #expect(swapped.results[0].trace?.steps.isEmpty == true)
        #expect(swapped.results[0].cycle?.isEmpty == true)
    }

    /// After ChangRoberts: `(\E n \in Node : state[n] = "cand") => <>(\E n \in Node :
    /// state[n] = "won")`. TLC: holds (34 distinct states); `<>(\E n : state[n] = "won")`
    /// alone is violated, by a start with no candidate.
    @Test func anElectionWithACandidateElects() throws {
        typealias Election = TemporalFormula<[FormulaModels.Role], FormulaModels.Election>
        let won = Election.eventually(.exists(0..<3) { n in .state { $0[n] == .won } })
        let elects = Election.implies(.exists(0..<3) { n in .state { $0[n] == .candidate } }, won)
        let report = try FormulaModels.election.temporal("Elects", elects).temporal("AlwaysElects", won)
            .checkLiveness()
        #expect(report.states == 34)
        #expect(report.results.map(\.verdict) == [.holds, .violated], "\(report)")
        #expect(report.results[1].trace?.initialState == [.idle, .idle, .idle])
    }

    /// `ENABLED`: `<>[](~ENABLED <<Next>>_state)`. TLC: holds for the election (it ends),
    /// violated for the clock under `WF_hr(HCnxt)`, by its 12-hour loop.
    @Test func enabled() throws {
        let election = try FormulaModels.election.temporal(
            "Quiet", .eventually(.always(!.enabled { _, _, _ in true }))
        ).checkLiveness()
        #expect(election.holds, "\(election)")
        let clock = try FormulaModels.clock(fair: true).temporal(
            "Quiet", .eventually(.always(!Clock.enabled { _, event, _ in event == .tick }))
        ).checkLiveness()
        #expect(clock.results[0].verdict == .violated)
        #expect(clock.results[0].cycle?.count == 12, "\(clock)")
    }

    /// Disruptor's `Liveliness == \A r \in Readers, i \in Slots : <>[](read[r][i] =
    /// written[i])`, with reader 1 not fair. TLC: violated (25 distinct states), by 5
    /// events and a stutter. The explorer names the pair, and its lasso is no longer.
    @Test func disruptorsLivelinessNamesItsWitness() throws {
        typealias Ring = TemporalFormula<FormulaModels.Ring, FormulaModels.RingEvent>
        let pairs = (0..<2).flatMap { r in (0..<2).map { i in [r, i] } }
        let liveliness = Ring.forAll(pairs) { ri in
            .eventually(.always(.state { $0.read[ri[0]][ri[1]] == $0.written[ri[1]] }))
        }
        let report = try FormulaModels.ring.temporal("Liveliness", liveliness).checkLiveness()
        let result = report.results[0]
        #expect(report.states == 25)
        #expect(result.verdict == .violated)
        #expect(result.witness == "[1, 0]", "\(report)")
        #expect((result.trace?.steps.count ?? 0) + (result.cycle?.count ?? 0) <= 5, "\(report)")
        #expect(result.message.hasSuffix("(for [1, 0])"))
        // The same through the product (not a shorthand): the same witness.
        let nested = Ring.forAll(pairs) { ri in
            .eventually(.always(.state { $0.read[ri[0]][ri[1]] == $0.written[ri[1]] })) && .constant(true)
        }
        let product = try FormulaModels.ring.temporal("Liveliness", nested).checkLiveness()
        #expect(product.results[0].kind == .temporal)
        #expect(product.results[0].witness == "[1, 0]", "\(product)")
    }

    /// The wave-5 forms written as formulas are checked as the shorthands are.
    @Test func theWaveFiveFormsAreShorthands() throws {
        let report = try FormulaModels.clock(fair: true)
            .temporal("<>", .eventually(.state { $0 == 5 }))
            .temporal("[]<>", .always(.eventually(.state { $0 == 5 })))
            .temporal("<>[]", .eventually(.always(.state { $0 == 5 })))
            .temporal("~>", .leadsTo(.state { $0 == 1 }, .state { $0 == 5 }))
            .temporal("[][A]_v", .always(.step { hr, _, next in next == hr % 12 + 1 }))
            .checkLiveness()
        #expect(report.results.map(\.kind) == [.eventuallyHolds, .alwaysEventually, .eventuallyAlways, .leadsTo, .everyStep])
        #expect(report.results.map(\.verdict) == [.holds, .holds, .violated, .holds, .holds], "\(report)")
    }

    /// Bad input: `FALSE` fails at once, `TRUE` and a quantifier over nothing hold, a
    /// bounded walk decides nothing to hold, and two properties of one name are a mistake.
    @Test func constantsEmptySetsBoundsAndNames() throws {
        let report = try FormulaModels.clock(fair: true)
            .temporal("FALSE", .constant(false))
            .temporal("TRUE", .constant(true))
            .temporal("over nothing", .forAll([Int]()) { _ in .constant(false) })
            .temporal("exists in nothing", .exists([Int]()) { _ in .constant(true) })
            .checkLiveness()
        #expect(report.results.map(\.verdict) == [.violated, .holds, .holds, .violated], "\(report)")
        #expect(report.results[0].trace?.steps.isEmpty == true)
        let bounded = try FormulaModels.clock(fair: true)
            .temporal("AlwaysTick", .always(.eventually(Self.tick)))
            .checkLiveness(states: 5)
        #expect(bounded.results[0].verdict == .undecided(bound: "the bound of 5 states"))
        let twice = FormulaModels.clock(fair: true).temporal("x", .constant(true)).temporal("x", .constant(true))
        #expect(throws: ExplorationError("two properties are named \"x\"")) { try twice.checkLiveness() }
    }
}
