import EffectEngine

/// The state most runtime tests use: every event `update` saw, in order.
struct Trace: Equatable, Sendable {
    var events: [String] = []
    var count = 0
}

/// A host whose events are plain strings, so each test writes its `update` inline.
typealias TraceHost = EffectHost<Trace, String, Void>
typealias TraceEffect = Effect<String, Void>

extension EffectHost where State == Trace, Event == String, Env == Void {
    /// A host that records each event, then asks `effects` what to do.
    convenience init(
        options: HostOptions = HostOptions(),
        observer: HostObserver<Trace, String>? = nil,
        effects: @escaping (inout Trace, String) -> TraceEffect?
    ) {
        self.init(initialState: Trace(), options: options, observer: observer) { state, event in
            state.events.append(event)
            return effects(&state, event)
        }
    }
}
