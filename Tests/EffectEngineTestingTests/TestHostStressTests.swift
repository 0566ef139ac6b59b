import EffectEngineTesting
import Testing

/// A feature whose every step crosses threads: a task body that sends back, so the loop's
/// actor gets a turn enqueued from the pool while the test drives it, and a sleep on a
/// test clock.
private enum Relay {
    enum Event: Sendable, Equatable {
        case start
        case relayed(Int)
        case wait
        case woke
    }

    struct Env: Sendable {
        var clock: TestClock
    }

    static func update(state: inout Int, event: Event, env: Env) -> Effect<Event, Env>? {
        switch event {
        case .start:
            return .task { input, _ in
                await Task.yield()
                input(.relayed(1))
            }
        case .relayed(let amount):
            state += amount
            return nil
        case .wait:
            return .task(name: "wait") { input, env in
                try await env.clock.sleep(for: .seconds(1))
                input(.woke)
            }
        case .woke:
            state += 10
            return nil
        }
    }

    /// One test as a user writes it, whose host is dropped as soon as it ends; returns
    /// the state it left.
    static func oneTest() async -> Int {
        let clock = TestClock()
        let host = TestHost(initialState: 0, env: Env(clock: clock)) { state, event in
            update(state: &state, event: event, env: Env(clock: clock))
        }
        await host.send(.start)
        await host.receive(.relayed(1)) { $0 = 1 }
        await host.send(.wait)
        await clock.advance(by: .seconds(1))
        await host.receive(.woke) { $0 = 11 }
        await host.finish()
        return host.state
    }
}

/// Thousands of test hosts driven at once, each released the moment its test ends, while
/// the pool still hands their actors the turns their bodies scheduled (H3, H5): run under
/// the thread sanitizer by CI, which finds nothing. A released test host's actor and
/// executors may be freed by the job a pool thread has just enqueued, so their `enqueue`
/// touches nothing of theirs once it lets go of its lock.
@Suite("Test hosts by the thousand, side by side (H3, H5)")
struct TestHostStressTests {
    @Test("2,000 test hosts on 8 tasks at once, each with a body that sends and a clock, all end as tested")
    func thousandsOfTestHosts() async {
        let states = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var states: [Int] = []
                    for _ in 0..<250 { states.append(await Relay.oneTest()) }
                    return states
                }
            }
            return await group.reduce(into: [Int]()) { $0 += $1 }
        }
        #expect(states.count == 2_000)
        #expect(states.allSatisfy { $0 == 11 }, "\(states.filter { $0 != 11 }.prefix(5))")
    }
}
