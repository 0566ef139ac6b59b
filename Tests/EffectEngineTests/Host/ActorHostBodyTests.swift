import EffectEngine
import TestSupport
import Testing

/// A session's actor on its host's executor, so that one of its methods is one turn of the
/// host's actor: what a body on that actor did by the method's end, it did within the turn.
private actor BodySession {
    let steps: Log<String>
    let host: ActorHost<Int, String, Void>
    nonisolated var unownedExecutor: UnownedSerialExecutor { host.unownedExecutor }

    init() {
        let steps = Log<String>()
        self.steps = steps
        let options = HostOptions(taskIsolation: .mainActor)
        host = ActorHost(initialState: 0, env: (), options: options) { _, event in
            event == "go"
                ? .task(name: "t") { _, _ in steps.append("started") } : nil
        }
    }

    /// Sends `go` within one turn of the host's actor, and returns the steps seen by then.
    func sendGo() -> [String] {
        host.assumeIsolated { host in
            host.send("go")
            return steps.values
        }
    }
}

/// `TaskIsolation.mainActor` on an `ActorHost` runs bodies on the host's actor, and, as its
/// doc says, each starts after the `send` that issued it, not within it (H9: only an
/// `EffectHost` starts a body within the send).
@Suite("Bodies on an ActorHost's actor: started after the send that issued them (H9)")
struct ActorHostBodyTests {
    @Test("A body of TaskIsolation.mainActor starts after the turn of its send, not within the send")
    func aBodyStartsAfterTheSendOnTheHostsActor() async {
        let session = BodySession()
        #expect(await session.sendGo() == [])
        #expect(await session.host.waitUntilIdle(timeout: TestBounds.hang))
        #expect(session.steps.values == ["started"])
    }
}
