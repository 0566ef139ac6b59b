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

@Suite("UpdateSpec follows .action chains as a host does")
struct UpdateSpecChainTests {
    enum Relay {
        struct State: Equatable { var log: [String] = [] }
        enum Event: Equatable, Sendable { case start, relayed(Int), loop }

        static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
            switch event {
            case .start:
                state.log.append("start")
                return .sequence([.send(.relayed(1)), .task(name: "load") { _, _ in }, .send(.relayed(2))])
            case .relayed(let step):
                state.log.append("relayed \(step)")
                return nil
            case .loop:
                return .send(.loop)
            }
        }
    }

    @Test func theStateAfterWhenIsTheStateAfterTheChain() {
        let spec = UpdateSpec(Relay.update)
        spec.given(Relay.State()).when(.start).then(
            effect: .sequence([.action, .task(name: "load"), .action])
        ) { $0.log = ["start", "relayed 1", "relayed 2"] }
    }

    @Test func aSpecWithoutAnEnvSaysTheChainNeedsOne() {
        let spec = UpdateSpec<Relay.State, Relay.Event, Int> { state, event in
            state.log.append("\(event)")
            return event == .start ? .action { _ in .relayed(1) } : nil
        }
        withKnownIssue {
            spec.given(Relay.State()).when(.start).then(effect: .action) { $0.log = ["start"] }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("UpdateSpec(update, env:)")
        }
        UpdateSpec(spec.update, env: 0).given(Relay.State()).when(.start).then(effect: .action) {
            $0.log = ["start", "relayed(1)"]
        }
    }

    @Test func aCycleIsCutAndReported() {
        let spec = UpdateSpec(Relay.update, env: (), chainLimit: 5)
        withKnownIssue {
            spec.given(Relay.State()).when(.loop).then(effect: .action)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("cut after 5 steps")
        }
    }
}
