import EffectEngine
import Foundation
import Testing

@Suite("IdentifiedArray: identified rows in order, by id in constant time (N13)")
struct IdentifiedArrayTests {
    struct Todo: Identifiable, Hashable, Codable, Sendable {
        let id: Int
        var title = ""
    }

    static let three: IdentifiedArray<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b"), Todo(id: 3, title: "c")]

    @Test("an element is read, changed in place, and removed by id; an absent id reads nil")
    func byID() {
        var todos = Self.three
        #expect(todos[id: 2]?.title == "b")
        #expect(todos[id: 9] == nil)
        todos[id: 2]?.title = "B"
        #expect(todos.map(\.title) == ["a", "B", "c"])
        todos[2].title = "C"
        #expect(todos[id: 3]?.title == "C")
        todos[id: 9]?.title = "none"
        #expect(todos.count == 3)
        todos[id: 1] = nil
        #expect(todos.ids == [2, 3])
        #expect(todos.index(id: 3) == 1)
        todos[id: 4] = Todo(id: 4)
        #expect(todos.ids == [2, 3, 4])
        #expect(todos.remove(id: 3)?.title == "C")
        #expect(todos.remove(id: 3) == nil)
        #expect(todos.ids == [2, 4])
        #expect(todos.index(id: 4) == 1)
    }

    @Test("a duplicate id is refused: append keeps the first, the literal drops the later, uniqueElements fails")
    func duplicates() {
        var todos = Self.three
        let outcome = todos.append(Todo(id: 2, title: "again"))
        #expect(!outcome.inserted && outcome.index == 1)
        #expect(todos[id: 2]?.title == "b")
        #expect(todos.insert(Todo(id: 3), at: 0) == (false, 2))
        #expect(IdentifiedArray([Todo(id: 1, title: "x"), Todo(id: 1, title: "y")]).map(\.title) == ["x"])
        #expect(IdentifiedArray(uniqueElements: [Todo(id: 1), Todo(id: 1)]) == nil)
        #expect(IdentifiedArray(uniqueElements: [Todo(id: 1), Todo(id: 2)])?.ids == [1, 2])
    }

    @Test("insert renumbers the rows after it; updateOrAppend replaces in place or appends")
    func insertAndUpdate() {
        var todos = Self.three
        todos.insert(Todo(id: 0), at: 0)
        #expect(todos.ids == [0, 1, 2, 3])
        #expect(todos.index(id: 3) == 3)
        #expect(todos.updateOrAppend(Todo(id: 2, title: "two"))?.title == "b")
        #expect(todos.updateOrAppend(Todo(id: 5)) == nil)
        #expect(todos.ids == [0, 1, 2, 3, 5])
        #expect(todos[id: 2]?.title == "two")
    }

    @Test("move(fromOffsets:toOffset:) moves as a list's drag does, from an IndexSet or any offsets")
    func move() {
        var todos = Self.three
        todos.move(fromOffsets: IndexSet([0]), toOffset: 2)
        #expect(todos.ids == [2, 1, 3])
        todos.move(fromOffsets: [2], toOffset: 0)
        #expect(todos.ids == [3, 2, 1])
        todos.move(fromOffsets: [0, 2], toOffset: 3)
        #expect(todos.ids == [2, 3, 1])
        todos.move(fromOffsets: [1], toOffset: 1)
        #expect(todos.ids == [2, 3, 1])
        todos.move(fromOffsets: [Int](), toOffset: 0)
        #expect(todos.ids == [2, 3, 1])
        #expect(todos.ids.enumerated().allSatisfy { todos.index(id: $0.element) == $0.offset })
    }

    @Test("remove(atOffsets:) removes the rows at those offsets, each once; removeAll(where:) keeps order")
    func removeByOffsets() {
        var todos = Self.three
        todos.remove(atOffsets: IndexSet([0, 2]))
        #expect(todos.ids == [2])
        #expect(todos.index(id: 2) == 0)
        todos = Self.three
        todos.remove(atOffsets: [1, 1])
        #expect(todos.ids == [1, 3])
        todos.removeAll { $0.id == 1 }
        #expect(todos.ids == [3])
        #expect(todos[id: 1] == nil)
        todos.removeAll()
        #expect(todos.isEmpty && todos[id: 3] == nil)
    }

    @Test("sort and filter keep every id findable")
    func sortAndFilter() {
        var todos = Self.three
        todos.sort { $0.id > $1.id }
        #expect(todos.ids == [3, 2, 1])
        #expect(todos.index(id: 1) == 2)
        let odd = todos.filter { $0.id % 2 == 1 }
        #expect(odd.ids == [3, 1])
        #expect(odd.index(id: 1) == 1)
    }

    @Test("Codable as a plain array; two elements with one id fail to decode, naming the id")
    func codable() throws {
        let data = try JSONEncoder().encode(Self.three)
        #expect(try JSONDecoder().decode([Todo].self, from: data) == Self.three.elements)
        #expect(try JSONDecoder().decode(IdentifiedArray<Todo>.self, from: data) == Self.three)
        let twice = Data(#"[{"id":1,"title":"a"},{"id":1,"title":"b"}]"#.utf8)
        #expect {
            try JSONDecoder().decode(IdentifiedArray<Todo>.self, from: twice)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == "element 1 has the id 1, which element 0 has"
                && context.codingPath.map(\.intValue) == [1]
        }
    }

    @Test("equality and hashing follow the elements in order; shown as an array")
    func valueAndText() {
        var reordered = Self.three
        reordered.move(fromOffsets: [0], toOffset: 3)
        #expect(reordered != Self.three)
        reordered.move(fromOffsets: [2], toOffset: 0)
        #expect(reordered == Self.three)
        #expect(Set([reordered, Self.three]).count == 1)
        #expect(Mirror(reflecting: Self.three).displayStyle == .collection)
        #expect(Self.three.description == Self.three.elements.description)
    }
}
