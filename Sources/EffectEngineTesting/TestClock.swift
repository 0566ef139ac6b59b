import EffectEngine
import EffectEngineShared

/// A `Clock` whose time moves only when the test says so (T5).
///
/// Give a feature's env a `TestClock` where the app gives it a `ContinuousClock`, and
/// debounces, timeouts and timers are tested without waiting:
///
/// ```swift
/// let clock = TestClock()
/// let host = TestHost(initialState: Counter.State(), env: Counter.Env(clock: clock),
///                     update: Counter.update)
/// await host.send(.start) { $0.isRunning = true }
/// await clock.advance(by: .seconds(1))
/// await host.receive(.tick) { $0.count = 1 }
/// ```
///
/// ## Determinism
///
/// A ``TestHost`` connected to the clock runs its task bodies on an executor of its own
/// that holds their work until the host drains it (see ``TestHost``). Before moving time,
/// ``advance(by:fileID:filePath:line:column:)`` drains every connected host until its
/// loop is quiet: every task that is ready runs up to its next suspension, so a task that
/// is about to sleep has registered its sleeper. Then the clock wakes the earliest sleepers, drains again
/// (their tasks run, send events, and maybe sleep again), and repeats until no sleeper is
/// due. A timer of one second advanced by three seconds ticks exactly three times,
/// however loaded the machine.
///
/// A test host connects the `TestClock`s it finds in its env, or the one passed as its
/// `clock:` argument. A clock with no connected host only orders wake-ups: it does not
/// wait for the woken tasks. Moving time runs on the caller's actor, and settles the
/// connected hosts there: a clock connected to a test host is moved by the task that
/// drives that host, the test's own. Moved from another task (a `Task { … }` or an
/// `async let` of the test), it fails the test, names the host, and leaves that host's
/// loop to its own task: a test host is never driven from two tasks at once.
public final class TestClock: Clock, Sendable {
    private let sleepers: ManualSleepers<Instant>
    /// The test hosts that drain their task work before time moves.
    private let drivers = Locked<[TestContextReference<AnyObject>]>([])

    /// Creates a clock whose time stands at `now` until advanced.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// #expect(clock.now == .zero)
    /// ```
    ///
    /// - Parameter now: The starting instant; ``Instant/zero`` by default.
    public init(now: Instant = .zero) {
        sleepers = ManualSleepers(now: now, holdsDueSleeps: true)
    }

    /// The current instant; moves only through
    /// ``advance(by:fileID:filePath:line:column:)``,
    /// ``advance(to:fileID:filePath:line:column:)`` and
    /// ``run(maxSteps:fileID:filePath:line:column:)``.
    ///
    /// ```swift
    /// await clock.advance(by: .seconds(2))
    /// #expect(clock.now == .zero.advanced(by: .seconds(2)))
    /// ```
    public var now: Instant { sleepers.now }

    /// Zero: the clock resolves any duration exactly.
    ///
    /// ```swift
    /// #expect(TestClock().minimumResolution == .zero)
    /// ```
    public var minimumResolution: Duration { .zero }

    /// The number of tasks sleeping on this clock now.
    ///
    /// ```swift
    /// await host.send(.start)
    /// await clock.advance()
    /// #expect(clock.sleeperCount == 1)
    /// ```
    public var sleeperCount: Int { sleepers.count }

    /// The number of tasks sleeping on this clock now that prefer `executor`: one test
    /// host's, when several share the clock (H9).
    func sleeperCount(preferring executor: any TaskExecutor) -> Int {
        sleepers.count(preferring: executor.asUnownedTaskExecutor())
    }

    /// The earliest deadline a task sleeps until, or `nil` when none sleeps.
    ///
    /// ```swift
    /// #expect(clock.nextDeadline == clock.now.advanced(by: .milliseconds(300)))
    /// ```
    public var nextDeadline: Instant? { sleepers.nextDeadline }

    /// Suspends until the clock is advanced to `deadline`. A deadline the clock has
    /// already reached (`sleep(for: .zero)`) suspends until the clock is next advanced,
    /// `advance()` with no duration included (T5): how a test holds a request in flight.
    ///
    /// Sleepers are woken in deadline order, and in the order they went to sleep for the
    /// same deadline. Cancelling the sleeping task ends the sleep with `CancellationError`.
    ///
    /// ```swift
    /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
    /// ```
    ///
    /// - Parameters:
    ///   - deadline: The instant to sleep until.
    ///   - tolerance: Ignored: the clock wakes sleepers exactly.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleepers.sleep(until: deadline)
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline it passes,
    /// in deadline order.
    ///
    /// Before moving, and after each wake-up, the connected test hosts run until quiet
    /// (see ``TestHost``), so tasks about to sleep register first and woken tasks
    /// deliver their events before the next deadline is considered. `advance()` with no
    /// argument only lets ready tasks run.
    ///
    /// ```swift
    /// await host.send(.queryChanged("sw"))
    /// await clock.advance(by: .milliseconds(300))
    /// await host.receive(.resultsLoaded(["swift"])) { $0.results = ["swift"] }
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How far to move; a negative duration moves nothing.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func advance(
        by duration: Duration = .zero,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await advance(to: now.advanced(by: max(duration, .zero)), at: site)
    }

    /// Moves time forward to `deadline`, waking every sleeper due by then, in deadline
    /// order; a deadline in the past moves nothing.
    ///
    /// ```swift
    /// let start = clock.now
    /// await clock.advance(to: start.advanced(by: .seconds(5)))
    /// ```
    ///
    /// - Parameters:
    ///   - deadline: The instant to move to.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func advance(
        to deadline: Instant,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await advance(to: deadline, at: site)
    }

    private func advance(to deadline: Instant, at site: CallSite) async {
        await settleDrivers(at: site)
        while sleepers.wakeNext(notAfter: deadline) {
            await settleDrivers(at: site)
        }
        sleepers.move(to: deadline)
    }

    /// Moves time from deadline to deadline until no task sleeps on the clock, or until
    /// `maxSteps` deadlines were reached (a repeating timer never runs out).
    ///
    /// ```swift
    /// await host.send(.refresh)
    /// await clock.run()
    /// await host.receive(.refreshFailed("offline")) { $0.error = "offline" }
    /// ```
    ///
    /// - Parameters:
    ///   - maxSteps: The most deadlines to move through.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    /// - Returns: `true` when no sleeper is left.
    @discardableResult
    public func run(
        maxSteps: Int = 1_000,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await settleDrivers(at: site)
        for _ in 0..<maxSteps {
            guard let next = nextDeadline else { return true }
            await advance(to: next, at: site)
        }
        return nextDeadline == nil
    }

    /// Connects a test host, which then runs until quiet around every move of time.
    func connect(_ driver: any ClockDriver) {
        drivers.withLock { drivers in
            drivers.removeAll { $0.object == nil || $0.object === driver }
            drivers.append(TestContextReference(driver))
        }
    }

    private func settleDrivers(at site: CallSite) async {
        let connected = drivers.withLock { $0.compactMap { $0.object as? any ClockDriver } }
        for driver in connected { await driver.settle(forClockMovedAt: site) }
    }
}
