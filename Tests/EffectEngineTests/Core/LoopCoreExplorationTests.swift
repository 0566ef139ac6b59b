@testable import EffectEngine
import EffectEngineExploration
import TestSupport
import Testing

/// The loop core checked by the project's own explorer: every state a host can drive it
/// into, over a small universe (`CoreModel`), and the loop's rules in each.
@Suite("The loop core, explored: R2, R7, R9, R10, R17 in every reachable state")
struct LoopCoreExplorationTests {
    static var explorer: Explorer<CoreModel, CoreModel.Turn, Void> {
        Explorer(initialState: CoreModel(), update: CoreModel.take, events: CoreModel.turns)
            .always("no rule was broken as it happened") { $0.violation == nil }
            .always("R17: a wait until idle is pending only while the host is not idle") { model in
                model.core.isStopped || model.isIdle == false || model.unwoken { $0 == .idle } == 0
            }
            .always("the core's live tasks are the bodies neither returned nor cancelled") { model in
                model.core.runningTaskCount == model.liveBodies
            }
            .always("R9: after stop, no perform and no wait until idle is left waiting") { model in
                !model.core.isStopped || model.unwoken { $0 != .stop } == 0
            }
            .always("R9: once every body has returned, every stop has returned") { model in
                !model.allReturned || model.unwoken { $0 == .stop } == 0
            }
            .always("R10: a perform is pending only while a task of its tree runs") { model in
                model.waiters.indices.allSatisfy { index in
                    guard case .perform(let tree) = model.waiters[index], model.wakes[index] == 0 else { return true }
                    return model.liveTasks(in: tree) > 0
                }
            }
            .always("every waiter is woken at most once") { $0.wakes.allSatisfy { $0 <= 1 } }
            .sometimes("a task hands off to its own name while waited on until idle") { model in
                model.cancelled.count >= 1 && model.unwoken { $0 == .idle } == 1 && model.core.runningTaskCount == 1
            }
            .sometimes("a perform settles") { model in
                model.waiters.indices.contains { index in
                    if case .perform = model.waiters[index] { model.wakes[index] == 1 } else { false }
                }
            }
            .terminal { _ in true }
    }

    @Test("Every reachable core state keeps the rules, and the walk is exhaustive")
    func everyReachableStateKeepsTheRules() async throws {
        // Seconds of walking, off the cooperative pool: on two cores it has two threads,
        // and the suites beside this one wait on their hosts' task bodies, which run there.
        let (kept, text, exhaustive, states) = try await onThreadOfItsOwn {
            let report = try Self.explorer.explore(states: 20_000_000)
            return (report.failures.isEmpty, report.description, report.isExhaustive, report.states)
        }
        #expect(kept, "\(text)")
        #expect(exhaustive)
        if CoreModel.maxBodies == 2 { #expect(states == 145_314, "core states reached") }
    }
}
