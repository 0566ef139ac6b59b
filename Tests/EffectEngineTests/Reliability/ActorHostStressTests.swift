import EffectEngine
import EffectEngineShared
import TestSupport
import Testing

/// Thousands of hosts on actors of their own, their task bodies on the pool and on their
/// actors, all at once (H5): run under the thread sanitizer by CI, which finds nothing.
@Suite("Hosts on any actor under load: thousands of ActorHosts at once (H5)")
struct ActorHostStressTests {
    enum Event: Sendable {
        case spawn(Int)
        case increment
        case load
        case cancelLoad
    }

    static func update(state: inout Int, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .spawn(let bodies):
            return .sequence(
                (0..<bodies).map { _ in
                    .task { input, _ in
                        for _ in 0..<10 { input(.increment) }
                    }
                })
        case .increment:
            state += 1
            return nil
        case .load:
            return .task(name: "load") { input, _ in
                await Task.yield()
                input(.increment)
            }
        case .cancelLoad:
            return .cancel("load")
        }
    }

    /// One host's life: bodies that send, an observer, input from outside, a cancelled
    /// task, and a stop; returns what it found wrong.
    static func live(isolation: TaskIsolation) async -> [String] {
        let host = ActorHost(
            initialState: 0, options: HostOptions(taskIsolation: isolation), update: Self.update)
        let settled = Counter()
        await host.observe { activity in
            if case .settled = activity { settled.increment() }
        }
        let input = host.input
        let outside = Task.detached { for _ in 0..<10 { input(.increment) } }
        await host.perform(.spawn(5))
        await outside.value
        await host.send(.load)
        await host.send(.cancelLoad)
        await host.waitUntilIdle()
        await host.stop()
        var problems: [String] = []
        let count = await host.state
        if count < 60 || count > 61 { problems.append("count \(count)") }
        if await !host.runningTasks.isEmpty { problems.append("tasks still running") }
        if settled.value < 60 { problems.append("\(settled.value) settled chains observed") }
        return problems
    }

    @Test("2,000 hosts, bodies on the pool and on the hosts' actors, keep every count")
    func thousandsOfHosts() async {
        let problems = await withTaskGroup(of: [String].self) { group in
            for index in 0..<2_000 {
                group.addTask { await Self.live(isolation: index.isMultiple(of: 2) ? .concurrent : .mainActor) }
            }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }
}

/// A count shared across threads.
private final class Counter: Sendable {
    private let value_ = Locked(0)
    func increment() { value_.withLock { $0 += 1 } }
    var value: Int { value_.withLock { $0 } }
}
