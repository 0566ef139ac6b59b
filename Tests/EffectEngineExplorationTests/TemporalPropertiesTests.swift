import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// X15: `<>P`, `[]<>P`, `<>[]P`, step properties, properties quantified over a set, and
/// fairness over part of the state, each where it holds and where it fails, with the
/// verdict TLC 2.20 gives for the same spec and property (run one property at a time).
@Suite("Liveness: TLA+'s temporal properties (X15)", .onThreadOfItsOwn)
struct TemporalPropertiesTests {
    static var ewd840: Explorer<EWD840.State, EWD840.Event, Void> {
        Explorer(initialStates: EWD840.initialStates(nodes: 3), update: EWD840.update, events: EWD840.enabled)
            .fair(.weak, "System", EWD840.isSystem)
    }

    /// EWD840, N = 3, under `WF_vars(System)`. TLC: `[][terminated => terminated']_vars`
    /// holds; the spec's own `NeverChangeColor == [][UNCHANGED color]_vars` is violated by
    /// a behaviour of 2 states; `<>terminated`, `[]<>terminationDetected`,
    /// `<>[]terminated` and `<>[]terminationDetected` are violated (nodes may stay active
    /// forever: the environment is not fair), all on 302 states.
    @Test func ewd840sStepAndTemporalPropertiesAgreeWithTLC() throws {
        let report = try Self.ewd840
            .everyStep("StableTerm") { state, _, next in !EWD840.terminated(state) || EWD840.terminated(next)
            }
            .everyStep("NeverChangeColor") { state, _, next in state.color == next.color }
            .eventuallyHolds("EvTerm", EWD840.terminated)
            .alwaysEventually("InfDetected", EWD840.terminationDetected)
            .eventuallyAlways("EvAlwaysTerm", EWD840.terminated)
            .eventuallyAlways("EvAlwaysDetected", EWD840.terminationDetected)
            .checkLiveness()
        #expect(report.states == 302)
        #expect(
            report.results.map(\.kind) == [
                .everyStep, .everyStep, .eventuallyHolds, .alwaysEventually, .eventuallyAlways,
                .eventuallyAlways,
            ])
        #expect(
            report.results.map(\.verdict) == [.holds] + Array(repeating: .violated, count: 5), "\(report)")
        let color = report.results[1]
        #expect(color.trace?.steps.count == 1)
        #expect(color.trace.map { $0.initialState.color != $0.state.color } == true)
        #expect(
            color.message.hasPrefix(
                "every step ([][A]_v) \"NeverChangeColor\" fails: the step after 1 event breaks it"))
        #expect(
            report.description.contains("  ✓ every step ([][A]_v) \"StableTerm\" holds on every transition"))
        // Each lasso never meets its goal where it must.
        for result in report.results.dropFirst(2) {
            let cycle = try #require(result.cycle)
            let states = cycle.isEmpty ? [try #require(result.trace).state] : cycle.map(\.state)
            switch result.name {
            case "EvTerm": #expect(states.allSatisfy { !EWD840.terminated($0) })
            case "InfDetected": #expect(states.allSatisfy { !EWD840.terminationDetected($0) })
            case "EvAlwaysTerm": #expect(states.contains { !EWD840.terminated($0) })
            default: #expect(states.contains { !EWD840.terminationDetected($0) })
            }
        }
    }

    /// DiningPhilosophers, NP = 5: `NobodyStarves == \A p: []<>(~hungry[p])`, one
    /// property over the philosophers. TLC: holds under `WF_vars(Philosopher(p))` for
    /// each; violated without fairness. The violation names the philosopher.
    @Test func aPropertyQuantifiedOverASetIsReportedAsOne() throws {
        func dining(fair: Bool) -> Explorer<DiningPhilosophers.State, DiningPhilosophers.Event, Void> {
            var explorer = Explorer(
                initialState: DiningPhilosophers.State(philosophers: 5), update: DiningPhilosophers.update,
                events: DiningPhilosophers.enabled
            )
            .alwaysEventually("NobodyStarves", forAll: 0..<5) { p, state in !state.hungry[p] }
            for p in 0..<5 where fair {
                explorer = explorer.fair(.weak, "Philosopher(\(p))") { $0 == .step(p) }
            }
            return explorer
        }
        let report = try dining(fair: true).checkLiveness()
        #expect(report.results.count == 1)
        #expect(report.holds, "\(report)")
        let unfair = try dining(fair: false).checkLiveness()
        let result = try #require(unfair.violations.first)
        #expect(unfair.results.count == 1)
        #expect(result.witness == "0")
        #expect(result.message.hasSuffix(" (for 0)"), "\(result.message)")
        #expect(result.trace?.steps.isEmpty == true)
        #expect(result.cycle?.isEmpty == true)
    }

    /// SimpleAllocator's `ClientsWillReturn == \A c \in Clients: unsat[c]={} ~> alloc[c]={}`
    /// as one property over the clients. TLC: holds under the spec's fairness; under
    /// `SimpleAllocator2` it holds too, and `ClientsWillObtain` (quantified over clients
    /// and resources) is violated.
    @Test func aLeadsToQuantifiedOverASetIsReportedAsOne() throws {
        var explorer = PublishedModelsLivenessTests.allocator(.returnOnlySatisfied)
        explorer = explorer.leadsTo(
            "ClientsWillReturn", forAll: 0..<3, from: { c, state in state.unsatisfied[c] == 0 },
            to: { c, state in state.allocated[c] == 0 })
        let pairs = (0..<3).flatMap { c in (0..<2).map { r in [c, r] } }
        explorer = explorer.leadsTo(
            "ClientsWillObtain", forAll: pairs,
            from: { cr, state in state.unsatisfied[cr[0]] >> cr[1] & 1 == 1 },
            to: { cr, state in state.allocated[cr[0]] >> cr[1] & 1 == 1 })
        let report = try explorer.checkLiveness()
        let byName = Dictionary(uniqueKeysWithValues: report.results.map { ($0.name, $0) })
        #expect(byName["ClientsWillReturn"]?.verdict == .holds)
        let obtain = try #require(byName["ClientsWillObtain"])
        #expect(obtain.verdict == .violated)
        #expect(obtain.witness.map { pairs.map(\.description).contains($0) } == true)
        #expect(obtain.trace.map { $0.steps.count + (obtain.cycle?.count ?? 0) } == 4, "\(report)")
    }

    /// `[]<>Q` written as `leadsTo(from: { _ in true }, to: Q)`, as the article once
    /// advised (issue 50, item 4): the message names where the goal holds for the last
    /// time, not "its trigger holds" there.
    @Test func anInfinitelyOftenLeadsToSaysWhereTheGoalIsLost() throws {
        let report = try Retry.explorer(retries: true)
            .leadsTo("eventually idle", from: { _ in true }, to: { !$0.isLoading })
            .alwaysEventually("idle again and again") { !$0.isLoading }
            .checkLiveness()
        let byName = Dictionary(uniqueKeysWithValues: report.results.map { ($0.name, $0) })
        let leadsTo = try #require(byName["eventually idle"])
        #expect(
            leadsTo.message
                == "leads-to \"eventually idle\" fails: the goal holds for the last time before the state reached after "
                + "1 event; from there a fair path repeats a loop of 2 events forever, and the goal never holds again"
        )
        let always = try #require(byName["idle again and again"])
        #expect(
            always.message.hasPrefix(
                "always-eventually ([]<>) \"idle again and again\" fails: the goal holds for"))
        #expect(always.trace?.events == leadsTo.trace?.events)
    }
}

/// TLA+'s `WF_x(A)` (X15): `x` and `y`, `A` toggles `y`, `B` sets `x` to 1 once; `C == A
/// \/ B`. TLC: under `WF_vars(C)`, `<>(x = 1)` and `<>[](x = 1)` are violated (toggling
/// `y` forever takes `C`); under `WF_x(C)` both hold (a step of `C` that leaves `x` alone
/// does not count, and `B` is enabled until taken). 4 states.
@Suite("Liveness: fairness over part of the state (X15)", .onThreadOfItsOwn)
struct PartialFairnessTests {
    struct State: Hashable, Sendable {
        var x = 0
        var y = 0
    }

    enum Event: Hashable, Sendable { case a, b }

    static func explorer(overX: Bool) -> Explorer<State, Event, Void> {
        let explorer = Explorer(
            initialState: State(),
            update: { (state: inout State, event: Event) -> Effect<Event, Void>? in
                switch event {
                case .a: state.y = 1 - state.y
                case .b: if state.x == 0 { state.x = 1 }
                }
                return nil
            }
        ) { state in state.x == 0 ? [.a, .b] : [.a] }
        .eventuallyHolds("Reach") { $0.x == 1 }
        .eventuallyAlways("Stays") { $0.x == 1 }
        return overX
            ? explorer.fair(.weak, "C", over: \.x) { _ in true } : explorer.fair(.weak, "C") { _ in true }
    }

    @Test func fairnessOverPartOfTheStateAgreesWithTLC() throws {
        let whole = try Self.explorer(overX: false).checkLiveness()
        #expect(whole.states == 4)
        #expect(whole.results.map(\.verdict) == [.violated, .violated], "\(whole)")
        #expect(whole.results[0].cycle?.map(\.event) == [.a, .a])
        let part = try Self.explorer(overX: true).checkLiveness()
        #expect(part.results.map(\.verdict) == [.holds, .holds], "\(part)")
    }
}
