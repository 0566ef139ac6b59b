import EffectEngine
import EffectEngineShared
import TestSupport
import Testing

@testable import EffectEngineTesting

/// Nothing in the testing module hangs (T7): a body that ignores its cancellation, and a
/// task that never stops making work. (The waits on its WorkSignal are tested with the
/// signal, in EffectEngineSharedTests.)
@Suite("TestHost: bounded even when tasks misbehave (T7)")

struct TestHostBoundsTests {
    enum Stubborn {
        struct State: Equatable {}
        enum Event: Equatable, Sendable { case start, spin }

        /// Released at the end of the test, so the body does return eventually.
        struct Env: Sendable {
            let release: @Sendable () async -> Void
        }

        static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
            switch event {
            case .start:
                return .run(name: "stubborn") { _, env in await env.release() }
            case .spin:
                return .run(name: "spin") { _, _ in
                    while !Task.isCancelled { await Task.yield() }
                }
            }
        }
    }

    @Test func stopNamesABodyThatIgnoresItsCancellation() async {
        let gate = Gate()
        let host = TestHost(
            initialState: Stubborn.State(), env: Stubborn.Env { await gate.wait() }, update: Stubborn.update)
        await host.send(.start)
        // The body begins and waits at the gate before the stop: a body the stop cancels
        // before it begins never runs, and there would be nothing to name.
        await host.settle()
        let started = ContinuousClock.now
        await withKnownIssue {
            await host.stop(timeout: .milliseconds(50))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("task \"stubborn\" #1")
        }
        #expect(ContinuousClock.now - started < TestBounds.hang)
        gate.open()
    }

    @Test func aTaskThatNeverStopsMakingWorkFailsInsteadOfHanging() async {
        let host = TestHost(
            initialState: Stubborn.State(), env: Stubborn.Env {}, exhaustivity: .off, update: Stubborn.update)
        await host.send(.spin)
        await withKnownIssue {
            await host.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("did not become quiet")
        }
        await host.stop()
    }
}

/// Opens once; waits return then, whether or not their task was cancelled.
final class Gate: Sendable {
    private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if isOpen { continuation.resume() }
        }
    }
}
