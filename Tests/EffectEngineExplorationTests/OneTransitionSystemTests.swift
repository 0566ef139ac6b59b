import EffectEngine
import TestSupport
import Testing

@testable import EffectEngineExploration

/// One transition system: every checker takes its successors from one place, so a trace
/// found by one replays in all of them.
@Suite("One transition system: a trace found by one checker replays in every other", .onThreadOfItsOwn)
struct OneTransitionSystemTests {
    typealias Trace = ExplorationTrace<PageLoader.State, PageLoader.Event>

    /// The traces each checker finds in the page loader: the walk's shortest trace to a
    /// broken invariant, liveness's to a lost goal and its leads-to lasso (stem and loop
    /// as one trace), simulation's shrunk walk, and every path of a test plan.
    func traces() async throws -> [(checker: String, trace: Trace)] {
        let explorer = PageLoader.explorer
        let report = try explorer.explore(graph: true)
        var found: [(String, Trace)] = [("walk", try #require(report.failures.first?.trace))]
        let liveness = try #require(explorer.liveness(of: report))
        for result in liveness.results {
            let trace = try #require(result.trace)
            found.append(
                (
                    "liveness: \(result.name)",
                    ExplorationTrace(
                        initialState: trace.initialState, steps: trace.steps + (result.cycle ?? []),
                        finalPending: 0)
                ))
        }
        let simulation = try explorer.simulate(walks: 200, depth: 12, seed: 3)
        found.append(("simulation", try #require(simulation.failure?.failure.trace)))
        let plan = try #require(explorer.testPlan(of: report))
        found += plan.paths.enumerated().map { ("test plan path \($0.offset + 1)", $0.element) }
        return found
    }

    @Test @MainActor func aTraceFoundByEachCheckerReplaysInEveryOther() async throws {
        let explorer = PageLoader.explorer
        let system = TransitionSystem(explorer)
        let report = try explorer.explore(graph: true)
        let graph = try #require(report.graph)
        let found = try await traces()
        #expect(found.count >= 6)
        for (checker, trace) in found {
            // Trace replay: each step is a choice of the state before it and reaches the
            // state the trace shows.
            #expect(system.replay(trace) != nil, "\(checker): \(trace.events)")
            // The walk, and the graph that liveness, coverage and test plans read: each step
            // is a transition of the graph, from the node the trace is at.
            var node = try #require(graph.nodes.firstIndex { $0.state == trace.initialState && $0.depth == 0 })
            for step in trace.steps {
                let edge = graph.edges.first { $0.from == node && $0.event == step.event && $0.task == step.task }
                #expect(edge != nil, "\(checker): no transition \(step.event) from node \(node)")
                guard let edge else { break }
                node = edge.to
                #expect(graph.nodes[node].state == step.state, "\(checker)")
            }
            // Simulation: a walk that breaks the invariant shrinks to one that still breaks
            // it, through the same choices.
            let choices = try #require(system.replay(trace)).indices.map { index -> Choice<PageLoader.Event> in
                Choice(event: trace.steps[index].event, task: system.tracker.number(of: trace.steps[index].task))
            }
            if trace.state.loads > 2 {
                var shrinker = Shrinker(explorer: explorer, system: system, target: .always(0))
                let shrunk = shrinker.shrink(choices)
                #expect(system.trace(from: trace.initialState, choices: shrunk).state.loads > 2, "\(checker)")
            }
            // The host: the trace's user events, performed on a real host whose tasks run,
            // agree with the model at every step. The bound is generous: a loaded machine
            // may take a while to run a task, which ends as soon as it runs.
            let plan = TestPlan(paths: [trace], transitions: 0, coveredTransitions: 0)
            let result = await explorer.run(plan, timeout: TestBounds.hang) {
                EffectHost(initialState: $0, update: PageLoader.update)
            }
            #expect(result.mismatches.isEmpty, "\(checker): \(result)")
        }
    }

    /// A lasso with a loop replays too: the retry's `refresh`, then `failed, failed` for
    /// ever, goes round the graph back to where it started.
    @Test func aLassoReplaysAndClosesItsLoop() throws {
        let explorer = Retry.explorer(retries: true)
        let report = try explorer.explore(graph: true)
        let liveness = try #require(explorer.liveness(of: report))
        let result = try #require(liveness.violations.first)
        let stem = try #require(result.trace)
        let cycle = try #require(result.cycle)
        let whole = ExplorationTrace(initialState: stem.initialState, steps: stem.steps + cycle + cycle, finalPending: 0)
        #expect(TransitionSystem(explorer).replay(whole) != nil)
        #expect(whole.state == stem.state)
    }
}
