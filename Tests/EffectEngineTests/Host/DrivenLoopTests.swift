import EffectEngine
import EffectEngineShared
import TestSupport
import Testing

/// The loop of a host whose owner drives it (a test host's): its tasks' work and its own
/// turns wait for the owner, and a step reads the state the last step left.
@Suite("DrivenLoop: the owner runs the tasks' work, the loop's turns and its input")
struct DrivenLoopTests {
    private struct Driven {
        let signal = WorkSignal()
        let executor: DrivenExecutor
        let actor: DrivenActor
        let loop: DrivenLoop<Int, String, Void>

        init() {
            executor = DrivenExecutor(signal: signal, runsBetweenDrives: false)
            actor = DrivenActor(signal: signal)
            loop = DrivenLoop(
                initialState: 0, env: (), options: HostOptions(taskExecutor: executor), actor: actor
            ) { state, event in
                switch event {
                case "load":
                    return .task(name: "load") { input, _ in input("loaded") }
                case "hold":
                    return .task(name: "hold") { _, _ in try await Task.sleep(for: .seconds(600)) }
                default:
                    state += 1
                    return nil
                }
            }
        }

        /// Runs the tasks' work, the loop's turns and its input until `done`, waiting for
        /// work between rounds, at most 60 seconds; returns whether `done` came true.
        func drive(until done: () -> Bool) async -> Bool {
            let deadline = ContinuousClock.now.advanced(by: TestBounds.hang)
            while !done() {
                signal.reset()
                let ran = executor.runJobs() + actor.runTurns()
                if loop.hasPendingInput {
                    loop.processPendingInput()
                    continue
                }
                if ran > 0 { continue }
                guard ContinuousClock.now < deadline else { return false }
                await signal.wait(until: deadline)
            }
            return true
        }
    }

    @Test func sendProcessesTheEventBeforeItReturns() {
        let driven = Driven()
        driven.loop.send("increment")
        #expect(driven.loop.state == 1)
        #expect(driven.loop.runningTasks.isEmpty)
    }

    @Test func aTasksWorkAndEventsWaitForTheOwner() async {
        let driven = Driven()
        driven.loop.send("load")
        #expect(driven.loop.runningTaskNames == ["load"])
        #expect(driven.loop.state == 0, "a task's event was processed before the owner ran anything")
        #expect(await driven.drive { driven.loop.runningTaskCount == 0 })
        #expect(driven.loop.state == 1)
        #expect(!driven.loop.hasPendingInput)
    }

    @Test func cancelTasksCancelsTheLiveOnes() async {
        let driven = Driven()
        driven.loop.send("hold")
        let ids = Set(driven.loop.runningTasks.map(\.id))
        #expect(ids.count == 1)
        driven.loop.cancelTasks(ids: ids)
        #expect(driven.loop.runningTasks.isEmpty)
    }

    @Test func aStopRunsInTheLoopsTurnsWhichTheOwnerRuns() async {
        let driven = Driven()
        driven.loop.send("hold")
        let leftBehind = Locked<[TaskInfo]?>(nil)
        driven.loop.beginStop(deadline: nil) { tasks in leftBehind.withLock { $0 = tasks } }
        #expect(await driven.drive { leftBehind.withLock { $0 } != nil })
        #expect(driven.loop.isStopped)
        #expect(leftBehind.withLock { $0 } == [])
        #expect(driven.loop.runningTasks.isEmpty)
    }
}
