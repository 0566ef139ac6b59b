import EffectEngineShared

/// How an event is written in a trace line or a diagnostic: an enum case as
/// `row(9, .pause)`, without module names, anything else as it describes itself; at most
/// 100 characters.
enum EventText {
    static func describe(_ event: Any) -> String {
        guard Mirror(reflecting: event).displayStyle == .enum else {
            let shown = String(describing: event)
            return shown.count <= 100 ? shown : shown.prefix(99) + "…"
        }
        let shown = StateDiff.renderEvent(event)
        return shown.count <= 100 ? shown : shown.prefix(99) + "…"
    }
}
