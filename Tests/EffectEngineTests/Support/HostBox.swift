import EffectEngine

/// Lets a task body reach its own host, as a logout would through its env.
@MainActor
final class HostBox: Sendable {
    weak var host: TraceHost?
}
