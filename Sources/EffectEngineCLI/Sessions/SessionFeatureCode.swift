import EffectEngine

/// What a sessions program runs for each line of a feature, built where the feature's
/// types are known, in the program's own module (S4).
///
/// The sessions machinery is generic code of this module: called through it, the loop a
/// line's event runs through would be the loop's generic entry points, and every value
/// would go through the feature's metadata, where a `LineHost`, whose hot path is
/// `@inlinable`, runs specialised for the feature. The public entry points are
/// `@inlinable` and build this value, so a line's parse, its `send` through the loop, and
/// the rendering run specialised too.
@usableFromInline
struct SessionFeatureCode<Feature: LineFeature>: Sendable {
    @usableFromInline typealias Host = ActorHost<Feature.State, Feature.Event, Feature.Env>

    /// Parses a line against the state and, unless `settles`, sends its event.
    @usableFromInline let take: @Sendable (isolated Host, String, _ settles: Bool) -> Result<Feature.Event, LineError>
    /// The feature's rendering.
    @usableFromInline let render: @Sendable (Feature.State) -> String
    /// A host for a session, starting from a state, with its env.
    @usableFromInline let makeHost: @Sendable (Feature.State, Feature.Env) -> Host

    @inlinable
    init() {
        take = { host, line, settles in
            do throws(LineError) {
                let event = try Feature.commands.parse(line, state: host.state)
                if !settles { host.send(event) }
                return .success(event)
            } catch {
                return .failure(error)
            }
        }
        render = { Feature.render($0) }
        makeHost = { state, env in
            ActorHost(initialState: state, env: env) { Feature.update(state: &$0, event: $1) }
        }
    }
}
