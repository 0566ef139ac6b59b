import EffectEngine
import EffectEngineShared
import Testing

/// Watches the bodies of one task name: when a body starts uncancelled, every other body
/// still running must already be cancelled (R5: replacement cancels before it starts).
///
/// Each running body is registered with its own task's cancellation flag, read directly
/// (`UnsafeCurrentTask.isCancelled`) rather than through a cancellation handler, whose
/// invocation can race under load (swiftlang/swift#80161).
final class LiveBodies: Sendable {
    private struct Counts {
        var running: [Int: CancelFlag] = [:]
        var nextID = 0
        var most = 1
        var started = 0
        var returned = 0
    }

    private let counts = Locked(Counts())

    /// The most bodies seen uncancelled at once.
    var most: Int { counts.withLock { $0.most } }
    var started: Int { counts.withLock { $0.started } }
    var returned: Int { counts.withLock { $0.returned } }

    /// A body that ignores cancellation for a while, then tries to send `late`.
    func body(_ input: Input<Load.Event>) async {
        let flag = CancelFlag()
        let id = counts.withLock { counts in
            counts.started += 1
            counts.nextID += 1
            counts.running[counts.nextID] = flag
            if !flag.isCancelled {
                let uncancelled = counts.running.values.filter { !$0.isCancelled }.count
                counts.most = max(counts.most, uncancelled)
            }
            return counts.nextID
        }
        await untilCancelled()
        for _ in 0..<3 { await Task.yield() }
        input(.late)
        counts.withLock { counts in
            counts.running[id] = nil
            counts.returned += 1
        }
    }
}

/// Reads the cancellation flag of the task that created it, for as long as that task's
/// body runs (the body removes it before returning, so the task outlives every read).
final class CancelFlag: @unchecked Sendable {
    // Safe: read only while the task is running (see the type's comment); the flag itself
    // is read atomically by the runtime.
    private let task: UnsafeCurrentTask?

    init() {
        task = withUnsafeCurrentTask { $0 }
    }

    var isCancelled: Bool { task?.isCancelled ?? true }
}

enum Load {
    struct State: Equatable, Sendable {
        var lastBySender: [Int: Int] = [:]
        var outOfOrder = 0
        var received = 0
        var late = 0
        var reissues = 0
    }

    enum Event: Sendable, Equatable {
        case numbered(sender: Int, sequence: Int)
        case reissue
        case late
        case end
    }

    static func update(
        bodies: LiveBodies
    ) -> (inout State, Event) -> Effect<Event, Void>? {
        { state, event in
            switch event {
            case .numbered(let sender, let sequence):
                if sequence != (state.lastBySender[sender] ?? -1) + 1 { state.outOfOrder += 1 }
                state.lastBySender[sender] = sequence
                state.received += 1
                return nil
            case .reissue:
                state.reissues += 1
                return .task(name: "worker") { input, _ in await bodies.body(input) }
            case .late:
                state.late += 1
                return nil
            case .end:
                return nil
            }
        }
    }
}

@MainActor
@Suite("Load: nothing lost, order kept, one live task per name")
struct LoadTests {
    @Test("100,000 events from 8 concurrent senders: none lost, each sender's order kept (R12)")
    func concurrentSenders() async {
        let host = EffectHost(initialState: Load.State(), update: Load.update(bodies: LiveBodies()))
        let input = host.input
        let senders = 8
        let perSender = 12_500
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    for sequence in 0..<perSender { input(.numbered(sender: sender, sequence: sequence)) }
                }
            }
        }
        // Every sender has returned; the mailbox is FIFO, so this settles behind them all.
        await input.perform(.end)
        #expect(host.state.received == senders * perSender)
        #expect(host.state.outOfOrder == 0)
        #expect(
            host.state.lastBySender
                == Dictionary(uniqueKeysWithValues: (0..<senders).map { ($0, perSender - 1) }))
    }

    @Test(
        "100,000 reissues of one named task: at most one live body, no late event, every body returned (R5, R7, R9)"
    )
    func rapidReissues() async {
        let bodies = LiveBodies()
        let host = EffectHost(initialState: Load.State(), update: Load.update(bodies: bodies))
        let count = 100_000
        let input = host.input
        await Task.detached {
            for _ in 0..<count { input(.reissue) }
        }.value
        await input.perform(.end)
        #expect(host.state.reissues == count)
        #expect(host.runningTaskNames == ["worker"])
        await host.stop()
        #expect(bodies.most <= 1)
        #expect(bodies.returned == bodies.started)
        #expect(host.state.late == 0)
    }
}
