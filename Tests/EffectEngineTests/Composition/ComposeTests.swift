import EffectEngine
import Testing

@Suite("Compose: a child over a field, an optional field and a collection keyed by id (C2)")
struct ComposeTests {
    typealias State = RowList.State
    typealias Event = RowList.Event

    /// Steps `event` as a host would, and returns the summary of its effect.
    static func step(_ state: inout State, _ event: Event) -> EffectSummary? {
        RowList.update(state: &state, event: event)?.summary
    }

    @Test("field: the child's update runs on the field, then the parent's; names under the scope")
    func field() {
        var state = State()
        #expect(Self.step(&state, .header(.load)) == .task(name: "header/load"))
        #expect(Self.step(&state, .header(.loaded)) == nil)
        #expect(state.header.loaded == 1)
        #expect(state.seen == [.header(.load), .header(.loaded)])
        #expect(Self.step(&state, .header(.stop)) == .cancel("header/load"))
    }

    @Test("events for no child reach the parent alone")
    func parentEvents() {
        var state = State()
        #expect(Self.step(&state, .other) == nil)
        #expect(state.seen == [.other])
        #expect(state.header == Row.State(id: 0))
    }

    @Test("optional: runs while present; an event for it while nil is dropped and reported")
    func optionalField() {
        var state = State()
        let missing = Diagnostic.childMissing(scope: "detail", event: "detail(.load)")
        #expect(Self.step(&state, .detail(.load)) == .report(missing.description))
        #expect(state.seen.isEmpty)
        #expect(Self.step(&state, .open(5)) == nil)
        #expect(Self.step(&state, .detail(.load)) == .task(name: "detail/load"))
        #expect(Self.step(&state, .detail(.loaded)) == nil)
        #expect(state.detail?.loaded == 1)
    }

    @Test("optional: set to nil, its tasks are cancelled; staying nil cancels nothing")
    func optionalFieldLeaves() {
        var state = State()
        _ = Self.step(&state, .open(5))
        #expect(Self.step(&state, .close) == .cancel(scope: "detail"))
        #expect(Self.step(&state, .close) == nil)
    }

    @Test("forEach: routes by id, never by position; names under scope/id")
    func forEachRoutesById() {
        var state = State()
        _ = Self.step(&state, .add(1...3))
        #expect(Self.step(&state, .row(2, .load)) == .task(name: "rows/2/load"))
        #expect(Self.step(&state, .row(2, .loaded)) == nil)
        _ = Self.step(&state, .remove(1...1))
        #expect(Self.step(&state, .row(3, .loaded)) == nil)
        #expect(state.rows.map(\.loaded) == [1, 1])
        #expect(state.rows.map(\.id) == [2, 3])
    }

    @Test("forEach: an event for a missing id is dropped and reported, applied to no other row")
    func forEachMissingId() {
        var state = State()
        _ = Self.step(&state, .add(1...2))
        let before = state
        let effect = Self.step(&state, .row(9, .loaded))
        #expect(
            effect == .report(Diagnostic.childMissing(scope: "rows/9", event: "row(9, .loaded)").description))
        #expect(state == before)
        _ = Self.step(&state, .remove(1...1))
        #expect(Self.step(&state, .row(1, .loaded)) != nil)
        #expect(state.rows == [Row.State(id: 2)])
    }

    @Test("forEach: removing rows cancels their scopes in order; untouched or reordered rows cancel nothing")
    func forEachRemovals() {
        var state = State()
        _ = Self.step(&state, .add(1...4))
        #expect(
            Self.step(&state, .remove(2...3))
                == .sequence([.cancel(scope: "rows/2"), .cancel(scope: "rows/3")]))
        #expect(Self.step(&state, .add(5...5)) == nil)
        #expect(Self.step(&state, .replaceAll(with: 4...5)) == .cancel(scope: "rows/1"))
        #expect(Self.step(&state, .other) == nil)
        #expect(Self.step(&state, .replaceAll(with: 4...5)) == nil)
    }

    @Test("forEach: a child effect, then the parent's, then the removals, in one sequence")
    func forEachOrder() {
        func update(_ state: inout State, _ event: Event) -> Effect<Event, RowList.Env>? {
            Compose.forEach(
                \.rows, in: &state, event: event, scope: "rows",
                child: { if case .row(let id, let event) = $0 { (id, event) } else { nil } },
                embed: Event.row, env: { $0.row }, update: Row.update
            ) { state, event in
                guard case .row(let id, .load) = event else { return nil }
                state.rows.removeAll { $0.id == id }
                return .cancel("parent")
            }
        }
        var state = State()
        state.rows = [Row.State(id: 1)]
        #expect(
            update(&state, .row(1, .load))?.summary
                == .sequence([.task(name: "rows/1/load"), .cancel("parent"), .cancel(scope: "rows/1")]))
        #expect(state.rows.isEmpty)
    }

    @Test("an empty collection scope names rows by id alone")
    func emptyScope() {
        func update(_ state: inout State, _ event: Event) -> Effect<Event, RowList.Env>? {
            Compose.forEach(
                \.rows, in: &state, event: event, scope: "",
                child: { if case .row(let id, let event) = $0 { (id, event) } else { nil } },
                embed: Event.row, env: { $0.row }, update: Row.update, parent: RowList.own)
        }
        var state = State()
        _ = update(&state, .add(1...1))
        #expect(update(&state, .row(1, .load))?.summary == .task(name: "1/load"))
        #expect(update(&state, .remove(1...1))?.summary == .cancel(scope: "1"))
    }

    @Test("String ids that are prefixes of one another keep their scopes apart")
    func stringIds() {
        struct Item: Identifiable, Equatable {
            var id: String
        }
        func update(_ items: inout [Item], _ event: (String, Row.Event)) -> Effect<(String, Row.Event), Void>?
        {
            Compose.forEach(
                \.self, in: &items, event: event, scope: "items", child: { $0 }, embed: { ($0, $1) },
                env: { $0 },
                update: { _, event in event == .load ? .task(name: "load") { _, _ in } : nil }
            ) { items, event in
                if event.1 == .stop { items.removeAll { $0.id == event.0 } }
                return nil
            }
        }
        var items = [Item(id: "a"), Item(id: "ab")]
        #expect(update(&items, ("ab", .load))?.summary == .task(name: "items/ab/load"))
        #expect(update(&items, ("a", .stop))?.summary == .cancel("items/a/"))
    }
}

@MainActor
@Suite("Composed features on a host: children leave, late events, many rows (C2)")
struct ComposedHostTests {
    @Test("an event for a missing row is dropped and reported as a diagnostic; state untouched")
    func missingRowIsReported() async {
        let recorder = Recorder<RowList.State, RowList.Event>()
        let host = RowListHost(rows: 1...2, observer: recorder.observer)
        let before = host.state
        host.send(.row(7, .load))
        #expect(host.state == before)
        #expect(host.runningTasks.isEmpty)
        guard case .childMissing(let scope, let event)? = recorder.diagnostics.first else {
            Issue.record("no childMissing diagnostic: \(recorder.diagnostics)")
            return
        }
        #expect(scope == "rows/7")
        #expect(event.contains("row(7"))
        #expect(recorder.diagnostics.count == 1)
        await host.stop()
    }

    @Test("a removed row's tasks are cancelled, and their late events dropped, reaching no other row")
    func removedRowLateEvent() async {
        let recorder = Recorder<RowList.State, RowList.Event>()
        let host = RowListHost(rows: 1...2, observer: recorder.observer)
        host.send(.row(1, .sleepThenSend))
        host.send(.row(2, .sleep))
        host.send(.remove(1...1))
        #expect(host.runningTaskNames == ["rows/2/load"])
        host.send(.add(3...3))
        await host.stop()
        #expect(host.state.rows.map(\.loaded) == [0, 0])
        #expect(recorder.diagnostics.isEmpty)
        let cancelled = recorder.taskActivities.compactMap { change -> String? in
            if case .cancelled(let task) = change { task.name } else { nil }
        }
        #expect(cancelled.first == "rows/1/load")
    }

    @Test("closing the optional child cancels its tasks; the other children run on")
    func closingTheDetail() async {
        let host = RowListHost(rows: 1...1)
        host.send(.open(9))
        host.send(.detail(.sleep))
        host.send(.header(.sleep))
        host.send(.row(1, .sleep))
        #expect(host.runningTaskNames == ["detail/load", "header/load", "rows/1/load"])
        host.send(.close)
        #expect(host.runningTaskNames == ["header/load", "rows/1/load"])
        await host.stop()
    }

    @Test("1,000 sibling rows each run load: 1,000 live tasks; removing 500 rows cancels exactly their 500")
    func thousandRows() async {
        let recorder = Recorder<RowList.State, RowList.Event>()
        let host = RowListHost(rows: 1...1_000, observer: recorder.observer)
        for id in 1...1_000 { host.send(.row(id, .sleep)) }
        #expect(host.runningTaskCount == 1_000)
        let names = host.runningTasks.compactMap(\.name)
        #expect(Set(names).count == 1_000)
        #expect(Set(names) == Set((1...1_000).map { "rows/\($0)/load" }))
        #expect(!recorder.taskActivities.contains { if case .replaced = $0 { true } else { false } })

        host.send(.remove(251...750))
        let cancelled = recorder.taskActivities.compactMap { change -> String? in
            if case .cancelled(let task) = change { task.name } else { nil }
        }
        #expect(cancelled.count == 500)
        #expect(Set(cancelled) == Set((251...750).map { "rows/\($0)/load" }))
        #expect(host.runningTaskCount == 500)
        #expect(
            Set(host.runningTasks.compactMap(\.name))
                == Set((Array(1...250) + Array(751...1_000)).map { "rows/\($0)/load" }))
        await host.stop()
    }

    @Test("1,000 rows removed one event at a time: each removal cancels its own row's task only")
    func rowsRemovedOneByOne() async {
        let host = RowListHost(rows: 1...1_000)
        for id in 1...1_000 { host.send(.row(id, .sleep)) }
        for id in stride(from: 2, through: 1_000, by: 2) { host.send(.remove(id...id)) }
        #expect(host.runningTaskCount == 500)
        #expect(
            host.runningTasks.allSatisfy {
                ($0.name.flatMap { Int($0.split(separator: "/")[1]) } ?? 0) % 2 == 1
            })
        await host.stop()
    }
}
