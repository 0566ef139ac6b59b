import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// X11 against TLC: the `PROPERTY` lines of the published models' configurations
/// (../shared/tlc/models) that leads-to under fairness can express, with each spec's
/// fairness, and the verdicts TLC 2.20 gives for them. TLC finds every one of them to
/// hold; so that a verdict of "fails" is compared too, each model is also checked with
/// weaker fairness, which TLC was run on as well (the same spec, its fairness conjunct
/// dropped or weakened, in a configuration of its own): TLC then reports the violation.
///
/// Not expressible here: EWD840's `TDSpec` and Peterson's `LSpec`, which are
/// refinements (`TD!Spec`, `L!Spec`: every step of the model is a step of another spec
/// under a mapping of its variables, with that spec's fairness), not leads-to
/// properties; the explorer checks properties of states and of fair paths, not of steps.
@Suite("Leads-to under fairness against TLC's published models (X11)", .onThreadOfItsOwn)
struct PublishedModelsLivenessTests {
    /// EWD840, N = 3: `Liveness == terminated ~> terminationDetected` under
    /// `WF_vars(System)`. TLC: holds. Without the fairness (`Init /\ [][Next]_vars`), TLC
    /// reports it violated: the token may stop.
    static func ewd840(fair: Bool) -> Explorer<EWD840.State, EWD840.Event, Void> {
        let explorer = Explorer(initialStates: EWD840.initialStates(nodes: 3), update: EWD840.update, events: EWD840.enabled)
            .leadsTo("Liveness", from: EWD840.terminated, to: EWD840.terminationDetected)
        return fair ? explorer.fair(.weak, "System", EWD840.isSystem) : explorer
    }

    @Test func ewd840sLivenessHoldsUnderWeakFairnessOfTheToken() throws {
        let report = try Self.ewd840(fair: true).checkLiveness()
        #expect(report.isExhaustive)
        #expect(report.states == 302)
        #expect(report.violations.isEmpty, "\(report)")
        let unfair = try Self.ewd840(fair: false).checkLiveness()
        let result = try #require(unfair.violations.first)
        // A terminated initial state whose token never moves: the path stays there.
        #expect(result.trace?.steps.isEmpty == true)
        #expect(result.cycle?.isEmpty == true)
        #expect(EWD840.terminated(try #require(result.trace).state))
    }

    /// DiningPhilosophers, NP = 5: `NobodyStarves == \A p: []<>(~hungry[p])` under
    /// `\A self: WF_vars(Philosopher(self))`, as five leads-to properties (`[]<>Q` is
    /// `TRUE ~> Q`). TLC: holds. Without the fairness, TLC reports it violated.
    static func dining(fair: Bool) -> Explorer<DiningPhilosophers.State, DiningPhilosophers.Event, Void> {
        var explorer = Explorer(
            initialState: DiningPhilosophers.State(philosophers: 5), update: DiningPhilosophers.update,
            events: DiningPhilosophers.enabled)
        for p in 0..<5 {
            explorer = explorer.leadsTo("NobodyStarves(\(p))", from: { _ in true }, to: { !$0.hungry[p] })
            if fair { explorer = explorer.fair(.weak, "Philosopher(\(p))") { $0 == .step(p) } }
        }
        return explorer
    }

    @Test func nobodyStarvesUnderWeakFairnessOfEachPhilosopher() throws {
        let report = try Self.dining(fair: true).checkLiveness()
        #expect(report.states == 67)
        #expect(report.violations.isEmpty, "\(report)")
        let unfair = try Self.dining(fair: false).checkLiveness()
        #expect(unfair.violations.count == 5)
        // Every philosopher starts hungry, and nothing need happen.
        #expect(unfair.violations.allSatisfy { $0.trace?.steps.isEmpty == true && $0.cycle?.isEmpty == true })
    }

    /// SimpleAllocator, 3 clients and 2 resources: `ClientsWillReturn`,
    /// `ClientsWillObtain` and `InfOftenSatisfied`, one leads-to property per client (and
    /// resource), under the spec's fairness: `WF_vars(Return(c, alloc[c]))` and
    /// `SF_vars(\E S: Allocate(c, S))` for each client. TLC: all three hold.
    static func allocator(_ fairness: AllocatorFairness) -> Explorer<SimpleAllocator.State, SimpleAllocator.Event, Void> {
        var explorer = PublishedModelsTests.allocator
        for c in 0..<3 {
            explorer = explorer.leadsTo(
                "ClientsWillReturn(\(c))", from: { $0.unsatisfied[c] == 0 }, to: { $0.allocated[c] == 0 })
            for r in 0..<2 {
                explorer = explorer.leadsTo(
                    "ClientsWillObtain(\(c), \(r))", from: { $0.unsatisfied[c] >> r & 1 == 1 },
                    to: { $0.allocated[c] >> r & 1 == 1 })
            }
            explorer = explorer.leadsTo("InfOftenSatisfied(\(c))", from: { _ in true }, to: { $0.unsatisfied[c] == 0 })
            explorer = explorer.fair(.weak, "Return(\(c), alloc[\(c)])") { state, event in
                fairness == .returnOnlySatisfied && state.unsatisfied[c] != 0
                    ? false : event == .return(client: c, state.allocated[c])
            }
            explorer = explorer.fair(fairness == .weakAllocation ? .weak : .strong, "Allocate(\(c))") { event in
                if case .allocate(c, _) = event { true } else { false }
            }
        }
        return explorer
    }

    /// The allocator's fairness: the spec's `SimpleAllocator`; its `SimpleAllocator2`,
    /// whose clients need only return what they hold once satisfied; and the spec with
    /// weak fairness of allocation.
    enum AllocatorFairness {
        case published, returnOnlySatisfied, weakAllocation
    }

    @Test func theAllocatorsPropertiesHoldUnderItsFairness() throws {
        let report = try Self.allocator(.published).checkLiveness()
        #expect(report.states == 400)
        #expect(report.results.count == 12)
        #expect(report.violations.isEmpty, "\(report)")
    }

    /// `SimpleAllocator2`, in the spec itself (its `THEOREM SimpleAllocator2 =>
    /// ClientsWillObtain` is commented out as false): clients need only return what they
    /// hold once satisfied. TLC, each property alone: `ClientsWillReturn` holds;
    /// `ClientsWillObtain` and `InfOftenSatisfied` are violated, on a path that ends
    /// stuttering (two clients asking for both resources, holding one each, wait
    /// forever). With weak fairness of allocation instead of strong: the same verdicts,
    /// on a path that loops (TLC's "back to state"): one client is given a resource and
    /// returns it again and again while the one asking for it finds it free only now and
    /// then.
    @Test func weakerFairnessBreaksWhatTLCFindsBroken() throws {
        func broken(_ report: LivenessReport<SimpleAllocator.State, SimpleAllocator.Event>) -> Set<String> {
            Set(report.violations.map { String($0.name.split(separator: "(")[0]) })
        }
        let second = try Self.allocator(.returnOnlySatisfied).checkLiveness()
        #expect(broken(second) == ["ClientsWillObtain", "InfOftenSatisfied"], "\(second)")
        // The shortest deadlock: both clients ask for both resources and get one each.
        let obtain = try #require(second.violations.first)
        #expect(obtain.trace?.steps.count == 4, "\(second)")
        #expect(obtain.cycle?.isEmpty == true)
        let weak = try Self.allocator(.weakAllocation).checkLiveness()
        #expect(broken(weak) == ["ClientsWillObtain", "InfOftenSatisfied"], "\(weak)")
        for result in weak.violations {
            #expect(result.cycle?.isEmpty == false, "\(weak)")
        }
    }
}
