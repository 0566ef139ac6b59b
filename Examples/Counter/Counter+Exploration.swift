import EffectEngine
import EffectEngineExploration

extension Counter {
    /// The counter as a model to explore: any command at any time, and a ticker that
    /// keeps ticking while it runs. The count has no bound, so explore it to a depth.
    ///
    /// ```text
    /// $ counter --explore --depth 4
    /// Explored 7 states and 18 transitions, 4 events deep: stopped at the depth bound of 4; …
    /// ```
    static func explorer(env: Env) -> Explorer<State, Event, Env> {
        Explorer(initialState: State(), env: env, update: update) { _ in [.start, .stop, .reset] }
            .task(ticker, keepsDelivering: { _ in [.tick] })
            .always("ticks only while running") { state, tasks in tasks.contains(ticker) == state.isRunning }
            .always("the count is never negative") { $0.count >= 0 }
            .sometimes("the count reaches 3") { $0.count == 3 }
            .eventually("a running counter can be stopped", after: { $0.isRunning }) { !$0.isRunning }
            .eventCases(Event.allCases)
            .testCode(spec: "UpdateSpec(Counter.update)")
    }
}
