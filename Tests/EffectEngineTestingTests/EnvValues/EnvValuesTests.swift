import EffectEngineTesting
import Foundation
import Testing

/// A feature that uses each of the env's everyday values (N14): ids and dates drawn in an
/// `.action`, dice rolled from a seeded generator, a timer, and a task that never ends.
private enum Everyday {
    struct State: Equatable {
        var ids: [UUID] = []
        var stamps: [Date] = []
        var rolls: [Int] = []
        var ticks: [Duration] = []
        var isListening = false
    }

    enum Event: Equatable, Sendable {
        case add, added(UUID, Date)
        case roll, rolled(Int)
        case startTimer, ticked(Duration), stopTimer
        case listen, listening, stopListening
    }

    struct Env: Sendable {
        var uuid: UUIDGenerator
        var date: DateGenerator
        var random: RandomNumbers
        var clock: any Clock<Duration>
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .add:
            return .action { env in .added(env.uuid(), env.date.now) }
        case .added(let id, let date):
            state.ids.append(id)
            state.stamps.append(date)
            return nil
        case .roll:
            return .action { env in
                var random = env.random
                return .rolled(Int.random(in: 1...6, using: &random))
            }
        case .rolled(let value):
            state.rolls.append(value)
            return nil
        case .startTimer:
            return .task(name: "timer") { input, env in
                for await elapsed in env.clock.timer(interval: .seconds(1)) { input(.ticked(elapsed)) }
            }
        case .ticked(let elapsed):
            state.ticks.append(elapsed)
            return nil
        case .stopTimer:
            return .cancel("timer")
        case .listen:
            return .task(name: "listen") { input, _ in
                input(.listening)
                try await Task.never()
            }
        case .listening:
            state.isListening = true
            return nil
        case .stopListening:
            state.isListening = false
            return .cancel("listen")
        }
    }
}

@Suite("The env's everyday values, live and for tests (N14)")
struct EnvValuesTests {
    static let epoch = Date(timeIntervalSince1970: 1_234_567_890)

    fileprivate func makeHost(clock: TestClock = TestClock(), seed: UInt64 = 42) -> TestHost<
        Everyday.State, Everyday.Event, Everyday.Env
    > {
        TestHost(
            initialState: Everyday.State(),
            env: Everyday.Env(uuid: .incrementing, date: .constant(Self.epoch), random: .seeded(seed), clock: clock),
            update: Everyday.update)
    }

    @Test("an incrementing generator draws UUID(0), UUID(1), … and a fixed date, from an action")
    func idsAndDates() async {
        let host = makeHost()
        await host.send(.add) {
            $0.ids = [UUID(0)]
            $0.stamps = [Self.epoch]
        }
        await host.receive(.added(UUID(0), Self.epoch))
        await host.send(.add) {
            $0.ids = [UUID(0), UUID(1)]
            $0.stamps = [Self.epoch, Self.epoch]
        }
        await host.receive(.added(UUID(1), Self.epoch))
        await host.finish()
    }

    @Test("UUID(n) spells the last twelve hex digits; generators count on their own")
    func uuidSpelling() {
        #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
        #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
        #expect(UUID((1 << 48) - 1).uuidString == "00000000-0000-0000-0000-FFFFFFFFFFFF")
        let first = UUIDGenerator.incrementing, second = UUIDGenerator.incrementing(from: 5)
        #expect([first(), first(), second(), first()] == [UUID(0), UUID(1), UUID(5), UUID(2)])
        #expect(UUIDGenerator.constant(UUID(3))() == UUID(3))
        #expect(UUIDGenerator.live() != UUIDGenerator.live())
        #expect(DateGenerator.constant(Self.epoch)() == Self.epoch)
        #expect(DateGenerator.live.now.timeIntervalSince1970 > Self.epoch.timeIntervalSince1970)
    }

    @Test("a seeded generator draws the same numbers for the same seed; copies share one sequence")
    func seededRandom() async {
        var first = RandomNumbers.seeded(7), second = RandomNumbers.seeded(7), other = RandomNumbers.seeded(8)
        let drawn = (0..<4).map { _ in first.next() }
        #expect(drawn == (0..<4).map { _ in second.next() })
        #expect(drawn != (0..<4).map { _ in other.next() })
        var copy = first
        let next = copy.next()
        #expect(first.next() != next)
        var live = RandomNumbers.live
        #expect((0..<4).map { _ in live.next() } != (0..<4).map { _ in live.next() })

        let host = makeHost(seed: 42)
        var random = RandomNumbers.seeded(42)
        let expected = Int.random(in: 1...6, using: &random)
        await host.send(.roll) { $0.rolls = [expected] }
        await host.receive(.rolled(expected))
        await host.finish()
    }

    @Test("a clock's timer ticks once per interval the test clock moves, and ends when cancelled")
    func timer() async {
        let clock = TestClock()
        let host = makeHost(clock: clock)
        await host.send(.startTimer)
        await clock.advance(by: .seconds(1))
        await host.receive(.ticked(.seconds(1))) { $0.ticks = [.seconds(1)] }
        await clock.advance(by: .milliseconds(500))
        await clock.advance(by: .milliseconds(500))
        await host.receive(.ticked(.seconds(2))) { $0.ticks = [.seconds(1), .seconds(2)] }
        await host.send(.stopTimer)
        await clock.advance(by: .seconds(5))
        await host.finish()
    }

    @Test("Task.never() holds a task open until it is cancelled, then throws CancellationError")
    func never() async throws {
        let host = makeHost()
        await host.send(.listen)
        await host.receive(.listening) { $0.isListening = true }
        await host.send(.stopListening) { $0.isListening = false }
        await host.finish()

        let task = Task { () async throws -> Void in try await Task.never() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
