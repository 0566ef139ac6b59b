import EffectEngine
import EffectEngineExploration
import EffectEngineTesting
import Foundation
import Testing

@testable import syncups

@Suite("SyncUps, explored: the navigation's own properties")
struct SyncUpsExplorationTests {
    static let env = SyncUpsApp.Env.mock(clock: TestClock())

    @Test func everyStateKeepsTheInvariants() throws {
        let explorer = SyncUpsApp.explorer(env: Self.env)
        let report = try explorer.explore()
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.isExhaustive)
        // A meeting saved from the alert that ends it early: open, start, end, save.
        #expect(report.witnesses["a meeting is saved"]?.events.count == 4)
        let liveness = try explorer.checkLiveness()
        #expect(liveness.violations.isEmpty, "\(liveness)")
    }

    /// A careless app that starts the meeting's work itself, outside the meeting's
    /// screen: the work outlives the screen.
    @Test func aMeetingStartedOutsideItsScreenOutlivesIt() throws {
        func careless(state: inout SyncUpsApp.State, event: SyncUpsApp.Event) -> Effect<SyncUpsApp.Event, SyncUpsApp.Env>? {
            let effect = SyncUpsApp.update(state: &state, event: event)
            guard case .path(.element(_, .detail(.delegate(.startMeeting)))) = event else { return effect }
            let timer: Effect<SyncUpsApp.Event, SyncUpsApp.Env> = .run(name: "meeting") { _, _ in }
            return effect.map { .sequence([$0, timer]) } ?? timer
        }
        let report = try SyncUpsApp.explorer(env: Self.env, update: careless)
            .task("meeting", delivers: { _ in [] })
            .explore()
        let failure = try #require(report.failures.first)
        #expect("\(failure)".contains("a meeting's timer runs only while its screen is shown"))
        #expect(failure.trace?.events.count == 2)
    }
}
