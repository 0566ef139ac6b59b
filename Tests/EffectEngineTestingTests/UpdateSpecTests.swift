import EffectEngine
import EffectEngineTesting
import Testing

@Suite("UpdateSpec (given/when/then)")
struct UpdateSpecTests {
    let spec = UpdateSpec(Ticker.update)

    @Test func passesWhenStateAndEffectMatch() {
        spec.given(Ticker.State()).when(.start).then(effect: .task(name: "ticker")) { $0.isRunning = true }
        spec.given(Ticker.State(count: 1, isRunning: true)).when(.stop).then(
            Ticker.State(count: 1, isRunning: false), effect: .cancel("ticker"))
        spec.given(Ticker.State()).when(.tick, .tick).then(effect: nil) { $0.count = 2 }
    }

    @Test func exposesTheOutcome() {
        let outcome = spec.given(Ticker.State()).when(.start)
        #expect(outcome.state.isRunning)
        #expect(outcome.effect == .task(name: "ticker"))
        #expect(outcome.before == Ticker.State())
    }

    @Test func failsOnAStateMismatch() {
        withKnownIssue {
            spec.given(Ticker.State()).when(.tick).then(effect: nil) { $0.count = 5 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(".count\n    − 5\n    + 1")
        }
    }

    @Test func failsOnAnEffectMismatch() {
        withKnownIssue {
            spec.given(Ticker.State()).when(.start).then(effect: .task(name: "timer")) { $0.isRunning = true }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("− task(\"timer\")\n    + task(\"ticker\")")
        }
        withKnownIssue {
            spec.given(Ticker.State()).when(.tick).then(effect: .action) { $0.count = 1 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("+ no effect")
        }
    }
}
