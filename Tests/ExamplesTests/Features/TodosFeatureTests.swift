import EffectEngine
import EffectEngineCLI
import EffectEngineTesting
import Foundation
import Testing

@testable import todos

/// TCA's `TodosTests`, every one, on `TestHost` and `TestClock`: the same steps, the same
/// state changes, the same events received in the same order, exhaustively. TCA's
/// bindings are events here (`.todo(id:, .setTitle)`, `.setFilter`, `.setEditing`), its
/// `sortCompletedTodos` is `.sortDelayElapsed`, and ids count up from `UUID(0)`.
@Suite("Todos feature, TCA's tests ported")

struct TodosFeatureTests {
    let clock = TestClock()

    /// A host whose ids fail the test when drawn, unless the test gives `uuid`: TCA's
    /// tests set `uuid` only where they add a todo, leaving it to its test value, which
    /// fails when called, everywhere else.
    func makeHost(
        _ state: Todos.State = Todos.State(),
        uuid: UUIDGenerator = UUIDGenerator(unimplemented("Todos.Env.uuid", placeholder: UUID(0)))
    ) -> TestHost<Todos.State, Todos.Event, Todos.Env> {
        TestHost(initialState: state, env: Todos.Env(clock: clock, uuid: uuid), update: Todos.update)
    }

    /// Todos with these ids, none titled; `completed` lists the ids checked.
    func todos(_ ids: Int..., completed: Set<Int> = []) -> IdentifiedArray<Todo.State> {
        IdentifiedArray(ids.map { Todo.State(id: UUID($0), isComplete: completed.contains($0)) })
    }

    // Ports TCA's TodosTests.add() (testAddTodo() before its move to Swift Testing).
    @Test func addTodo() async {
        let host = makeHost(uuid: .incrementing)
        await host.send(.add) {
            $0.todos.insert(Todo.State(id: UUID(0), title: "", isComplete: false), at: 0)
        }
        await host.receive(.added(id: UUID(0)))
        await host.send(.add) {
            $0.todos = [
                Todo.State(id: UUID(1), title: "", isComplete: false),
                Todo.State(id: UUID(0), title: "", isComplete: false),
            ]
        }
        await host.receive(.added(id: UUID(1)))
        await host.finish()
    }

    // Ports TCA's TodosTests.edit() (testEditTodo()).
    @Test func editTodo() async {
        let host = makeHost(Todos.State(todos: todos(0)))
        await host.send(.todo(id: UUID(0), .setTitle("Learn EffectEngine"))) {
            $0.todos[0].title = "Learn EffectEngine"
        }
        await host.finish()
    }

    // Ports TCA's TodosTests.complete() (testCompleteTodo()).
    @Test func completeTodo() async {
        let host = makeHost(Todos.State(todos: todos(0, 1)))
        await host.send(.todo(id: UUID(0), .setComplete(true))) {
            $0.todos[0].isComplete = true
        }
        await clock.advance(by: .seconds(1))
        await host.receive(.sortDelayElapsed) {
            $0.todos = [$0.todos[1], $0.todos[0]]
        }
        await host.finish()
    }

    // Ports TCA's TodosTests.completionDebounce() (testCompleteTodoDebounces()).
    @Test func completeTodoDebounces() async {
        let host = makeHost(Todos.State(todos: todos(0, 1)))
        await host.send(.todo(id: UUID(0), .setComplete(true))) {
            $0.todos[0].isComplete = true
        }
        await clock.advance(by: .milliseconds(500))
        await host.send(.todo(id: UUID(0), .setComplete(false))) {
            $0.todos[0].isComplete = false
        }
        await clock.advance(by: .seconds(1))
        await host.receive(.sortDelayElapsed)
        await host.finish()
    }

    // Ports TCA's TodosTests.clearCompleted() (testClearCompleted()).
    @Test func clearCompleted() async {
        let host = makeHost(Todos.State(todos: todos(0, 1, completed: [1])))
        await host.send(.clearCompleted) {
            $0.todos = [$0.todos[0]]
        }
        await host.finish()
    }

    // Ports TCA's TodosTests.delete() (testDelete()).
    @Test func delete() async {
        let host = makeHost(Todos.State(todos: todos(0, 1, 2)))
        await host.send(.delete([1])) {
            $0.todos = [$0.todos[0], $0.todos[2]]
        }
        await host.finish()
    }

    // Ports TCA's TodosTests.filteredDelete() (testDeleteWhileFiltered()).
    @Test func deleteWhileFiltered() async {
        let host = makeHost(Todos.State(todos: todos(0, 1, 2, completed: [2]), filter: .completed))
        await host.send(.delete([0])) {
            $0.todos = [$0.todos[0], $0.todos[1]]
        }
        await host.finish()
    }

    // Ports TCA's TodosTests.editModeMove() (testEditModeMoving()).
    @Test func editModeMoving() async {
        let host = makeHost(Todos.State(todos: todos(0, 1, 2)))
        await host.send(.setEditing(true)) {
            $0.isEditing = true
        }
        await host.send(.move([0], to: 2)) {
            $0.todos = [$0.todos[1], $0.todos[0], $0.todos[2]]
        }
        await clock.advance(by: .milliseconds(100))
        await host.receive(.sortDelayElapsed)
        await host.finish()
    }

    // Ports TCA's TodosTests.filteredEditModeMove() (testEditModeMovingWithFilter()).
    @Test func editModeMovingWithFilter() async {
        let host = makeHost(Todos.State(todos: todos(0, 1, 2, 3, completed: [2, 3])))
        await host.send(.setEditing(true)) {
            $0.isEditing = true
        }
        await host.send(.setFilter(.completed)) {
            $0.filter = .completed
        }
        await host.send(.move([0], to: 2)) {
            $0.todos = [$0.todos[0], $0.todos[1], $0.todos[3], $0.todos[2]]
        }
        await clock.advance(by: .milliseconds(100))
        await host.receive(.sortDelayElapsed)
        await host.finish()
    }

    // Ports TCA's TodosTests.filteredEdit() (testFilteredEdit()).
    @Test func filteredEdit() async {
        let host = makeHost(Todos.State(todos: todos(0, 1, completed: [1])))
        await host.send(.setFilter(.completed)) {
            $0.filter = .completed
        }
        await host.send(.todo(id: UUID(1), .setTitle("Done already"))) {
            $0.todos[1].title = "Done already"
        }
        await host.finish()
    }
}

/// What the port adds to TCA's tests: rows addressed as the list shows them, which the
/// line protocol turns into ids with the state it is typed at (L7), and the journal
/// recorded from the command line.
@Suite("Todos feature, rows and journal")

struct TodosRowTests {
    let milk = Todo.State(id: UUID(0), title: "Milk")
    let eggs = Todo.State(id: UUID(1), title: "Eggs", isComplete: true)

    func parse(_ line: String, _ state: Todos.State) throws(LineError) -> Todos.Event {
        try Todos.commands.parse(line, state: state)
    }

    @Test func aRowIsTheTodoShownThereUnderTheFilter() throws {
        let all = Todos.State(todos: [milk, eggs])
        let completed = Todos.State(todos: [milk, eggs], filter: .completed)
        #expect(try parse("toggle 1", all) == .todo(id: milk.id, .setComplete(true)))
        #expect(try parse("toggle 1", completed) == .todo(id: eggs.id, .setComplete(false)))
        #expect(try parse("title 1 Post", completed) == .todo(id: eggs.id, .setTitle("Post")))
        #expect(try parse("title 2   Oat milk ", all) == .todo(id: eggs.id, .setTitle("Oat milk")))
        #expect(try parse("delete 1", completed) == .delete([0]))
        #expect(try parse("delete 2", all) == .delete([1]))
        #expect(throws: LineError("no todo 2: pick 1 to 1")) { try parse("toggle 2", completed) }
        #expect(throws: LineError("no todo 1: none shown")) {
            try parse("delete 1", Todos.State(todos: [milk], filter: .completed))
        }
        #expect(throws: LineError("'title' needs <n> <text>")) { try parse("title", all) }
        #expect(throws: LineError("'delete' needs <n>, got '1 2'")) { try parse("delete 1 2", all) }
    }

    /// `move n m` lands the todo at row m: offsets name a gap, so moving down lands
    /// before the row after m.
    @Test func movingARowLandsItAtTheRowNamed() throws {
        let four = Todos.State(todos: IdentifiedArray((0..<4).map { Todo.State(id: UUID($0)) }))
        #expect(try parse("move 1 3", four) == .move([0], to: 3))
        #expect(try parse("move 4 2", four) == .move([3], to: 1))
        #expect(throws: LineError("no todo 5: pick 1 to 4")) { try parse("move 1 5", four) }
        #expect(throws: LineError("'move' needs <m> (a whole number), got 'x'")) { try parse("move 1 x", four) }
        #expect(throws: LineError("'move' needs <n> <m>, got '1 2 3'")) { try parse("move 1 2 3", four) }
        UpdateSpec(Todos.update, env: .mock(clock: TestClock()))
            .given(four)
            .when(try parse("move 1 3", four))
            .then(effect: .task(name: Todos.moveSortTask)) {
                $0.todos = IdentifiedArray([UUID(1), UUID(2), UUID(0), UUID(3)].map { Todo.State(id: $0) })
            }
    }

    @Test func aCheckMarkStartsTheSort() {
        UpdateSpec(Todos.update)
            .given(Todos.State(todos: [Todo.State(id: UUID(0))]))
            .when(.todo(id: UUID(0), .setComplete(true)))
            .then(effect: .task(name: Todos.sortTask)) { $0.todos[0].isComplete = true }
    }

    @Test func theRecordedJournalReplaysToItsState() throws {
        let path = FixturePath.todosJournal
        let state = try #require(UpdateSpec(Todos.update).replay(journalAt: path))
        #expect(state.todos.map(\.title) == ["Bread", "Eggs", "Milk"])
        #expect(state.todos.map(\.isComplete) == [false, true, true])
        #expect(state.filter == .all)
    }
}
