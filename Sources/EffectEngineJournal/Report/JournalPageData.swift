import EffectEngine
import EffectEngineShared

/// What a journal's page holds, gathered in one fold of the journal through `update`: the
/// initial state as a tree and each step's changes to it, the events, effects and causes
/// (their texts kept once each), the tasks from start to end, and the steps whose replay
/// differs from the journal.
///
/// The JSON it writes, read by ``JournalPageScript``:
///
/// ```text
/// {"title": …, "source": …, "shapes": [[kind, name, [labels], isTuple]…], "initial": node,
///  "strings": [text…], "events": [string…], "effects": [string…],
///  "causes": [0 external | 1 action | 2 + task…], "changes": [0 | [change…]…],
///  "tasks": [[id, name string or -1, start, end or -1, end kind, replacing task or -1,
///             error string or -1, inferred 0|1]…],
///  "differs": [step…], "difference": text or null}
/// ```
///
/// End kinds: 0 still running when the journal ends, 1 ended, 2 replaced, 3 cancelled,
/// 4 failed. A task is inferred (1) when the journal holds no start for it (recorded before
/// task changes were kept, or before the recording began): its bar then spans the events
/// it delivered.
struct JournalPageData<Event: Codable & Sendable> {
    private(set) var json = PageJSON()
    private(set) var taskCount = 0
    private(set) var differingSteps: [Int] = []

    private var strings = PageStrings()

    /// A task as the page draws it.
    private struct TaskBar {
        var id: UInt64
        var name: String?
        var start: Int
        var end = -1
        var endKind = 0
        var replacement: UInt64?
        var error: String?
        var inferred = false
    }

    init<State, Env>(
        journal: Journal<Event>, initialState: State, title: String,
        update: (inout State, Event) -> Effect<Event, Env>?
    ) {
        var tree = StateTree()
        var state = initialState
        var previous = tree.reading(of: state, after: nil)
        let initial = previous.node
        var events: [Int] = []
        var effects: [Int] = []
        var causes: [Int] = []
        var changes = PageJSON()
        var bars: [TaskBar] = []
        var barIndex: [UInt64: Int] = [:]
        var firstDifference: String?
        events.reserveCapacity(journal.entries.count)
        effects.reserveCapacity(journal.entries.count)
        causes.reserveCapacity(journal.entries.count)

        changes.beginArray()
        for (offset, entry) in journal.entries.enumerated() {
            let step = offset + 1
            let effect = update(&state, entry.event)?.summary.description ?? "no effect"
            let reading = tree.reading(of: state, after: previous)
            let found = tree.changes(from: previous, to: reading)
            if found.isEmpty { changes.number(0) } else { changes.changes(found) }
            previous = reading
            let digest = StateDigest.of(state)
            if effect != entry.effect || digest != entry.digest {
                differingSteps.append(step)
                if firstDifference == nil {
                    firstDifference =
                        "step \(step): the replay's " + (effect != entry.effect
                            ? "effect is \(effect), the journal's \(entry.effect)"
                            : "state differs from the journal's (digest \(digest), not \(entry.digest))")
                }
            }
            events.append(intern(StateDigest.describe(entry.event)))
            effects.append(intern(entry.effect))
            switch entry.cause {
            case .external: causes.append(0)
            case .action: causes.append(1)
            case .task(let name, let id):
                if let index = barIndex[id] {
                    if bars[index].inferred { bars[index].end = step }
                } else {
                    barIndex[id] = bars.count
                    bars.append(TaskBar(id: id, name: name, start: step, end: step, inferred: true))
                }
                causes.append(2 + barIndex[id]!)
            }
            for change in entry.tasks {
                let index: Int
                if let known = barIndex[change.task] {
                    index = known
                } else {
                    index = bars.count
                    barIndex[change.task] = index
                    bars.append(TaskBar(id: change.task, name: change.name, start: change.kind == .started ? step : 0))
                    bars[index].inferred = change.kind != .started
                }
                switch change.kind {
                case .started:
                    bars[index].start = step
                    bars[index].inferred = false
                    bars[index].end = -1
                case .replaced, .cancelled, .failed:
                    guard bars[index].endKind == 0 || bars[index].inferred else { break }
                    bars[index].end = step
                    bars[index].endKind = change.kind == .replaced ? 2 : change.kind == .cancelled ? 3 : 4
                    bars[index].replacement = change.replacement
                    bars[index].error = change.error
                    bars[index].inferred = false
                case .ended:
                    guard bars[index].endKind == 0 || bars[index].inferred else { break }
                    bars[index].end = step
                    bars[index].endKind = 1
                    bars[index].inferred = false
                }
            }
        }
        changes.endArray()
        taskCount = bars.count

        var rows: [[Int]] = []
        for bar in bars {
            rows.append([
                bar.name.map { intern($0) } ?? -1, bar.start, bar.end, bar.endKind,
                bar.replacement.flatMap { barIndex[$0] } ?? -1, bar.error.map { intern($0) } ?? -1,
                bar.inferred ? 1 : 0,
            ])
        }
        json.object { json in
            json.key("title")
            json.string(title)
            json.key("source")
            json.string(journal.path)
            json.key("shapes")
            json.shapes(tree.shapes)
            json.key("initial")
            json.node(initial)
            json.key("events")
            json.numbers(events)
            json.key("effects")
            json.numbers(effects)
            json.key("causes")
            json.numbers(causes)
            json.key("changes")
            json.append(changes)
            json.key("tasks")
            json.array(zip(bars, rows)) { json, bar in
                // The id as a string: ids are 64-bit, past what a JavaScript number holds exactly.
                json.array { json in
                    json.string(String(bar.0.id))
                    for value in bar.1 { json.number(value) }
                }
            }
            json.key("strings")
            json.strings(strings.all)
            json.key("differs")
            json.numbers(differingSteps)
            json.key("difference")
            if let firstDifference { json.string(firstDifference) } else { json.null() }
        }
    }

    private mutating func intern(_ text: String) -> Int { strings.index(of: text) }
}
