import EffectEngine
import EffectEngineExploration

/// A line feature that can be explored from its command line: `--explore` walks every
/// state its listed events reach, prints the report and exits, and `--depth`,
/// `--max-states`, `--dot` and `--mermaid` bound the walk and draw its graph.
///
/// ```swift
/// extension Counter: ExplorableLineFeature {
///     static func explorer(env: Env) -> Explorer<State, Event, Env> {
///         Explorer(initialState: State(), env: env, update: update) { _ in [.start, .stop, .reset] }
///             .task(ticker, keepsDelivering: { _ in [.tick] })
///             .always("the count is never negative") { $0.count >= 0 }
///     }
///     // name, summary, initialState, commands and env, as for any LineFeature
/// }
/// ```
///
/// ```text
/// $ counter --explore --depth 4
/// Explored 7 states and 18 transitions, 4 events deep: stopped at the depth bound of 4; …
/// ```
///
/// The exit status is 0 when every property holds, 1 when one fails
/// (``LineExitStatus/propertyFailed``), 64 for a bad option value, and 73 when a graph
/// file cannot be written (``LineExitStatus/cannotWrite``). The graph labels each state
/// with ``LineFeature/render(_:)``.
public protocol ExplorableLineFeature: LineFeature where State: Hashable {
    /// The feature as a model to explore, for the env the command line made: its enabled
    /// events, what its tasks may deliver, and the properties to check.
    ///
    /// - Parameter env: The env ``LineFeature/env(_:)`` made.
    /// - Returns: The explorer `--explore` runs.
    static func explorer(env: Env) -> Explorer<State, Event, Env>
}
