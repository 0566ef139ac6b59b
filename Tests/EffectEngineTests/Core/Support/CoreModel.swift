import Foundation
@testable import EffectEngine

/// The loop core driven as a feature, so the project's own explorer can walk every state
/// it reaches: each event is one main-actor turn of a host (a send, a perform, a task's
/// event or end reaching the main actor, a wait, a stop), calling the core exactly as
/// `EffectHost` does, and taking the wake-ups at the end of the turn as the host resumes
/// them.
///
/// The universe is small: task names `a` and `s/b` and an unnamed task under the scope
/// `s/`, at most two bodies (three with `EFFECTENGINE_CORE_BODIES=3`), two performs, one
/// event queued from outside, two waits until idle and two stops. Whatever the core
/// decides is checked against the rules as it happens; the first rule broken is kept in
/// ``violation``.
struct CoreModel: Hashable {
    /// What one main-actor turn of the host does.
    enum Turn: Hashable, Sendable, CustomStringConvertible {
        /// An event sent from outside whose chain issues a task (or nothing).
        case send(issuing: String?)
        /// A `perform` of an event whose chain issues a task (or nothing).
        case perform(issuing: String?)
        /// An event sent from outside whose chain cancels a name or a scope.
        case cancel(String)
        /// An event a body sent (or performed) reaches the main actor; its chain issues a
        /// task (or nothing).
        case taskSends(body: Int, issuing: String?, performs: Bool)
        /// A body returns, and its end reaches the main actor.
        case bodyReturns(Int)
        /// An event from outside is queued in the mailbox.
        case inputQueued
        /// The queued event is drained.
        case drain
        /// `waitUntilIdle` begins.
        case waitUntilIdle
        /// The bound of the oldest wait until idle passes.
        case idleWaitTimesOut
        /// `stop()` is called.
        case stop

        var description: String {
            switch self {
            case .send(let name): "send(issuing: \(name ?? "nothing"))"
            case .perform(let name): "perform(issuing: \(name ?? "nothing"))"
            case .cancel(let name): "cancel(\(name))"
            case .taskSends(let body, let name, let performs):
                "body \(body) \(performs ? "performs" : "sends") (issuing: \(name ?? "nothing"))"
            case .bodyReturns(let body): "body \(body) returns"
            case .inputQueued: "input queued"
            case .drain: "drain"
            case .waitUntilIdle: "waitUntilIdle"
            case .idleWaitTimesOut: "idle wait times out"
            case .stop: "stop"
            }
        }
    }

    enum WaiterKind: Hashable {
        case perform(TreeID)
        /// A task's `Input.perform` whose event has not been admitted (yet).
        case taskPerform
        case idle
        case stop
    }

    struct Body: Hashable {
        let token: TaskToken
        var hasReturned = false
    }

    static let names: [String?] = [nil, "a", "s/b", "s/"]
    /// Bodies issued at most: 2 in `swift test`; `EFFECTENGINE_CORE_BODIES=3` walks the
    /// larger space (millions of states, minutes in a debug build).
    static let maxBodies = ProcessInfo.processInfo.environment["EFFECTENGINE_CORE_BODIES"].flatMap(Int.init) ?? 2
    static let maxPerforms = 2
    static let maxIdleWaits = 1
    static let maxStops = 2
    /// Cancellations are stamped with one instant: the grace period is not modelled.
    static let epoch = ContinuousClock.now

    var core = LoopCore()
    var bodies: [Body] = []
    /// The tasks the core retired (replaced, cancelled, or stopped), by id.
    var cancelled: Set<UInt64> = []
    /// Every waiter by id, what it waits for, and how often it was woken.
    var waiters: [WaiterKind] = []
    var wakes: [Int] = []
    /// Each nested tree's parent: the tree of the task that performed its event.
    var parents: [TreeID: TreeID] = [:]
    var performs = 0
    var idleWaits = 0
    var stops = 0
    var queued = false
    var queuedEver = false
    /// The first rule the core was seen to break, with the turn that broke it.
    var violation: String?
    /// Wake-ups taken within a turn, checked with the rest at its end; always empty
    /// between turns.
    private var earlyWakeups: [Wakeup] = []

    // MARK: The events the explorer may take

    static func turns(_ model: CoreModel) -> [Turn] {
        guard model.violation == nil else { return [] }
        var turns: [Turn] = []
        let issues = model.bodies.count < maxBodies ? names : [nil]
        for name in issues { turns.append(.send(issuing: name)) }
        if model.performs < maxPerforms {
            for name in issues { turns.append(.perform(issuing: name)) }
        }
        for name in ["a", "s/"] { turns.append(.cancel(name)) }
        for (index, body) in model.bodies.enumerated() where !body.hasReturned {
            for name in issues { turns.append(.taskSends(body: index, issuing: name, performs: false)) }
            if model.performs < maxPerforms { turns.append(.taskSends(body: index, issuing: nil, performs: true)) }
            turns.append(.bodyReturns(index))
        }
        if !model.queuedEver { turns.append(.inputQueued) }
        if model.queued { turns.append(.drain) }
        if model.idleWaits < maxIdleWaits { turns.append(.waitUntilIdle) }
        if model.pendingIdleWaiter != nil { turns.append(.idleWaitTimesOut) }
        if model.stops < maxStops { turns.append(.stop) }
        return turns
    }

    // MARK: One turn, as the host takes it

    static func take(_ model: inout CoreModel, _ turn: Turn) -> Effect<Turn, Void>? {
        model.take(turn)
        model.wakeWaiters(after: turn)
        return nil
    }

    private mutating func take(_ turn: Turn) {
        switch turn {
        case .send(let name):
            arrive(tree: nil) { $0.issue(name, in: nil) }
        case .perform(let name):
            performs += 1
            guard !core.isStopped else { return }
            let tree = core.performBegan()
            arrive(tree: tree) { $0.issue(name, in: tree) }
            core.partClosed(tree)
            if core.isOpen(tree) { core.performWaitBegan(tree, waiter: addWaiter(.perform(tree))) }
        case .cancel(let name):
            arrive(tree: nil) { model in
                for entry in model.core.cancelRequested(name, at: Self.epoch) {
                    model.cancelled.insert(entry.token.info.id)
                }
            }
        case .taskSends(let index, let name, let performs):
            let token = bodies[index].token
            let performer = performs ? addWaiter(.taskPerform) : nil
            if performs { self.performs += 1 }
            _ = core.drainBegan()
            if case .process(let tree) = core.mailArrived(from: token, performer: performer) {
                if cancelled.contains(token.info.id) { violation = "R7: an event of a cancelled task was admitted" }
                if let performer, let tree {
                    waiters[Int(performer.raw)] = .perform(tree)
                    if let parent = token.tree { parents[tree] = parent }
                }
                issue(name, in: tree)
                if let tree { core.partClosed(tree) }
            }
            core.finishedWork()
        case .bodyReturns(let index):
            bodies[index].hasReturned = true
            _ = core.drainBegan()
            core.taskEnded(bodies[index].token)
            core.finishedWork()
        case .inputQueued:
            queuedEver = true
            queued = !core.isStopped
        case .drain:
            drainQueued()
        case .waitUntilIdle:
            idleWaits += 1
            _ = core.idleWaitBegan(addWaiter(.idle), queued: queued)
        case .idleWaitTimesOut:
            if let waiter = pendingIdleWaiter { core.idleWaitTimedOut(WaiterID(UInt32(waiter))) }
        case .stop:
            stops += 1
            if let live = core.stopRequested(at: Self.epoch) {
                for entry in live { cancelled.insert(entry.token.info.id) }
                queued = false
            }
            _ = core.stopWaitBegan(addWaiter(.stop), exempt: nil)
        }
    }

    /// An event arriving on the main actor: what waits in the mailbox goes first (R2).
    private mutating func arrive(tree: TreeID?, chain: (inout CoreModel) -> Void) {
        var admission = core.eventArrived(tree: tree, mailWaiting: queued)
        if queued, admission != .mailFirst { violation = "R2: an event went before the mail waiting ahead of it" }
        if admission == .mailFirst {
            drainQueued(beforeEvent: true)
            admission = core.eventArrived(tree: tree)
        }
        switch admission {
        case .processNow:
            chain(&self)
            if let tree { core.partClosed(tree) }
            core.finishedWork()
        case .deferred:
            violation = "R2: an event arrived between turns was deferred"
        case .dropped:
            if !core.isStopped { violation = "an event was dropped by a running host" }
        case .mailFirst:
            violation = "R2: the mailbox was to go first again, though it had just been drained"
        }
    }

    /// The queued event is drained. A drain made before an event in hand takes its
    /// wake-ups, as the host does, telling the core the event is in hand; they are checked
    /// at the end of the turn with the rest.
    private mutating func drainQueued(beforeEvent: Bool = false) {
        queued = false
        _ = core.drainBegan()
        if core.mailArrived(from: nil, performer: nil) != .dropped, core.isStopped {
            violation = "R9: an event was admitted after stop"
        }
        core.finishedWork()
        if beforeEvent { earlyWakeups += core.takeWakeups(queued: true) }
    }

    private mutating func issue(_ name: String?, in tree: TreeID?) {
        guard let name, bodies.count < Self.maxBodies else { return }
        let (token, replaced) = core.taskIssued(named: name.isEmpty ? nil : name, in: tree, at: Self.epoch)
        if let replaced { cancelled.insert(replaced.token.info.id) }
        bodies.append(Body(token: token))
        core.taskStarted(token, handle: nil)
    }

    private mutating func addWaiter(_ kind: WaiterKind) -> WaiterID {
        waiters.append(kind)
        wakes.append(0)
        return WaiterID(UInt32(waiters.count - 1))
    }

    /// The host resumes the waiters the core handed back at the end of its turn: each is
    /// checked against the rule that woke it.
    private mutating func wakeWaiters(after turn: Turn) {
        let woken = earlyWakeups + core.takeWakeups(queued: queued)
        earlyWakeups = []
        for wakeup in woken {
            let index = Int(wakeup.waiter.raw)
            wakes[index] += 1
            if wakes[index] > 1 { violation = "a waiter was woken twice, after \(turn)" }
            switch (waiters[index], wakeup.outcome) {
            case (.idle, .idle(true)) where !core.isStopped && (core.runningTaskCount > 0 || queued):
                violation = "R17: idle while a task is live or an event queued, after \(turn)"
            case (.perform(let tree), .settled) where liveTasks(in: tree) > 0:
                violation = "R10: a perform settled while a task of its tree runs, after \(turn)"
            default:
                break
            }
        }
    }

    // MARK: What the invariants read

    /// The oldest wait until idle not yet woken.
    var pendingIdleWaiter: Int? {
        waiters.indices.first { waiters[$0] == .idle && wakes[$0] == 0 }
    }

    func unwoken(_ kind: (WaiterKind) -> Bool) -> Int {
        waiters.indices.filter { kind(waiters[$0]) && wakes[$0] == 0 }.count
    }

    /// The live tasks whose tree is `tree` or lies inside it.
    func liveTasks(in tree: TreeID) -> Int {
        bodies.filter { body in
            guard core.runningTasks.contains(body.token.info), var current = body.token.tree else { return false }
            while current != tree {
                guard let parent = parents[current] else { return false }
                current = parent
            }
            return true
        }.count
    }

    var liveBodies: Int { bodies.filter { !$0.hasReturned && !cancelled.contains($0.token.info.id) }.count }
    var allReturned: Bool { bodies.allSatisfy(\.hasReturned) }
    var isIdle: Bool { core.runningTaskCount == 0 && !queued }
}
