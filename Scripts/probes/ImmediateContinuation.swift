// Does a task started with `Task.immediate` on the main actor let go of it after its
// first suspension?
//
// Issue 31 asked for task bodies to start inside their `send` (`Task.immediate` from a
// nonisolated function, so the body runs on the caller's thread up to its first suspension
// and on the global executor after it). On Swift 6.3.1 on Linux, the part after that first
// suspension sometimes runs while the main actor is still held: a main-actor job enqueued
// meanwhile cannot run until the body suspends again. A body that then floods its input
// without suspending starves the host's drain and `stop()` for good.
//
// This program measures it: each trial starts a body that yields once, then spins for
// 20 ms watching for a main-actor job enqueued right after the start. With a plain `Task`
// the job always runs during the spin; with `Task.immediate` it sometimes cannot. It exits
// with status 1 while the defect is present, so a later toolchain can be checked with:
//
//     swiftc -O -swift-version 6 Scripts/probes/ImmediateContinuation.swift -o /tmp/probe && /tmp/probe

import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func raise() { value.store(true, ordering: .releasing) }
    var isRaised: Bool { value.load(ordering: .acquiring) }
}

/// Starts `body` as a host with default options would, inline or on the pool.
nonisolated func start(inline: Bool, _ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    guard inline, #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else {
        return Task { await body() }
    }
    return Task.immediate { await body() }
}

/// How many of `trials` bodies held the main actor after their first suspension.
@MainActor func heldMainActor(inline: Bool, trials: Int) async -> Int {
    var held = 0
    for _ in 0..<trials {
        let mainActorRan = Flag()
        let bodySawIt = Flag()
        let body = start(inline: inline) {
            await Task.yield()
            let end = ContinuousClock.now + .milliseconds(20)
            while ContinuousClock.now < end {
                if mainActorRan.isRaised {
                    bodySawIt.raise()
                    return
                }
            }
        }
        Task { @MainActor in mainActorRan.raise() }
        await body.value
        if !bodySawIt.isRaised { held += 1 }
    }
    return held
}

let trials = 300
let pool = await heldMainActor(inline: false, trials: trials)
let inline = await heldMainActor(inline: true, trials: trials)
print("main actor held after the first suspension: Task \(pool) of \(trials), Task.immediate \(inline) of \(trials)")
exit(inline == 0 ? 0 : 1)
