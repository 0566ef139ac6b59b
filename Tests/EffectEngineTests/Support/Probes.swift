import Dispatch
import EffectEngine
import EffectEngineShared
import TestSupport
import Testing

/// A thread-safe list that tasks append to and tests read.
final class Log<Element: Sendable>: Sendable {
    private let items = Locked<[Element]>([])

    func append(_ item: Element) { items.withLock { $0.append(item) } }
    var values: [Element] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }
}

/// A one-shot latch: `fire()` once, `wait` from anywhere, bounded.
final class Signal: Sendable {
    private let state = Locked<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    private let semaphore = DispatchSemaphore(value: 0)

    var hasFired: Bool { state.withLock { $0.fired } }

    func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.fired else { return [] }
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
        semaphore.signal()
    }

    /// Waits until fired; a test fails (and the wait ends) after `seconds`.
    func wait(seconds: Double = TestBounds.hangSeconds, sourceLocation: SourceLocation = #_sourceLocation) async {
        let fired = await withinBound(seconds: seconds) { await self.waitUnbounded() }
        if !fired { Issue.record("signal not fired within \(seconds) s", sourceLocation: sourceLocation) }
    }

    /// Blocks the calling thread until fired or `seconds` pass; for tests that must hold
    /// the main actor while another thread acts. One blocking waiter at a time.
    func blockingWait(seconds: Double = TestBounds.hangSeconds) -> Bool {
        semaphore.wait(timeout: .now() + seconds) == .success
    }

    func waitUnbounded() async {
        await withCheckedContinuation { continuation in
            let fired = state.withLock { state in
                if !state.fired { state.waiters.append(continuation) }
                return state.fired
            }
            if fired { continuation.resume() }
        }
    }
}

/// Suspends until the current task is cancelled.
func untilCancelled() async {
    let cancelled = Signal()
    await withTaskCancellationHandler {
        await cancelled.waitUnbounded()
    } onCancel: {
        cancelled.fire()
    }
}

/// Records everything a host reports, on the main actor.
@MainActor
final class Recorder<State, Event> {
    private(set) var activities: [HostActivity<State, Event>] = []

    /// For an `EffectHost`, whose observers are told on the main actor.
    var observer: HostObserver<State, Event> {
        HostObserver { [weak self] activity in
            // Made on the main actor and kept there.
            nonisolated(unsafe) let activity = activity
            MainActor.assumeIsolated { self?.activities.append(activity) }
        }
    }

    var transitions: [Transition<State, Event>] {
        activities.compactMap { if case .transition(let step) = $0 { step } else { nil } }
    }

    var taskActivities: [TaskActivity] {
        activities.compactMap { if case .task(let change) = $0 { change } else { nil } }
    }

    var diagnostics: [Diagnostic] {
        activities.compactMap { if case .diagnostic(let problem) = $0 { problem } else { nil } }
    }

    var dropped: [Event] {
        activities.compactMap { if case .dropped(let event, _) = $0 { event } else { nil } }
    }
}
