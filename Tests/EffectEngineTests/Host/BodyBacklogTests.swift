import EffectEngine
import Synchronization
import Testing

/// S3: however fast a loop of its own sends to actor hosts, the task bodies its events
/// start and that have not begun stay bounded.
@Suite(.serialized) struct BodyBacklogTests {
    /// Counts from any task: the bodies that began, the sends that returned.
    final class Count: Sendable {
        private let count = Atomic<Int>(0)
        @discardableResult func add() -> Int { count.add(1, ordering: .relaxed).newValue }
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// Two feeders, one a core on this machine, each awaiting one send after another on
    /// hosts whose every event starts a task: as soon as a send returns, the feeder's own
    /// bodies not yet begun are within the limit (and the one or two sent since the wait
    /// looked). Without the wait, the feeders never give their threads up, and nearly
    /// every body waits until they end.
    ///
    /// The limit is set low for the test, so that a debug build, whose feeders are slower,
    /// goes past it without the wait (by about a thousand bodies here); the suites beside
    /// it only wait more often meanwhile.
    @Test func awaitedSendsKeepTheBodiesNotBegunBounded() async {
        let limit = 64
        BodyBacklog.limit = limit
        defer { BodyBacklog.limit = BodyBacklog.defaultLimit }
        let begun = Count()
        let hosts = (0..<8).map { _ in
            ActorHost<Int, Int, Void>(initialState: 0) { state, _ in
                state += 1
                return .task { _, _ in begun.add() }
            }
        }
        let (feeders, sends) = (2, 20_000)
        let sent = Count()
        let worst = await withTaskGroup(of: Int.self) { group in
            for feeder in 0..<feeders {
                group.addTask {
                    var worst = 0
                    for index in 0..<sends {
                        await hosts[(index + feeder) % hosts.count].send(index)
                        let issued = sent.add()
                        worst = max(worst, issued - begun.value)
                    }
                    return worst
                }
            }
            return await group.reduce(0, max)
        }
        #expect(worst <= limit + feeders)
        for host in hosts { await host.stop() }
        #expect(begun.value == feeders * sends)
        #expect(BodyBacklog.peak >= 1)
    }

    /// With room in the backlog the wait returns at once; a send awaited inside the host's
    /// actor is the isolated one, which never waits.
    @Test func aWaitWithRoomReturnsAtOnce() async {
        await BodyBacklog.waitForRoom()
        let host = ActorHost<Int, Int, Void>(initialState: 0) { state, event in
            state += event
            return nil
        }
        await host.send(2)
        await host.send(3)
        #expect(await host.state == 5)
    }
}
