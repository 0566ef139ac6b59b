import EffectEngine
import TestSupport
import Testing

enum Overlap {
    struct State: Equatable, Sendable {
        var current: Int?
        var superseded: Set<Int> = []
        var finished: Set<Int> = []
    }

    enum Event: Sendable, Equatable {
        case job(Int)
        case done(Int)
    }

    /// Even jobs share the task name "shared", so later ones replace earlier ones; odd
    /// jobs run unnamed tasks that take a few turns before they finish.
    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .job(let number) where number.isMultiple(of: 2):
            if let current = state.current { state.superseded.insert(current) }
            state.current = number
            return .task(name: "shared") { input, _ in
                for _ in 0..<5 { await Task.yield() }
                input(.done(number))
            }
        case .job(let number):
            return .task { input, _ in
                for _ in 0..<(number % 7) { await Task.yield() }
                input(.done(number))
            }
        case .done(let number):
            state.finished.insert(number)
            if state.current == number { state.current = nil }
            return nil
        }
    }

    /// Whether job `number`'s tree has settled in `state`.
    static func settled(_ number: Int, in state: State) -> Bool {
        state.finished.contains(number) || state.superseded.contains(number)
    }
}

/// Holds a value whose release the test can observe.
final class Canary: Sendable {}

struct Guarded: Sendable {
    let canary: Canary
    var count = 0
}

@MainActor
@Suite("Races: concurrent perform, stop against everything, release")
struct RaceTests {
    @Test("perform from 100 tasks on overlapping trees: every call returns, none before its tree settled")
    func concurrentPerforms() async {
        let host = EffectHost(initialState: Overlap.State(), update: Overlap.update)
        let input = host.input
        let early = Log<Int>()
        let finished = await withinBound(seconds: TestBounds.hangSeconds) {
            await withTaskGroup(of: Void.self) { group in
                for number in 0..<100 {
                    group.addTask {
                        await input.perform(.job(number))
                        let settled = await MainActor.run { Overlap.settled(number, in: host.state) }
                        if !settled { early.append(number) }
                    }
                }
            }
        }
        #expect(finished)
        #expect(early.values.isEmpty)
        await host.stop()
    }

    @Test("stop racing with a perform and a task flooding input: both return, then nothing changes")
    func stopRacesPerformAndInput() async {
        let host = EffectHost<Trace, String, Void>(initialState: Trace()) { state, event in
            state.count += 1
            return event == "flood"
                ? .task(name: "flood") { input, _ in
                    while !Task.isCancelled { input("tick") }
                    // Ignores cancellation a little longer.
                    for _ in 0..<1_000 { input("late") }
                } : nil
        }
        let performer = Task { await host.perform("flood") }
        let stopper = Task { await host.stop() }
        #expect(await withinBound(seconds: TestBounds.hangSeconds) { await stopper.value })
        #expect(await withinBound(seconds: TestBounds.hangSeconds) { await performer.value })
        let frozen = host.state.count
        host.input("after")
        await host.input.perform("after")
        host.send("after")
        #expect(host.state.count == frozen)
        #expect(!host.state.events.contains("late"))
    }

    @Test("stop racing with an action chain started through input: the chain is whole or absent")
    func stopRacesChain() async {
        let host = EffectHost<Trace, String, Void>(initialState: Trace()) { state, event in
            state.count += 1
            return state.count < 5_000 ? .send("step") : nil
        }
        let input = host.input
        let sender = Task.detached { input("start") }
        let stopper = Task { await host.stop() }
        await sender.value
        await stopper.value
        #expect(host.state.count == 0 || host.state.count == 5_000)
    }

    @Test("a host released while tasks run cancels them, and its state is freed")
    func releasedHostFreesState() async {
        let cancelled = Signal()
        weak var weakCanary: Canary?
        weak var weakHost: EffectHost<Guarded, String, Void>?
        do {
            let canary = Canary()
            weakCanary = canary
            let host = EffectHost<Guarded, String, Void>(initialState: Guarded(canary: canary)) { state, _ in
                state.count += 1
                return .task(name: "t") { input, _ in
                    await untilCancelled()
                    cancelled.fire()
                    input("late")
                }
            }
            weakHost = host
            host.send("start")
            let input = host.input
            // An Input outliving the host keeps neither host nor state alive.
            _ = input
        }
        #expect(weakHost == nil)
        #expect(weakCanary == nil)
        await cancelled.wait()
    }
}
