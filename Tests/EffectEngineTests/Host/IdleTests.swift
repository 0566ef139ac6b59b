import EffectEngine
import TestSupport
import Testing

@MainActor
@Suite("Idle (R17): never idle while a task is live, not even as a task hands off to its own name")
struct IdleTests {
    @Test("A poll whose event reissues its own name is waited for, not reported idle at the hand-off")
    func aPollHandingOffToItselfIsNotIdle() async {
        let release = Signal()
        let host = TraceHost { state, event in
            switch event {
            case "go":
                return .task(name: "poll") { input, _ in
                    await release.waitUnbounded()
                    input("handOff")
                }
            case "handOff":
                state.count += 1
                // The next poll: real work that takes a while, then done.
                return .task(name: "poll") { _, _ in try await Task.sleep(for: .milliseconds(50)) }
            default:
                return nil
            }
        }
        host.send("go")
        release.fire()
        // Registered while the first poll runs; the hand-off is processed after it.
        // A bound against a hang, not a wait for the work: the main actor may be busy with
        // another suite's tests for tens of seconds in a full run.
        let idle = await host.waitUntilIdle(timeout: TestBounds.hang)
        #expect(idle)
        #expect(host.state.count == 1)
        #expect(host.runningTaskNames.isEmpty, "idle was reported while \(host.runningTaskNames) ran")
        await host.stop()
    }
}
