@testable import EffectEngine
import Testing

/// The loop core as a value: given a core, when something happens, then what it decides
/// and the waiters it hands back. No host, no task, no waiting.
@Suite("The loop core's decisions, as a value")
struct LoopCoreTests {
    static let now = ContinuousClock.now

    /// A core with a live task of each name, started in no tree.
    static func given(tasks names: [String?]) -> (LoopCore, [TaskToken]) {
        var core = LoopCore()
        var tokens: [TaskToken] = []
        for name in names {
            let (token, _) = core.taskIssued(named: name, at: now)
            core.taskStarted(token, handle: nil)
            tokens.append(token)
        }
        return (core, tokens)
    }

    /// When a drain of the mailbox does `work`: the waiters woken at its end, with
    /// `queued` telling whether messages still wait in the mailbox.
    static func drain(
        _ core: inout LoopCore, queued: Bool = false, _ work: (inout LoopCore) -> Void = { _ in }
    ) -> [Wakeup] {
        #expect(core.drainBegan() == true, "the host was busy")
        work(&core)
        core.finishedWork()
        return core.takeWakeups(queued: queued)
    }

    // MARK: Arrival (R2, R11)

    @Test("An event arriving while the host is busy waits; after stop it is dropped")
    func admission() {
        var core = LoopCore()
        #expect(core.eventArrived(tree: nil) == .processNow)
        #expect(core.eventArrived(tree: nil) == .deferred)
        core.finishedWork()
        #expect(!core.isBusy)
        _ = core.stopRequested(at: Self.now)
        #expect(core.eventArrived(tree: nil) == .dropped)
    }

    @Test("Mail waiting goes first when the host is free (R2); a busy host's work drains it")
    func mailGoesFirst() {
        var core = LoopCore()
        #expect(core.eventArrived(tree: nil, mailWaiting: true) == .mailFirst)
        #expect(!core.isBusy, "the core marked the host busy for an event it did not admit")
        #expect(core.drainBegan() == true)
        #expect(core.eventArrived(tree: nil, mailWaiting: true) == .deferred)
        core.finishedWork()
        #expect(core.eventArrived(tree: nil, mailWaiting: false) == .processNow)
        core.finishedWork()
        // A performed event asks first too, and opens no part of its tree until admitted.
        let tree = core.performBegan()
        #expect(core.eventArrived(tree: tree, mailWaiting: true) == .mailFirst)
        #expect(core.eventArrived(tree: tree) == .processNow)
        core.partClosed(tree)
        core.finishedWork()
        core.partClosed(tree)
        #expect(!core.isOpen(tree))
    }

    // MARK: Errors (R14)

    @Test("A body's end is a failure only for an error other than CancellationError")
    func endings() {
        struct Broken: Error {}
        var (core, tokens) = Self.given(tasks: ["a", "b", "c"])
        guard case .ended = core.taskEnded(tokens[0], failure: nil) else {
            Issue.record("a body that returned failed")
            return
        }
        guard case .ended = core.taskEnded(tokens[1], failure: CancellationError()) else {
            Issue.record("a body that threw CancellationError failed")
            return
        }
        guard case .failed(let error) = core.taskEnded(tokens[2], failure: Broken()) else {
            Issue.record("a body that threw an error was not reported as failed")
            return
        }
        #expect(error is Broken)
        #expect(core.runningTaskCount == 0, "a failed task must count as ended")
    }

    // MARK: Idle (R17)

    @Test("A task replaced by its own event's chain leaves no idle instant")
    func handOffIsNotIdle() {
        var (core, tokens) = Self.given(tasks: ["poll"])
        #expect(core.idleWaitBegan(WaiterID(0), queued: false) == true)
        // The first poll's event arrives; its chain issues "poll" again.
        var next: TaskToken?
        let handedOff = Self.drain(&core) { core in
            #expect(core.mailArrived(from: tokens[0], performer: nil) == .process(in: nil))
            let (token, replaced) = core.taskIssued(named: "poll", at: Self.now)
            #expect(token.info == TaskInfo(id: 2, name: "poll") && replaced?.token == tokens[0])
            core.taskStarted(token, handle: nil)
            next = token
        }
        #expect(handedOff == [])
        #expect(core.runningTaskNames == ["poll"])
        // The second poll ends: now the host is idle.
        let ended = Self.drain(&core) { $0.taskEnded(next!) }
        #expect(ended == [Wakeup(waiter: WaiterID(0), outcome: .idle(true))])
    }

    @Test("An event waiting in the mailbox keeps the host from idle until it is drained")
    func queuedEventIsNotIdle() {
        var core = LoopCore()
        #expect(core.idleWaitBegan(WaiterID(3), queued: true) == true)
        #expect(Self.drain(&core, queued: true) == [])
        #expect(Self.drain(&core) == [Wakeup(waiter: WaiterID(3), outcome: .idle(true))])
    }

    @Test("A wait until idle with nothing live is woken at once; one that times out is woken once")
    func idleWaits() {
        var core = LoopCore()
        #expect(core.idleWaitBegan(WaiterID(0), queued: false) == false)
        #expect(core.takeWakeups() == [Wakeup(waiter: WaiterID(0), outcome: .idle(true))])
        var (busy, _) = Self.given(tasks: ["t"])
        #expect(busy.idleWaitBegan(WaiterID(1), queued: false) == true)
        busy.idleWaitTimedOut(WaiterID(1))
        busy.idleWaitTimedOut(WaiterID(1))
        #expect(busy.takeWakeups() == [Wakeup(waiter: WaiterID(1), outcome: .idle(false))])
    }

    // MARK: Trees (R10)

    @Test("A perform settles when its event ran and its task ended, not before")
    func performSettlesWithItsTask() {
        var core = LoopCore()
        let tree = core.performBegan()
        #expect(core.eventArrived(tree: tree) == .processNow)
        let (token, _) = core.taskIssued(named: "load", in: tree, at: Self.now)
        core.taskStarted(token, handle: nil)
        core.partClosed(tree)  // the chain ran
        core.finishedWork()
        core.partClosed(tree)  // the performed event's own part
        #expect(core.isOpen(tree))
        core.performWaitBegan(tree, waiter: WaiterID(7))
        #expect(core.takeWakeups() == [])
        #expect(Self.drain(&core) { $0.taskEnded(token) } == [Wakeup(waiter: WaiterID(7), outcome: .settled)])
        #expect(!core.isOpen(tree))
    }

    @Test("A task's perform opens a tree inside the task's, which waits for it")
    func nestedPerform() {
        var core = LoopCore()
        let outer = core.performBegan()
        _ = core.eventArrived(tree: outer)
        let (token, _) = core.taskIssued(named: "t", in: outer, at: Self.now)
        core.taskStarted(token, handle: nil)
        core.partClosed(outer)
        core.finishedWork()
        core.partClosed(outer)
        core.performWaitBegan(outer, waiter: WaiterID(0))
        // The task performs an event and ends; the outer tree waits for the inner one,
        // which settles once the performed event's chain has run.
        let woken = Self.drain(&core) { core in
            guard case .process(let inner?) = core.mailArrived(from: token, performer: WaiterID(1)) else {
                Issue.record("the performed event opened no tree")
                return
            }
            core.taskEnded(token)
            #expect(core.isOpen(outer) && core.isOpen(inner))
            core.partClosed(inner)
        }
        #expect(woken == [Wakeup(waiter: WaiterID(1), outcome: .settled), Wakeup(waiter: WaiterID(0), outcome: .settled)])
    }

    // MARK: Cancellation (R5–R7, C1)

    @Test("An event of a cancelled task is dropped and its performer released")
    func cancelledTaskEventIsDropped() {
        var (core, tokens) = Self.given(tasks: ["t"])
        #expect(core.cancelRequested("t", at: Self.now).map(\.token) == tokens)
        let woken = Self.drain(&core) { core in
            #expect(core.mailArrived(from: tokens[0], performer: WaiterID(2)) == .dropped)
        }
        #expect(woken == [Wakeup(waiter: WaiterID(2), outcome: .abandoned)])
        #expect(core.runningTasks.isEmpty)
    }

    @Test("A scope cancel takes every task under the scope and nothing else, in start order")
    func scopeCancel() {
        var (core, tokens) = Self.given(tasks: ["rows/1/load", "rows/10/load", "rows/1/sync", "rows/1/"])
        let cancelled = core.cancelRequested("rows/1/", at: Self.now).map(\.token)
        #expect(cancelled == [tokens[0], tokens[2], tokens[3]])
        #expect(core.runningTaskNames == ["rows/10/load"])
    }

    @Test("A scope cancel closes the throttle windows under it, as a cancel of the name does")
    func scopeCancelClosesThrottleWindows() {
        let window = TaskPacing.throttle(.milliseconds(300), latest: false)
        for cancel in ["rows/1/sync", "rows/1/"] {
            var core = LoopCore()
            #expect(core.pacedTaskIssued(named: "rows/1/sync", pacing: window, now: .zero) == .zero)
            #expect(core.pacedTaskIssued(named: "rows/1/sync", pacing: window, now: .milliseconds(50)) == nil)
            _ = core.cancelRequested(cancel, at: Self.now)
            #expect(
                core.pacedTaskIssued(named: "rows/1/sync", pacing: window, now: .milliseconds(100))
                    == .milliseconds(100), "after cancel(\(cancel))")
        }
    }

    // MARK: Stopping (R9)

    @Test("Stop cancels every live task, releases performs and idle waits, and waits for the bodies")
    func stop() {
        var (core, tokens) = Self.given(tasks: ["a", nil])
        #expect(core.idleWaitBegan(WaiterID(0), queued: false) == true)
        let live = core.stopRequested(at: Self.now)
        #expect(live?.map(\.token) == tokens)
        #expect(core.stopRequested(at: Self.now) == nil)
        #expect(core.stopWaitBegan(WaiterID(1), exempt: nil) == true)
        core.taskEnded(tokens[0])
        #expect(core.takeWakeups() == [Wakeup(waiter: WaiterID(0), outcome: .idle(true))])
        core.taskEnded(tokens[1])
        #expect(core.takeWakeups() == [Wakeup(waiter: WaiterID(1), outcome: .stopped(leftBehind: []))])
    }

    @Test("A stop called by a body does not wait for that body; a bounded stop names those left")
    func stopFromABody() {
        var (core, tokens) = Self.given(tasks: ["a", "b"])
        _ = core.stopRequested(at: Self.now)
        #expect(core.stopWaitBegan(WaiterID(0), exempt: tokens[0].info.id) == true)
        #expect(core.stopWaitBegan(WaiterID(1), exempt: nil) == true)
        core.taskEnded(tokens[1])
        #expect(core.takeWakeups() == [Wakeup(waiter: WaiterID(0), outcome: .stopped(leftBehind: []))])
        core.stopWaitTimedOut(WaiterID(1))
        #expect(
            core.takeWakeups() == [Wakeup(waiter: WaiterID(1), outcome: .stopped(leftBehind: [tokens[0].info]))])
    }
}

