import EffectEngine
import ExplorationModels
import EffectEngineExploration
import TestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// TLA+'s TwoPhase spec, written as a feature (Support/TwoPhase.swift), against the
/// distinct-state counts TLC publishes for it, and against a plain breadth-first search
/// written here with the standard library alone.
@Suite("Explorer against TLC's TwoPhase counts", .onThreadOfItsOwn)
struct TwoPhaseTests {
    static func explorer(managers: Int) -> Explorer<TwoPhase.State, TwoPhase.Event, Void> {
        Explorer(
            initialState: TwoPhase.State(managers: managers), update: TwoPhase.update,
            events: TwoPhase.enabled)
    }

    /// `EFFECTENGINE_TWOPHASE_FULL=1 swift test -c release --filter TwoPhase` also checks 7
    /// and 8 resource managers (TLC's 296,448 and 1,745,408 states); the benchmark checks
    /// 7 on every run.
    static let checksLargeSizes =
        getenv("EFFECTENGINE_TWOPHASE_FULL").map { String(cString: $0) == "1" } ?? false

    @Test(arguments: [(1, 12), (2, 56), (3, 288), (4, 1_568), (5, 8_832), (6, 50_816)])
    func reachesTLCsCount(managers: Int, states: Int) throws {
        let report = try Self.explorer(managers: managers).explore()
        #expect(report.states == states)
        #expect(report.isExhaustive)
        #expect(report.failures.isEmpty, "\(report)")
        if managers >= 5 { #expect(report.bytesPerState <= 24) }
    }

    @Test(.enabled(if: checksLargeSizes), arguments: [(7, 296_448), (8, 1_745_408)])
    func reachesTLCsCountForLargeSizes(managers: Int, states: Int) throws {
        let report = try Self.explorer(managers: managers).explore(states: 2_000_000)
        #expect(report.states == states)
        #expect(report.isExhaustive)
        #expect(report.bytesPerState <= 24)
    }

    @Test(arguments: 1...4)
    func agreesWithAPlainSearch(managers: Int) throws {
        let report = try Self.explorer(managers: managers).explore()
        let plain = plainSearch(from: TwoPhase.State(managers: managers))
        #expect(report.states == plain.states)
        #expect(report.transitions == plain.transitions)
        #expect(report.depth == plain.depth)
    }

    @Test func theProtocolIsConsistentAndEndsEitherWay() throws {
        let report = try Self.explorer(managers: 3)
            .always("no manager commits while another aborts", TwoPhase.isConsistent)
            .always("a manager commits only once the coordinator has") { state in
                !state.managers.contains(.committed) || state.coordinator == .committed
            }
            .sometimes("every manager commits") { $0.managers.allSatisfy { $0 == .committed } }
            .sometimes("every manager aborts") { $0.managers.allSatisfy { $0 == .aborted } }
            .explore()
        #expect(report.failures.isEmpty, "\(report)")
        // Prepare each, the coordinator hears each, commits, each hears it: 3 + 3 + 1 + 3.
        #expect(report.witnesses["every manager commits"]?.events.count == 10)
        #expect(report.witnesses["every manager aborts"]?.events.count == 3)
    }

    @Test func aHastyCoordinatorIsCaught() throws {
        // A coordinator that commits without waiting to hear that every manager is prepared.
        let hasty = Explorer(initialState: TwoPhase.State(managers: 2)) {
            (state: inout TwoPhase.State, event) in
            guard event == .coordinatorCommits, state.coordinator == .initial else {
                return TwoPhase.update(state: &state, event: event)
            }
            state.coordinator = .committed
            state.messages.insert(.commit)
            return nil
        } events: { state in
            TwoPhase.enabled(state) + (state.coordinator == .initial ? [.coordinatorCommits] : [])
        }
        let report = try hasty.always("no manager commits while another aborts", TwoPhase.isConsistent)
            .explore()
        let failure = try #require(report.failures.first)
        let trace = try #require(failure.trace)
        // Commit at once; one manager gives up, the other hears the commit.
        #expect(!TwoPhase.isConsistent(trace.state))
        #expect(trace.events == [.chooseToAbort(0), .coordinatorCommits, .receiveCommit(1)])
    }

    /// Breadth first with a `Set` of whole states and an array as the queue: what the
    /// explorer must agree with.
    func plainSearch(from initial: TwoPhase.State) -> (states: Int, transitions: Int, depth: Int) {
        var seen: Set<TwoPhase.State> = [initial]
        var level = [initial]
        var transitions = 0
        var depth = 0
        while true {
            var next: [TwoPhase.State] = []
            for state in level {
                for event in TwoPhase.enabled(state) {
                    var successor = state
                    _ = TwoPhase.update(state: &successor, event: event)
                    transitions += 1
                    if seen.insert(successor).inserted { next.append(successor) }
                }
            }
            guard !next.isEmpty else { return (seen.count, transitions, depth) }
            level = next
            depth += 1
        }
    }
}
