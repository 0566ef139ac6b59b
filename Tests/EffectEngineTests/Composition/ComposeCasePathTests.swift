import EffectEngine
import Testing

/// The row list of `ComposeTests` written with case paths, its rows an `IdentifiedArray`.
private enum IdentifiedRows {
    struct State: Equatable, Sendable {
        var rows: IdentifiedArray<Row.State> = []
        var plain: [Row.State] = []
        var detail: Row.State?
        var header = Row.State(id: 0)
    }

    enum Event: Equatable, Sendable {
        case row(Int, Row.Event)
        case plain(Int, Row.Event)
        case detail(Row.Event)
        case header(Row.Event)
        case add(ClosedRange<Int>)
        case remove(ClosedRange<Int>)
        case move(from: Int, to: Int)
        case open(Int)
        case close
    }

    static func own(state: inout State, event: Event) -> Effect<Event, RowList.Env>? {
        switch event {
        case .add(let ids):
            for id in ids {
                state.rows.append(Row.State(id: id))
                state.plain.append(Row.State(id: id))
            }
        case .remove(let ids):
            for id in ids { state.rows.remove(id: id) }
        case .move(let from, let to):
            state.rows.move(fromOffsets: [from], toOffset: to)
        case .open(let id):
            state.detail = Row.State(id: id)
        case .close:
            state.detail = nil
        case .row, .plain, .detail, .header:
            break
        }
        return nil
    }

    static func update(state: inout State, event: Event) -> Effect<Event, RowList.Env>? {
        Compose.field(
            \.header, in: &state, event: event, scope: "header", child: CasePath(Event.header),
            env: { $0.row }, update: Row.update
        ) { state, event in
            Compose.optional(
                \.detail, in: &state, event: event, scope: "detail", child: CasePath(Event.detail),
                env: { $0.row }, update: Row.update
            ) { state, event in
                Compose.forEach(
                    \.plain, in: &state, event: event, scope: "plain", child: CasePath(Event.plain),
                    env: { $0.row }, update: Row.update
                ) { state, event in
                    Compose.forEach(
                        \.rows, in: &state, event: event, scope: "rows", child: CasePath(Event.row),
                        env: { $0.row }, update: Row.update, parent: own)
                }
            }
        }
    }

    static func step(_ state: inout State, _ event: Event) -> EffectSummary? {
        update(state: &state, event: event)?.summary
    }
}

@Suite("Compose with case paths (N16), over identified rows (N13)")
struct ComposeCasePathTests {
    @Test("field and optional: a case path routes the child's events and lifts its tasks")
    func fieldAndOptional() {
        var state = IdentifiedRows.State()
        #expect(IdentifiedRows.step(&state, .header(.load)) == .task(name: "header/load"))
        #expect(IdentifiedRows.step(&state, .header(.loaded)) == nil)
        #expect(state.header.loaded == 1)
        let missing = Diagnostic.childMissing(scope: "detail", event: "detail(.load)")
        #expect(IdentifiedRows.step(&state, .detail(.load)) == .report(missing.description))
        _ = IdentifiedRows.step(&state, .open(4))
        #expect(IdentifiedRows.step(&state, .detail(.load)) == .task(name: "detail/load"))
        #expect(IdentifiedRows.step(&state, .close) == .cancel(scope: "detail"))
    }

    @Test("forEach over an array with a case path: routes by id under scope/id")
    func forEachArray() {
        var state = IdentifiedRows.State()
        _ = IdentifiedRows.step(&state, .add(1...2))
        #expect(IdentifiedRows.step(&state, .plain(2, .load)) == .task(name: "plain/2/load"))
        #expect(IdentifiedRows.step(&state, .plain(2, .loaded)) == nil)
        #expect(state.plain.map(\.loaded) == [0, 1])
    }

    @Test("forEach over identified rows: routes by id, never by position, after a move too")
    func forEachIdentified() {
        var state = IdentifiedRows.State()
        _ = IdentifiedRows.step(&state, .add(1...3))
        _ = IdentifiedRows.step(&state, .move(from: 0, to: 3))
        #expect(state.rows.ids == [2, 3, 1])
        #expect(IdentifiedRows.step(&state, .row(1, .load)) == .task(name: "rows/1/load"))
        #expect(IdentifiedRows.step(&state, .row(1, .loaded)) == nil)
        #expect(state.rows[id: 1]?.loaded == 1)
        #expect(state.rows.map(\.loaded) == [0, 0, 1])
    }

    @Test("forEach over identified rows: a missing id is dropped and reported; removals cancel; a move cancels nothing")
    func forEachIdentifiedMissingAndRemoved() {
        var state = IdentifiedRows.State()
        _ = IdentifiedRows.step(&state, .add(1...3))
        let before = state
        let missing = Diagnostic.childMissing(scope: "rows/9", event: "row(9, .loaded)")
        #expect(IdentifiedRows.step(&state, .row(9, .loaded)) == .report(missing.description))
        #expect(state == before)
        #expect(IdentifiedRows.step(&state, .move(from: 2, to: 0)) == nil)
        #expect(
            IdentifiedRows.step(&state, .remove(1...2))
                == .sequence([.cancel(scope: "rows/1"), .cancel(scope: "rows/2")]))
        #expect(state.rows.ids == [3])
    }

    @Test("a child's task sends through the case path's constructor, on a host")
    @MainActor
    func tasksSendThroughTheCase() async {
        var initial = IdentifiedRows.State()
        initial.rows = [Row.State(id: 7)]
        let host = EffectHost(initialState: initial, env: RowList.Env(), update: IdentifiedRows.update)
        await host.perform(.row(7, .load))
        #expect(host.state.rows[id: 7]?.loaded == 1)
        await host.stop()
    }

    @Test("alert with a case path: an answer for no alert is dropped and reported")
    func alert() {
        enum Event: Equatable, Sendable { case alert(PresentationEvent<Int>) }
        struct State: Equatable { var alert: AlertState<Int>? }
        func update(_ state: inout State, _ event: Event) -> Effect<Event, Void>? {
            Compose.alert(\.alert, in: &state, event: event, child: CasePath(Event.alert)) { _, _ in nil }
        }
        var state = State()
        let effect = update(&state, .alert(.dismiss))
        #expect(effect?.summary == .report(Diagnostic.childMissing(scope: "alert", event: "alert(.dismiss)").description))
    }
}
