import EffectEngine
import EffectEngineTesting
import TestSupport
import Testing

/// T12: an `ImmediateClock`'s sleeps return at once and move its time.
@Suite("ImmediateClock (T12)")

struct ImmediateClockTests {
    /// Shows a message, and hides it after a pause on the env's clock.
    enum Toast {
        struct State: Equatable {
            var message: String?
        }

        enum Event: Equatable, Sendable {
            case show(String)
            case hide
        }

        struct Env: Sendable {
            var clock: any Clock<Duration>
        }

        static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
            switch event {
            case .show(let message):
                state.message = message
                return .task(name: "hide") { input, env in
                    try await env.clock.sleep(for: .seconds(2))
                    input(.hide)
                }
            case .hide:
                state.message = nil
                return nil
            }
        }
    }

    @Test func aSleepReturnsAtOnceAndMovesTheClocksTime() async throws {
        let clock = ImmediateClock()
        #expect(clock.now == .zero)
        let before = ContinuousClock.now
        try await clock.sleep(for: .seconds(3600))
        #expect(ContinuousClock.now - before < TestBounds.hang)
        #expect(clock.now.offset == .seconds(3600))
        try await clock.sleep(until: .zero, tolerance: nil)
        #expect(clock.now.offset == .seconds(3600))
        #expect(clock.minimumResolution == .zero)
        #expect(ImmediateClock(now: TestClock.Instant(offset: .seconds(5))).now.offset == .seconds(5))
    }

    @Test func aCancelledSleepThrows() async {
        let clock = ImmediateClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.now == .zero)
    }

    @Test func aTestHostNeedsNoAdvanceForIt() async {
        let clock = ImmediateClock()
        let host = TestHost(initialState: Toast.State(), env: Toast.Env(clock: clock), update: Toast.update)
        await host.send(.show("Saved")) { $0.message = "Saved" }
        await host.receive(.hide) { $0.message = nil }
        #expect(clock.now.offset == .seconds(2))
        await host.finish()
    }
}
