import EffectEngine
import EffectEngineShared

/// The first event of a chain: sent by the test, or delivered (by a task, or through the
/// host's `input` when `task` is `nil`).
enum ChainRoot<Event: Sendable>: Sendable {
    case sent(Event)
    case delivered(Event, by: TaskInfo?)

    var event: Event {
        switch self {
        case .sent(let event), .delivered(let event, _): event
        }
    }

    /// `send(.load)`, or `.loaded(["a"]) delivered by task "load" #1`.
    var description: String {
        switch self {
        case .sent(let event):
            "send(\(StateDiff.render(event)))"
        case .delivered(let event, let task?):
            "\(StateDiff.render(event)) delivered by \(task)"
        case .delivered(let event, nil):
            "\(StateDiff.render(event)) sent through the host's input"
        }
    }
}

/// An event processed inside a chain: the chain's first event, and which step it was
/// (0 for the first event itself).
struct ChainPosition<Event: Sendable>: Sendable {
    /// The chain's serial number, in the order chains began.
    let chain: Int
    let root: ChainRoot<Event>
    let step: Int
    let event: Event
}
