import EffectEngine
import EffectEngineShared
import EffectEngineTesting
import TestSupport
import Testing

/// A debounced search, the way a feature writes it: no clock in its env.
private enum Typing {
    struct State: Equatable {
        var query = ""
        var results: [String] = []
    }

    enum Event: Equatable, Sendable {
        case query(String)
        case results([String])
        case clear
    }

    static let debounce = Duration.milliseconds(300)

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .query(let text):
            state.query = text
            return .task(name: "search", debounce: debounce) { input, _ in
                input(.results([text, text + "!"]))
            }
        case .results(let found):
            state.results = found
            return nil
        case .clear:
            state = State()
            return .cancel("search")
        }
    }
}

@Suite("Debounce and throttle: the rules around them")
@MainActor
struct PacingRulesTests {
    // MARK: Summaries (T4)

    @Test func summariesShowThePacing() {
        let debounced = Effect<Int, Void>.task(name: "s", debounce: .milliseconds(300)) { _, _ in }
        #expect(debounced.summary == .task(name: "s", debounce: .milliseconds(300)))
        #expect(debounced.summary != .task(name: "s"))
        #expect(debounced.summary != .task(name: "s", debounce: .milliseconds(200)))
        let throttled = Effect<Int, Void>.task(name: "t", throttle: .seconds(1), latest: true) { _, _ in }
        #expect(throttled.summary == .task(name: "t", throttle: .seconds(1), latest: true))
        #expect(throttled.summary != .task(name: "t", throttle: .seconds(1)))
        #expect(throttled.summary == .paced(name: "t", .throttle(.seconds(1), latest: true)))
        #expect(debounced.summary.description == "task(\"s\", debounce: 0.3 seconds)")
        #expect(throttled.summary.description == "task(\"t\", throttle: 1.0 seconds, latest: true)")
        #expect(
            EffectSummary.task(name: "t", throttle: .seconds(2)).description
                == "task(\"t\", throttle: 2.0 seconds)")
    }

    @Test func updateSpecAssertsADebounce() {
        UpdateSpec(Typing.update)
            .given(Typing.State())
            .when(.query("sw"))
            .then(effect: .task(name: "search", debounce: .milliseconds(300))) { $0.query = "sw" }
        withKnownIssue {
            UpdateSpec(Typing.update)
                .given(Typing.State())
                .when(.query("sw"))
                .then(effect: .task(name: "search")) { $0.query = "sw" }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "− task(\"search\")\n    + task(\"search\", debounce: 0.3 seconds)")
        }
    }

    @Test func aStepperHandsOverThePacing() {
        struct Issued: StepHandler {
            typealias State = Typing.State
            typealias Env = Void
            var pacings: [TaskPacing?] = []
            mutating func taskIssued(_ task: TaskEffect<Typing.Event, Void>) { pacings.append(task.pacing) }
        }
        var state = Typing.State()
        var issued = Issued()
        Stepper(update: Typing.update, env: ()).step(.query("a"), state: &state, handler: &issued)
        #expect(issued.pacings == [.debounce(.milliseconds(300))])
    }

    @Test func everyFormKeepsItsPriority() {
        struct Issued: StepHandler {
            typealias State = Int
            typealias Event = Int
            typealias Env = Void
            var tasks: [TaskEffect<Int, Void>] = []
            mutating func taskIssued(_ task: TaskEffect<Int, Void>) { tasks.append(task) }
        }
        let effects: [Effect<Int, Void>] = [
            .task(name: "d", debounce: .seconds(1)) { _, _ in },
            .task(name: "d", debounce: .seconds(1), priority: .low) { _, _ in },
            .task(name: "t", throttle: .seconds(1), latest: true) { _, _ in },
            .task(name: "t", throttle: .seconds(1), latest: true, priority: .high) { _, _ in },
            .run(name: "r") { _, _ in },
            .run(name: "r", priority: .utility) { _, _ in },
        ]
        var state = 0
        var issued = Issued()
        let stepper = Stepper<Int, Int, Void>(update: { _, index in effects[index] }, env: ())
        for index in effects.indices { stepper.step(index, state: &state, handler: &issued) }
        #expect(issued.tasks.map(\.priority) == [nil, .low, nil, .high, nil, .utility])
        #expect(
            issued.tasks.map(\.pacing) == [
                .debounce(.seconds(1)), .debounce(.seconds(1)), .throttle(.seconds(1), latest: true),
                .throttle(.seconds(1), latest: true), nil, nil,
            ])
    }

    // MARK: Bad input

    @Test func negativeDurationsCountAsZero() async {
        #expect(
            Effect<Int, Void>.task(name: "s", debounce: .seconds(-1)) { _, _ in }.summary
                == .task(name: "s", debounce: .zero))
        #expect(
            Effect<Int, Void>.task(name: "t", throttle: .seconds(-1), latest: true) { _, _ in }.summary
                == .task(name: "t", throttle: .zero, latest: true))
        #expect(
            Effect<Int, Void>.paced(name: "p", pacing: .debounce(.seconds(-5)), priority: nil) { _, _ in }
                .summary
                == .task(name: "p", debounce: .zero))
        // A negative debounce built by hand runs at once, as zero does.
        let runs = await PacingMarbleTests.runs(
            of: Marble(.debounce(.seconds(-5)), "ab", runs: "ab", "negative"))
        #expect(runs == "ab")
        let throttled = await PacingMarbleTests.runs(
            of: Marble(.throttle(.seconds(-5), latest: true), "ab", runs: "ab", "negative"))
        #expect(throttled == "ab")
    }

    // MARK: The host's clock

    @Test func aTestHostHasAClockEvenWhenTheEnvHasNone() async {
        let host = TestHost(initialState: Typing.State(), update: Typing.update)
        await host.send(.query("sw")) { $0.query = "sw" }
        await host.clock.advance(by: .milliseconds(299))
        #expect(host.pendingEvents.isEmpty)
        await host.clock.advance(by: .milliseconds(1))
        await host.receive(.results(["sw", "sw!"])) { $0.results = ["sw", "sw!"] }
        await host.finish()
    }

    @Test func aTestHostRunsOnTheClockItIsGivenOrFindsInItsEnv() {
        let given = TestClock()
        #expect(TestHost(initialState: Typing.State(), clock: given, update: Typing.update).clock === given)
        let found = TestClock()
        let host = TestHost(
            initialState: Paced.State(), env: Paced.Env(clock: found), update: Paced.update(.debounce(.zero)))
        #expect(host.clock === found)
    }

    @Test func theDefaultClockIsTheContinuousClock() async {
        let host = EffectHost(initialState: Typing.State(), update: Typing.update)
        let start = ContinuousClock.now
        await host.perform(.query("sw"))
        #expect(ContinuousClock.now - start >= Typing.debounce)
        #expect(host.state.results == ["sw", "sw!"])
        await host.stop()
    }

    // MARK: Replacement, cancellation and perform (R5–R7, R10)

    @Test func aSupersededDebounceNeverDelivers() async {
        let host = TestHost(initialState: Typing.State(), update: Typing.update)
        await host.send(.query("s")) { $0.query = "s" }
        await host.clock.advance(by: .milliseconds(200))
        #expect(host.runningTaskNames == ["search"])
        await host.send(.query("sw")) { $0.query = "sw" }
        await host.clock.advance(by: .milliseconds(200))
        #expect(host.pendingEvents.isEmpty)
        await host.clock.advance(by: .milliseconds(100))
        await host.receive(.results(["sw", "sw!"])) { $0.results = ["sw", "sw!"] }
        await host.clock.advance(by: .seconds(5))
        await host.finish()
        let replaced = host.activities.filter { if case .task(.replaced) = $0 { true } else { false } }
        #expect(replaced.count == 1)
    }

    @Test func aCancelEndsAWaitingDebounce() async {
        let host = TestHost(initialState: Typing.State(), update: Typing.update)
        await host.send(.query("s")) { $0.query = "s" }
        await host.send(.clear) { $0.query = "" }
        #expect(host.runningTasks.isEmpty)
        await host.clock.advance(by: .seconds(1))
        await host.finish()
    }

    @Test func performOfASupersededDebounceReturnsWhenSuperseded() async {
        let clock = TestClock()
        let host = EffectHost(
            initialState: Typing.State(), options: HostOptions(clock: clock), update: Typing.update)
        let first = Task { await host.perform(.query("s")) }
        // The clock never moves: only the reissue can end the first tree.
        while host.runningTaskNames.isEmpty { await Task.yield() }
        host.send(.query("sw"))
        #expect(await withinBound(seconds: TestBounds.hangSeconds) { await first.value })
        #expect(host.runningTaskNames == ["search"])
        #expect(host.state.results.isEmpty)
        await host.stop()
    }

    @Test func performOfATrailingRunWaitsForIt() async {
        let clock = TestClock()
        let host = EffectHost(
            initialState: Paced.State(), env: Paced.Env(clock: clock),
            options: HostOptions(clock: clock), update: Paced.update(.throttle(.seconds(1), latest: true)))
        await host.perform(.issue("a"))
        #expect(host.state.log.map(\.label) == ["a", "a"])
        let trailing = Task { await host.perform(.issue("b")) }
        while clock.sleeperCount == 0 { await Task.yield() }
        #expect(host.runningTaskNames == ["p"])
        await clock.advance(by: .seconds(1))
        #expect(await withinBound(seconds: TestBounds.hangSeconds) { await trailing.value })
        #expect(host.state.log.map(\.label) == ["a", "a", "b", "b"])
        await host.stop()
    }

    @Test func aDroppedThrottleIssueStartsNothingAndPerformReturnsAtOnce() async {
        let clock = TestClock()
        let tasks = Locked<[TaskActivity]>([])
        let host = EffectHost(
            initialState: Paced.State(), env: Paced.Env(clock: clock), options: HostOptions(clock: clock),
            observer: HostObserver { activity in
                if case .task(let change) = activity { tasks.withLock { $0.append(change) } }
            },
            update: Paced.update(.throttle(.seconds(1), latest: false)))
        host.send(.issue("a", work: .seconds(5)))
        let started = tasks.withLock { $0.count }
        // The clock never moves: a perform that waited for anything would not return.
        #expect(await withinBound(seconds: TestBounds.hangSeconds) { await host.perform(.issue("b")) })
        #expect(tasks.withLock { $0.count } == started)
        #expect(host.runningTaskNames == ["p"])
        await host.stop()
    }

    @Test func aPlainIssueOfAThrottledNameClosesItsWindow() async {
        let host = Paced.host(.throttle(.seconds(1), latest: false))
        host.exhaustivity = .off
        await host.send(.issue("a"))
        await host.send(.issue("b"))  // within the window: dropped
        await host.send(.plain("c"))  // replaces the task and closes the window
        await host.send(.issue("d"))  // so this one leads
        await host.clock.advance()
        #expect(host.state.log.filter { $0.kind == .ran }.map(\.label) == ["a", "c", "d"])
        await host.stop()
    }

    @Test func aPendingTrailingRunKeepsFinishFromPassing() async {
        let host = Paced.host(.throttle(.seconds(1), latest: true))
        host.exhaustivity = .off
        await host.send(.issue("a"))
        await host.send(.issue("b"))
        await host.clock.advance()
        host.exhaustivity = .on
        await withKnownIssue {
            await host.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "1 task(s) still running, each asleep on a TestClock")
        }
        await host.clock.advance(by: .seconds(1))
        #expect(host.state.log.filter { $0.kind == .ran }.map(\.label) == ["a", "b"])
        await host.stop()
    }
}
