import Foundation
import Synchronization
import Testing

@testable import EffectEngine

/// H6: a loop runs on its host's actor only. The compiler keeps the loop there; a debug
/// build also traps when two threads are inside one loop at once, which is what a broken
/// handle or driver would do.
@Suite("H6: two threads inside one loop trap in a debug build; one thread may enter again")
struct LoopEntryGuardTests {
    #if DEBUG
        @Test("A second thread entering a loop while the first is inside it traps")
        func aSecondThreadInsideTheLoopTraps() async {
            await #expect(processExitsWith: .failure) {
                let flags = Rendezvous()
                // `hold` keeps its thread inside `update` until the other thread has tried to
                // enter; `other` is the second thread's event.
                let loop = HostLoop(
                    initialState: 0, env: (), options: HostOptions(), actor: MainActor.shared
                ) { (count: inout Int, event: Bool) -> Effect<Bool, Void>? in
                    count += 1
                    if event { flags.holdInside() }
                    return nil
                }
                // Deliberately shared across threads, against the loop's isolation: this is
                // the mistake the guard is there to catch.
                let shared = Unchecked(loop)
                let second = Thread {
                    flags.waitUntilInside()
                    shared.value.send(false)
                    flags.tried()
                }
                second.start()
                shared.value.send(true)
                // Reached only when the guard let both threads in.
            }
        }
    #endif

    @Test("An observer that sends re-enters on the same thread: queued behind the chain, no trap")
    @MainActor func theSameThreadMayEnterAgain() {
        let host = EffectHost(initialState: [Int]()) { (seen: inout [Int], event: Int) -> Effect<Int, Void>? in
            seen.append(event)
            return nil
        }
        host.observe { [weak host] activity in
            if case .settled(let seen) = activity, seen.last == 1 { host?.send(2) }
        }
        host.send(1)
        #expect(host.state == [1, 2])
    }
}

/// Two threads meeting inside a loop: the first holds `update` open until the second has
/// tried to enter, bounded so that a guard that lets both in ends the test, not hangs it.
private final class Rendezvous: Sendable {
    private let inside = Atomic<Bool>(false)
    private let secondTried = Atomic<Bool>(false)

    func holdInside() {
        inside.store(true, ordering: .releasing)
        let bound = ContinuousClock.now.advanced(by: .seconds(30))
        while !secondTried.load(ordering: .acquiring), ContinuousClock.now < bound { sched_yield() }
    }

    func waitUntilInside() {
        let bound = ContinuousClock.now.advanced(by: .seconds(30))
        while !inside.load(ordering: .acquiring), ContinuousClock.now < bound { sched_yield() }
    }

    func tried() {
        secondTried.store(true, ordering: .releasing)
    }
}

private final class Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
