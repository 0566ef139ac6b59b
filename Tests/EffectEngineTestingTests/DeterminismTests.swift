import EffectEngine
import EffectEngineTesting
import Testing

/// A feature whose task hops to the main actor and to an actor of its own before it
/// sleeps: settling must follow it through both hops.
private enum Hopper {
    actor Store {
        var value = 0
        func bump() -> Int {
            value += 1
            return value
        }
    }

    struct State: Equatable {
        var seen: [Int] = []
    }

    enum Event: Equatable, Sendable {
        case start
        case seen(Int)
    }

    struct Env: Sendable {
        var clock: TestClock
        var store = Store()
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .start:
            return .task(name: "hopper") { input, env in
                while true {
                    await MainActor.run {}
                    let value = await env.store.bump()
                    try await env.clock.sleep(for: .seconds(1))
                    input(.seen(value))
                }
            }
        case .seen(let value):
            state.seen.append(value)
            return nil
        }
    }
}

@Suite("Determinism of TestClock.advance")
@MainActor
struct DeterminismTests {
    @Test func theFirstTickIsNeverLost() async {
        // The scenario the issue names, repeated: a prototype that yielded 200 times lost
        // the first tick of a timer on a loaded two-core machine.
        for _ in 0..<200 {
            let clock = TestClock()
            let host = TestHost(
                initialState: Ticker.State(), env: Ticker.Env(clock: clock), update: Ticker.update)
            await host.send(.start) { $0.isRunning = true }
            await clock.advance(by: .seconds(1))
            #expect(host.pendingEvents == [.tick])
            await host.receive(.tick, timeout: .zero) { $0.count = 1 }
            await host.send(.stop) { $0.isRunning = false }
            await host.finish()
        }
    }

    @Test func settlingFollowsHopsToOtherActors() async {
        let clock = TestClock()
        let host = TestHost(
            initialState: Hopper.State(), env: Hopper.Env(clock: clock), update: Hopper.update)
        await host.send(.start)
        for expected in 1...20 {
            await clock.advance(by: .seconds(1))
            #expect(host.pendingEvents == [.seen(expected)])
            await host.receive(.seen(expected), timeout: .zero) { $0.seen.append(expected) }
        }
        host.exhaustivity = .off
        await host.finish()
    }
}
