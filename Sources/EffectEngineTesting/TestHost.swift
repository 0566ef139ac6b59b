import EffectEngine
import EffectEngineShared

/// Drives a feature's real loop from a test, step by step: send an event and assert the
/// state it produced, receive the events its tasks deliver, and finish with nothing left
/// unaccounted for (T1–T3).
///
/// ```swift
/// @Test func counterTicks() async {
///     let clock = TestClock()
///     let host = TestHost(initialState: Counter.State(), env: Counter.Env(clock: clock),
///                         update: Counter.update)
///     await host.send(.start) { $0.isRunning = true }
///     await clock.advance(by: .seconds(1))
///     await host.receive(.tick) { $0.count = 1 }
///     await host.send(.stop) { $0.isRunning = false }
///     await host.finish()
/// }
/// ```
///
/// ## Where it runs
///
/// A test host runs where its test runs: its methods run on their caller's actor, and so
/// does the feature's loop, in the steps the test takes. A test that is not `@MainActor`
/// needs no actor at all, and Swift Testing runs such tests side by side, each host
/// processing its events at the same time as the others (H3). A `@MainActor` test runs
/// its host on the main actor, as before. A test host belongs to the test that made it:
/// it is not `Sendable`, and a ``TestClock`` connected to it is moved by that test.
///
/// ## How task work runs
///
/// The host runs the real loop of an `EffectHost`, on an actor of the test host's own
/// whose turns (the mailbox's drains, timers) run only when the test host runs them, and
/// its task bodies prefer an executor of the test host's own
/// (`HostOptions.taskExecutor`) that runs nothing by itself either. Task work waits
/// until the test host *settles*, at the start of ``send(_:assert:fileID:filePath:line:column:)``,
/// while `receive(_:timeout:assert:)` of an event and
/// ``finish(timeout:fileID:filePath:line:column:)`` wait, around every move of a
/// connected ``TestClock``, and when the host is released after a step no `finish()`
/// followed (it then checks what `finish()` checks, T3). Settling runs the queued task work and the loop's turns, and
/// processes the events the tasks sent, until none has anything left. Between two steps
/// nothing runs: the state a test reads is the state its last step left. Work that
/// depends on something outside the test (a real network call, a `ContinuousClock`)
/// arrives later; `receive` and `finish` wait for it, bounded by their timeout.
///
/// ## Chains, diagnostics, the state between steps
///
/// Right after a send, `receive` takes the events of its `.action` chain, in order, and an
/// exhaustive test receives each (T9). A `Diagnostic` the host reports fails an exhaustive
/// test unless the test expects it with ``expectDiagnostic(_:timeout:fileID:filePath:line:column:)`` (T10).
/// ``assert(_:fileID:filePath:line:column:)`` checks the state at any point (T11).
///
/// ```swift
/// await host.send(.saveTapped) { $0.isSaving = true }
/// await host.receive(.delegate(.willSave("Ann")))          // an event of the send's chain
/// await host.expectDiagnostic(.taskFailed(named: "save"))
/// await host.assert { $0.isSaving = true }
/// ```
///
/// ## Failures
///
/// Every failure is reported at the call site, to Swift Testing (`Issue.record`) when a
/// Swift Testing test is running and to XCTest (`XCTFail`) otherwise (T6). State
/// mismatches show a field-by-field diff, `−` expected, `+` actual.
public final class TestHost<State: Equatable, Event: Sendable, Env: Sendable> {
    let loop: DrivenLoop<State, Event, Env>
    let recorder: ActivityRecorder<State, Event>
    /// The executor the task bodies prefer.
    let executor: DrivenExecutor
    /// The actor the loop runs on.
    let actor: DrivenActor
    let signal: WorkSignal
    /// The task that drives the host: the one whose steps run it, never two at once.
    let driving = DrivingTask()
    /// The test clocks connected to this host: found in its env, or passed as `clock:`,
    /// and the host's own ``clock``.
    let clocks: [TestClock]

    /// The loop's clock (`HostOptions.clock`), which times debounced and throttled
    /// tasks: the `clock:` passed at creation, else the first ``TestClock`` found in the
    /// env, else a clock of the host's own. Its time moves only when the test advances it.
    ///
    /// ```swift
    /// await host.send(.query("sw")) { $0.query = "sw" }      // debounced 300ms
    /// await host.clock.advance(by: .milliseconds(300))
    /// await host.receive(.results(["swift"])) { $0.results = ["swift"] }
    /// ```
    public let clock: TestClock

    /// How strictly the test is checked; may be changed between steps.
    ///
    /// ```swift
    /// host.exhaustivity = .off
    /// await host.send(.refresh)   // any state change accepted
    /// host.exhaustivity = .on
    /// ```
    public var exhaustivity: Exhaustivity

    /// How long, in wall-clock time, `receive` and `finish` wait for work that comes from
    /// outside the test host by default; 1 second unless set.
    ///
    /// ```swift
    /// host.timeout = .milliseconds(200)
    /// ```
    public var timeout: Duration

    /// Whether the last settle found the loop quiet.
    var settledQuietly = true

    /// Where the test created the host: where a test that never called `finish()` fails.
    let creationSite: CallSite
    /// What the host's release reports when no `finish()` followed the last step (T3).
    let releaseCheck = ReleaseCheck<Event>()

    /// What non-exhaustive steps let pass: unasserted state changes, events skipped or
    /// never received, tasks cancelled at the end. One line each.
    ///
    /// ```swift
    /// await host.finish()
    /// #expect(host.skippedAssertions.isEmpty)
    /// ```
    public private(set) var skippedAssertions: [String] = []

    /// Creates a test host around a new loop for `update`.
    ///
    /// Every ``TestClock`` stored in `env` (found by reflection, through fields, enum
    /// payloads, optionals and existentials such as `any Clock<Duration>`) is connected to
    /// the host, and so is `clock`: pass it when the env hides its clock in a closure.
    /// The loop's own ``clock``, which times debounced and throttled tasks, is `clock`,
    /// else the first clock found in `env`, else a new one.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let host = TestHost(initialState: Search.State(), env: Search.Env.mock(clock: clock),
    ///                     update: Search.update)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before the first event.
    ///   - env: The dependencies handed to tasks and actions.
    ///   - clock: A clock to connect in addition to those found in `env`, and the loop's
    ///     ``clock``.
    ///   - exhaustivity: How strictly the test is checked; ``Exhaustivity/on`` by default.
    ///   - timeout: The default wall-clock bound of `receive` and `finish`.
    ///   - chainLimit: The longest synchronous action chain (R13).
    ///   - fileID: Where the host is made: a test that ends with activity unaccounted
    ///     for and no `finish()` fails there (T3).
    ///   - filePath: Where the host is made, for that failure.
    ///   - line: Where the host is made, for that failure.
    ///   - column: Where the host is made, for that failure.
    ///   - update: The feature's transition function.
    public init(
        initialState: State,
        env: Env,
        clock: TestClock? = nil,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        chainLimit: Int = 10_000,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) {
        self.creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let signal = WorkSignal()
        let executor = DrivenExecutor(signal: signal, runsBetweenDrives: false)
        let actor = DrivenActor(signal: signal)
        let recorder = ActivityRecorder<State, Event>(initialState: initialState, signal: signal)
        self.signal = signal
        self.executor = executor
        self.actor = actor
        self.recorder = recorder
        self.exhaustivity = exhaustivity
        self.timeout = timeout
        var clocks = ClockDiscovery.clocks(in: env)
        if let clock, !clocks.contains(where: { $0 === clock }) { clocks.append(clock) }
        let hostClock = clock ?? clocks.first ?? TestClock()
        if !clocks.contains(where: { $0 === hostClock }) { clocks.append(hostClock) }
        self.clock = hostClock
        self.clocks = clocks
        let loop = DrivenLoop(
            initialState: initialState, env: env,
            options: HostOptions(
                chainLimit: chainLimit, taskExecutor: executor, gracePeriod: Self.gracePeriod, clock: hostClock,
                taskIsolation: .concurrent),
            actor: actor, update: update)
        self.loop = loop
        loop.observe(recorder.observer)
        // Called in a turn of the loop, which the test host drives.
        recorder.dismissed = { loop.cancelTasks(ids: Set(loop.runningTasks.map(\.id))) }
        for found in clocks { found.connect(self) }
    }

    /// How long a cancelled body may run before the host reports that it ignores its
    /// cancellation (R9): longer than an `EffectHost`'s second. A test host runs its tasks'
    /// work only when it drives them, so on a busy machine (a suite running its tests side
    /// by side) a cancelled body that is about to return can wait past a second to be run.
    /// A body that truly ignores its cancellation is still named when the test host stops,
    /// within its bound (T7).
    static var gracePeriod: Duration { .seconds(10) }

    /// Creates a test host for a feature with no dependencies.
    ///
    /// ```swift
    /// let host = TestHost(initialState: Counter.State(), update: Counter.update)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before the first event.
    ///   - clock: A clock the feature's tasks sleep on, if any, and the loop's ``clock``;
    ///     a new one when `nil`.
    ///   - exhaustivity: How strictly the test is checked.
    ///   - timeout: The default wall-clock bound of `receive` and `finish`.
    ///   - chainLimit: The longest synchronous action chain (R13).
    ///   - fileID: Where the host is made: a test that ends with activity unaccounted
    ///     for and no `finish()` fails there (T3).
    ///   - filePath: Where the host is made, for that failure.
    ///   - line: Where the host is made, for that failure.
    ///   - column: Where the host is made, for that failure.
    ///   - update: The feature's transition function.
    public convenience init(
        initialState: State,
        clock: TestClock? = nil,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        chainLimit: Int = 10_000,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) where Env == Void {
        self.init(
            initialState: initialState, env: (), clock: clock, exhaustivity: exhaustivity,
            timeout: timeout, chainLimit: chainLimit, fileID: fileID, filePath: filePath, line: line,
            column: column, update: update)
    }

    deinit {
        // T3: a test that ends with activity unaccounted for, and no finish() after its
        // last step, fails as finish() would (see ReleaseCheck). H9: as finish() does, the
        // host first runs what is ready to run, so a task whose body returns at once (a
        // timer reissued with `guard isActive else { return }`) is not reported as running.
        if releaseCheck.needsCheck {
            settleForRelease()
            noteUnaccounted()
        }
        releaseCheck.report(at: creationSite)
        // Tasks and turns still queued run elsewhere from now on; the loop's own deinit
        // cancels the tasks.
        executor.release()
        actor.release()
    }

    /// The loop's current state.
    ///
    /// ```swift
    /// #expect(host.state.count == 0)
    /// ```
    public var state: State { loop.state }

    /// Whether the feature under test dismissed itself (N3).
    ///
    /// A test host presents the feature it tests, as TCA's `TestStore` does: a
    /// `Effect.dismiss` with no stack or destination around it ends that
    /// presentation instead of being reported. Every task the feature runs is cancelled
    /// then, and a later ``send(_:assert:fileID:filePath:line:column:)`` fails: a
    /// dismissed screen takes no more events. (An `EffectHost`, which
    /// presents nothing, reports such a `.dismiss` as
    /// `Diagnostic.nowhereToDismiss(event:)` and changes nothing.)
    ///
    /// ```swift
    /// await host.send(.alert(.presented(.confirmDiscard))) { $0.alert = nil }
    /// #expect(host.isDismissed)
    /// ```
    public var isDismissed: Bool { recorder.isDismissed }

    /// The names of the named tasks running now, sorted.
    ///
    /// ```swift
    /// await host.send(.start) { $0.isRunning = true }
    /// #expect(host.runningTaskNames == ["ticker"])
    /// ```
    public var runningTaskNames: [String] { loop.runningTaskNames }

    /// Every task, named or not, started and not yet ended, cancelled or replaced, in
    /// start order.
    ///
    /// ```swift
    /// #expect(host.runningTasks.map(\.name) == ["ticker"])
    /// ```
    public var runningTasks: [TaskInfo] { loop.runningTasks }

    /// Events tasks delivered that `receive` has not yet asserted, oldest first.
    ///
    /// ```swift
    /// await clock.advance(by: .seconds(1))
    /// #expect(host.pendingEvents == [.tick])
    /// ```
    public var pendingEvents: [Event] { recorder.deliveries.map(\.event) }

    /// Everything the loop's observer saw, in order: transitions, settled states, task
    /// activity, dropped events and diagnostics — for assertions the host does not make
    /// itself.
    ///
    /// ```swift
    /// let failures = host.activities.filter {
    ///     if case .diagnostic(.taskFailed) = $0 { true } else { false }
    /// }
    /// #expect(failures.count == 1)
    /// ```
    public var activities: [HostActivity<State, Event>] { recorder.activities }

    /// The loop's input, for code under test that sends events itself.
    ///
    /// Events sent through it are delivered like a task's: assert them with `receive`.
    ///
    /// ```swift
    /// host.input(.refresh)
    /// await host.receive(.refresh) { $0.isLoading = true }
    /// ```
    public var input: Input<Event> { loop.input }

    /// Runs ready task work and lets the loop process what the tasks sent, until neither
    /// has anything left to do.
    ///
    /// ```swift
    /// await host.send(.start)
    /// await host.settle()
    /// #expect(clock.sleeperCount == 1)
    /// ```
    public func settle() async {
        guard beginStep("settle()", at: creationSite) else { return }
        defer { driving.end() }
        _ = await runUntilQuiet()
        noteUnaccounted()
    }

    /// Settles for a connected ``TestClock`` about to move time or that just woke a
    /// sleeper, when the clock is moved by the task that drives this host.
    func settle(forClockMovedAt site: CallSite) async {
        guard driving.begin(for: .clock) else {
            return site.fail(
                "A TestClock connected to the test host made at \(creationSite) was moved from a task "
                    + "that does not drive the host: the host was not settled before time moved. Move a "
                    + "connected clock in the task of the test's steps, not in a Task { } or an async let of it.")
        }
        defer { driving.end() }
        _ = await runUntilQuiet()
        noteUnaccounted()
    }

    /// Begins a step of the test, `name` at `site`, in the current task, which then drives
    /// the host; fails the test instead, leaving the loop alone, while a step of another
    /// task is under way. A step that began calls `driving.end()` when it ends.
    func beginStep(_ name: @autoclosure () -> String, at site: CallSite) -> Bool {
        guard driving.begin(for: .step) else {
            site.fail(
                "\(name()) while a step of another task is under way on this test host: a test host is "
                    + "driven by one task at a time, its test's.")
            return false
        }
        return true
    }

    /// Settles, and fails the test at `site` when the loop never became quiet. Returns
    /// whether any task work ran or any input was processed: whether the loop progressed.
    @discardableResult
    func settle(at site: CallSite) async -> Bool {
        let (isQuiet, progressed) = await runUntilQuiet()
        settledQuietly = isQuiet
        if !isQuiet {
            site.fail(
                "The loop did not become quiet after \(DrivenExecutor.quietRoundLimit) rounds of task work: "
                    + "a task keeps making work without waiting (a loop on Task.yield(), say). "
                    + runningTasksSummary)
        }
        return progressed
    }

    /// Runs rounds until quiet: each round runs the task work queued, the loop's turns
    /// queued, and the events waiting in the mailbox, then yields, so that work of other
    /// actors can come back. Quiet is a round with nothing to do.
    ///
    /// A body that hops to the main actor comes back through it. In a test on the main
    /// actor the yields let the hop run first; in any other, when tasks run that do not
    /// sleep on a connected ``TestClock``, the first quiet round after work waits for the
    /// main actor once, so that such a body is back, or registered as a sleeper, before
    /// quiet is declared, as it would be in a `@MainActor` test.
    ///
    /// - Returns: Whether it became quiet (`false` for work that never stops, given up on
    ///   after `DrivenExecutor.quietRoundLimit` rounds), and whether any round did
    ///   something.
    private func runUntilQuiet() async -> (isQuiet: Bool, progressed: Bool) {
        // The isolation is bound to a typed local before the comparison: `#isolation ===
        // MainActor.shared` in a nonisolated(nonsending) function hands `===` the implicit
        // actor (a two-word `(any Actor)?`) as if it were an `AnyObject?`, unconverted, and
        // with -O IRGen then emits a broken phi: Swift 6.3.1 crashes with signal 6 ("PHINode
        // should have one entry for each predecessor", "Broken module found") in the release
        // build (issue 58). Do not fold it back into one expression.
        let isolation: (any Actor)? = #isolation
        let isOnMainActor = isolation === MainActor.shared
        var progressed = false
        var passesMainActor = !isOnMainActor
        for _ in 0..<DrivenExecutor.quietRoundLimit {
            if runRound() {
                progressed = true
                passesMainActor = !isOnMainActor
                await Task.yield()
                continue
            }
            guard passesMainActor, tasksNotOnTestClock > 0 else { return (true, progressed) }
            passesMainActor = false
            await MainActor.run {}
        }
        return (false, progressed)
    }

    /// Runs rounds until one finds nothing to do, with no wait between them: a release's
    /// settle, in a `deinit`, which cannot await. The host is released by the one context
    /// that holds it, so nothing else drives it meanwhile. Work that comes back only
    /// through another actor (a body's hop to the main actor) is not waited for.
    private func settleForRelease() {
        var rounds = 0
        while rounds < DrivenExecutor.quietRoundLimit, runRound() { rounds += 1 }
        settledQuietly = rounds < DrivenExecutor.quietRoundLimit
    }

    /// One round: the task work queued now, the loop's turns queued now, and the events
    /// waiting in the mailbox. Returns whether it found anything to do.
    private func runRound() -> Bool {
        var ran = executor.runJobs() + actor.runTurns()
        if loop.hasPendingInput {
            loop.processPendingInput()
            ran += 1
        }
        return ran > 0
    }

    /// Writes down what `finish()` would report now, for the host's release (T3): at the
    /// end of each step (`send`, `receive`, `settle()`, a sent task's `finish()`).
    func noteUnaccounted() {
        releaseCheck.update(
            unreceived: unreceivedChainEvents + recorder.deliveries.map(\.event), running: loop.runningTasks,
            diagnostics: recorder.diagnostics.filter(\.failsExhaustiveTest),
            isExhaustive: exhaustivity.isExhaustive,
            sleepsOnTestClock: isWaitingOnlyForTestClock)
    }

    /// Records what a non-exhaustive step let pass, showing it if asked to.
    func skip(_ note: String, at site: CallSite) {
        skippedAssertions.append(note)
        if exhaustivity.showsSkipped { site.noteSkipped(note) }
    }

    /// Whether, the loop being quiet, nothing can happen until a connected ``TestClock``
    /// moves: tasks run, and the connected clocks hold at least one sleeper of this host's
    /// for each. Waiting on the wall clock would then only delay a failure.
    var isWaitingOnlyForTestClock: Bool {
        let running = loop.runningTaskCount
        guard running > 0, settledQuietly else { return false }
        return ownSleepers >= running
    }

    /// How many running tasks wait on something other than a connected ``TestClock``,
    /// at least: a `Task.sleep`, a `ContinuousClock`, the outside world.
    var tasksNotOnTestClock: Int {
        max(0, loop.runningTaskCount - ownSleepers)
    }

    /// How many of this host's tasks sleep on a connected ``TestClock`` now. A clock may be
    /// shared by several test hosts (H9): a sleeper counts here when its task prefers this
    /// host's executor, as the host's task bodies and their child tasks do.
    private var ownSleepers: Int {
        clocks.reduce(0) { $0 + $1.sleeperCount(preferring: executor) }
    }

    /// Waits for a fire of the work signal, bounded by `deadline`; `false` once the
    /// deadline has passed.
    func waitForWork(until deadline: ContinuousClock.Instant) async -> Bool {
        guard ContinuousClock.now < deadline else { return false }
        await signal.wait(until: deadline)
        return true
    }
}

extension TestHost: ClockDriver {}
