import EffectEnginePersistence
import Foundation
import Testing

/// A shelf whose books have ids and a colour: what a state file is checked for beyond
/// its shape.
struct Shelf: Codable, Sendable, Equatable {
    enum Colour: String, Codable, Sendable { case red, blue }

    struct Book: Codable, Sendable, Equatable, Identifiable {
        var id: Int
        var colour = Colour.red
    }

    var books: [Book] = []
}

/// L13: a state file is checked for what it holds, not only its shape. A value that does
/// not decode names its field and the value (before: "the data is not valid JSON", for
/// valid JSON), and a collection holding one id twice is refused (before: loaded).
@Suite struct StateFileValueTests {
    static func load(_ state: String) throws -> StateFileError? {
        let scratch = try Scratch()
        try scratch.write(#"{"format":1,"version":1,"state":"# + state + "}", to: "shelf.json")
        let file = StateFile<Shelf>(path: scratch.path("shelf.json"))
        return #expect(throws: StateFileError.self) { try file.load() }
    }

    @Test func aValueThatDoesNotDecodeIsNamedWithItsField() throws {
        let error = try Self.load(#"{"books":[{"id":1,"colour":"red"},{"id":2,"colour":"plaid"}]}"#)
        #expect(error?.kind == .undecodable)
        #expect(error?.reason.hasPrefix(#"field state.books[1].colour holds "plaid": "#) == true, "\(error?.reason ?? "")")
        #expect(error?.reason.contains("not valid JSON") == false)
    }

    @Test func aValueOfAnotherTypeIsShown() throws {
        let error = try Self.load(#"{"books":[{"id":"one","colour":"red"}]}"#)
        #expect(error?.reason == #"state.books[0].id is not an Int, it is "one""#)
    }

    @Test func anIdUsedTwiceIsRefused() throws {
        let error = try Self.load(#"{"books":[{"id":1,"colour":"red"},{"id":2,"colour":"red"},{"id":1,"colour":"blue"}]}"#)
        #expect(error?.kind == .undecodable)
        #expect(error?.reason == "state.books[2]: its id, 1, is that of state.books[0]")
        #expect(error?.movedTo != nil)
    }

    @Test func distinctIdsLoad() throws {
        let scratch = try Scratch()
        let file = StateFile<Shelf>(path: scratch.path("shelf.json"))
        let shelf = Shelf(books: [Shelf.Book(id: 1), Shelf.Book(id: 2, colour: .blue)])
        try file.save(shelf)
        #expect(try file.load() == shelf)
    }
}
