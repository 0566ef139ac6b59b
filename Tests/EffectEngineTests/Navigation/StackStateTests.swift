import EffectEngine
import Foundation
import Testing

@Suite("StackState: ids handed out once, values that hide nothing (N1)")
struct StackStateTests {
    typealias Stack = StackState<String>

    @Test("popping 3 then pushing gives 4, never 3")
    func idsAreNeverReused() {
        var stack: Stack = ["a", "b", "c", "d"]
        #expect(stack.ids == [0, 1, 2, 3])
        stack.pop(from: 3)
        stack.append("e")
        #expect(stack.ids == [0, 1, 2, 4])
        stack.removeAll()
        stack.append("f")
        stack.removeAll(where: { _ in false })
        stack.removeLast()
        stack.append("f")
        #expect(stack.ids == [6])
        #expect(stack.nextID == 7)
    }

    @Test("pop(from:) takes the element and all above; pop(to:) keeps it on top; a missing id changes nothing")
    func pops() {
        var stack: Stack = ["a", "b", "c"]
        let toFound = stack.pop(to: 1)
        #expect(toFound && Array(stack) == ["a", "b"])
        let fromFound = stack.pop(from: 0)
        #expect(fromFound && stack.isEmpty)
        var other: Stack = ["a"]
        let found = other.pop(from: 7) || other.pop(to: 7)
        #expect(!found)
        #expect(other == ["a"])
    }

    @Test("subscript(id:): reads, replaces keeping the id, removes one, pushes an id not handed out")
    func subscriptByID() {
        var stack: Stack = ["a", "b", "c"]
        #expect(stack[id: 1] == "b")
        #expect(stack[id: 9] == nil)
        stack[id: 1] = "B"
        #expect(Array(stack) == ["a", "B", "c"] && stack.ids == [0, 1, 2])
        stack[id: 1] = nil
        #expect(stack.ids == [0, 2])
        stack[id: 1] = "again"
        #expect(stack.ids == [0, 2], "an id handed out before is never handed out again")
        stack[id: 5] = "f"
        #expect(stack.ids == [0, 2, 5] && stack.nextID == 6)
    }

    @Test("as a collection: elements changed in place keep their ids, inserted ones get new ids")
    func rangeReplaceable() {
        var stack: Stack = ["a", "b"]
        stack[0] = "A"
        #expect(stack.ids == [0, 1])
        stack.insert("z", at: 0)
        #expect(Array(stack) == ["z", "A", "b"] && stack.ids == [2, 0, 1])
        stack.replaceSubrange(1..<3, with: ["x", "y", "w"])
        #expect(stack.ids == [2, 3, 4, 5] && stack.nextID == 6)
        stack.removeLast()
        #expect(stack.index(of: 5) == nil && stack.index(of: 4) == 2)
    }

    @Test("equality and hashing include the ids and the count handed out; renumbered() is the canonical form")
    func valueIdentity() {
        var pushedAndPopped: Stack = ["a"]
        pushedAndPopped.append("b")
        pushedAndPopped.removeLast()
        let fresh: Stack = ["a"]
        #expect(pushedAndPopped != fresh)
        #expect(Set([pushedAndPopped, fresh]).count == 2)
        #expect(pushedAndPopped.renumbered() == fresh)
        var gap: Stack = ["a", "b"]
        gap[id: 0] = nil
        gap.append("c")
        #expect(gap.ids == [1, 2] && gap.renumbered() == ["b", "c"])
    }

    @Test("Codable: a stack round-trips with its ids and next id")
    func roundTrip() throws {
        var stack: Stack = ["a", "b", "c"]
        stack.pop(from: 1)
        stack.append("d")
        let data = try JSONEncoder().encode(stack)
        let decoded = try JSONDecoder().decode(Stack.self, from: data)
        #expect(decoded == stack)
        var next = decoded
        next.append("e")
        #expect(next.ids == [0, 3, 4])
    }

    @Test(
        "Codable: ids a stack could not have handed out are refused with a clear error",
        arguments: [
            (#"{"ids":[0,1],"elements":["a"],"nextID":2}"#, "as many ids as elements"),
            (#"{"ids":[1,1],"elements":["a","b"],"nextID":2}"#, "distinct"),
            (#"{"ids":[0,2],"elements":["a","b"],"nextID":2}"#, "below its next id"),
            (#"{"ids":[-1],"elements":["a"],"nextID":2}"#, "not negative"),
            (#"{"ids":[0],"elements":["a"]}"#, "nextID"),
        ])
    func refusesBadInput(json: String, reason: String) {
        #expect {
            try JSONDecoder().decode(Stack.self, from: Data(json.utf8))
        } throws: { error in
            String(describing: error).contains(reason)
        }
    }

    @Test("init(ids:elements:nextID:) rebuilds a stack exactly, and refuses ids no stack could hand out")
    func rebuiltFromItsIDs() throws {
        var stack: Stack = ["a", "b", "c"]
        stack.pop(from: 1)
        stack.append("d")
        let rebuilt = try #require(Stack(ids: [0, 3], elements: ["a", "d"], nextID: 4))
        #expect(rebuilt == stack)
        var next = rebuilt
        next.append("e")
        #expect(next.ids == [0, 3, 4])
        #expect(Stack(ids: [0, 1], elements: ["a"], nextID: 2) == nil)
        #expect(Stack(ids: [1, 1], elements: ["a", "b"], nextID: 2) == nil)
        #expect(Stack(ids: [0, 2], elements: ["a", "b"], nextID: 2) == nil)
        #expect(Stack(ids: [-1], elements: ["a"], nextID: 2) == nil)
        #expect(Stack(ids: [], elements: [], nextID: 5)?.nextID == 5)
    }

    @Test("a stack element id reads as its number and is written as one")
    func elementID() throws {
        let id: StackElementID = 3
        #expect(id.description == "3")
        #expect(String(decoding: try JSONEncoder().encode(id), as: UTF8.self) == "3")
        #expect(StackElementID(rawValue: 2) < id)
    }
}
