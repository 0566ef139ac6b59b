import EffectEngine

/// A child feature for the composition tests: a row that loads, or sleeps until
/// cancelled, with a task named `load` either way.
enum Row {
    struct State: Equatable, Identifiable, Sendable {
        let id: Int
        var loaded = 0
    }

    enum Event: Equatable, Sendable {
        /// Starts `load`, which sends `loaded` once.
        case load
        /// Starts `load`, which sleeps until cancelled.
        case sleep
        /// Starts `load`, which sleeps until cancelled, then sends `loaded` anyway.
        case sleepThenSend
        case loaded
        case stop
    }

    /// What `update` saw last: the env it was given, for projection tests.
    struct Env: Sendable {
        var label = "row"
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .load:
            return .task(name: "load") { input, _ in
                await Task.yield()
                input(.loaded)
            }
        case .sleep:
            return .task(name: "load") { _, _ in await untilCancelled() }
        case .sleepThenSend:
            return .task(name: "load") { input, _ in
                await untilCancelled()
                input(.loaded)
            }
        case .loaded:
            state.loaded += 1
            return nil
        case .stop:
            return .cancel("load")
        }
    }
}

/// A parent of rows: a list of them, an optional detail row and a header row.
enum RowList {
    struct State: Equatable, Sendable {
        var rows: [Row.State] = []
        var detail: Row.State?
        var header = Row.State(id: 0)
        var seen: [Event] = []
    }

    enum Event: Equatable, Sendable {
        case row(Int, Row.Event)
        case detail(Row.Event)
        case header(Row.Event)
        case add(ClosedRange<Int>)
        case remove(ClosedRange<Int>)
        case replaceAll(with: ClosedRange<Int>)
        case open(Int)
        case close
        case other
    }

    struct Env: Sendable {
        var row = Row.Env()
    }

    /// The parent's own `update`: records what it saw and edits the collections.
    static func own(state: inout State, event: Event) -> Effect<Event, Env>? {
        state.seen.append(event)
        switch event {
        case .add(let ids):
            state.rows += ids.map { Row.State(id: $0) }
        case .remove(let ids):
            state.rows.removeAll { ids.contains($0.id) }
        case .replaceAll(let ids):
            state.rows = ids.map { Row.State(id: $0) }
        case .open(let id):
            state.detail = Row.State(id: id)
        case .close:
            state.detail = nil
        case .row, .detail, .header, .other:
            break
        }
        return nil
    }

    /// The header, then the detail, then the rows, then the parent's own `update`.
    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        Compose.field(
            \.header, in: &state, event: event, scope: "header",
            child: { if case .header(let event) = $0 { event } else { nil } },
            embed: Event.header, env: { $0.row }, update: Row.update
        ) { state, event in
            Compose.optional(
                \.detail, in: &state, event: event, scope: "detail",
                child: { if case .detail(let event) = $0 { event } else { nil } },
                embed: Event.detail, env: { $0.row }, update: Row.update
            ) { state, event in
                Compose.forEach(
                    \.rows, in: &state, event: event, scope: "rows",
                    child: { if case .row(let id, let event) = $0 { (id, event) } else { nil } },
                    embed: Event.row, env: { $0.row }, update: Row.update, parent: own)
            }
        }
    }
}

typealias RowListHost = EffectHost<RowList.State, RowList.Event, RowList.Env>

extension EffectHost where State == RowList.State, Event == RowList.Event, Env == RowList.Env {
    /// A host of the row list, starting with `rows`.
    convenience init(rows: ClosedRange<Int>? = nil, observer: HostObserver<State, Event>? = nil) {
        var state = RowList.State()
        if let rows { state.rows = rows.map { Row.State(id: $0) } }
        self.init(initialState: state, env: RowList.Env(), observer: observer, update: RowList.update)
    }
}
