import EffectEngine
import Testing

@MainActor
@Suite("Cycles are cut, never hang (R13)")
struct CycleTests {
    static func pingPong(_ state: inout Trace, _ event: String) -> TraceEffect? {
        state.count += 1
        switch event {
        case "ping": return .action { _ in "pong" }
        case "pong": return .action { _ in "ping" }
        default: return nil
        }
    }

    @Test("a ping/pong cycle returns at the default limit, is reported, and the host keeps working")
    func pingPongIsCut() async {
        let recorder = Recorder<Trace, String>()
        let host = EffectHost<Trace, String, Void>(
            initialState: Trace(), observer: recorder.observer, update: Self.pingPong)
        host.send("ping")
        // The first event plus 10,000 action steps.
        #expect(host.state.count == 10_001)
        #expect(recorder.diagnostics.count == 1)
        if case .chainCut(let limit, let event)? = recorder.diagnostics.first {
            #expect(limit == 10_000)
            #expect(event == "ping")
        } else {
            Issue.record("expected a chainCut diagnostic, got \(recorder.diagnostics)")
        }
        host.send("other")
        await host.perform("other")
        #expect(host.state.count == 10_003)
    }

    @Test("the limit is configurable and state keeps the steps done")
    func customLimit() {
        let host = EffectHost<Trace, String, Void>(
            initialState: Trace(), options: HostOptions(chainLimit: 5), update: Self.pingPong)
        host.send("ping")
        #expect(host.state.count == 6)
    }

    @Test("a chain exactly at the limit is not cut")
    func chainAtLimit() {
        let recorder = Recorder<Trace, String>()
        let host = EffectHost<Trace, String, Void>(
            initialState: Trace(), options: HostOptions(chainLimit: 3), observer: recorder.observer
        ) { state, event in
            state.count += 1
            return state.count <= 3 ? .send("next") : nil
        }
        host.send("start")
        #expect(host.state.count == 4)
        #expect(recorder.diagnostics.isEmpty)
    }

    @Test("a cycle reached through input is cut too, and a perform on it returns")
    func cycleThroughPerform() async {
        let host = EffectHost<Trace, String, Void>(
            initialState: Trace(), options: HostOptions(chainLimit: 100), update: Self.pingPong)
        await host.input.perform("ping")
        #expect(host.state.count == 101)
    }
}
