import EffectEngine
import Testing

private enum Event {
    case loaded(Result<[String], Failure>)
    case path(StackEvent<Page, PageEvent>)
    case query(String)
    case named(String)

    struct Failure: Error {}
}

private enum Page: Equatable { case detail(Int, title: String), record }
private enum PageEvent { case saved(String), closed }

/// T13: case paths made from a case's constructor, with no macro.
@Suite("CasePath: a case named by its constructor")
struct CasePathTests {
    @Test func aCasePathExtractsTheValueOfItsCaseOnly() throws {
        let loaded = CasePath(Event.loaded)
        #expect(try loaded.extract(from: .loaded(.success(["a"])))?.get() == ["a"])
        #expect(loaded.extract(from: .query("a")) == nil)
        #expect(loaded.matches(.loaded(.failure(Event.Failure()))))
    }

    @Test func twoCasesWithTheSamePayloadAreTold() {
        #expect(CasePath(Event.query).extract(from: .query("a")) == "a")
        #expect(CasePath(Event.query).extract(from: .named("a")) == nil)
        #expect(CasePath(Event.named).extract(from: .query("a")) == nil)
    }

    @Test func aClosureNamesANestedCaseAndWhatElseTheCasesCarry() {
        let saved = CasePath { Event.path(.element(id: 0, event: .saved($0))) }
        #expect(saved.extract(from: .path(.element(id: 0, event: .saved("x")))) == "x")
        #expect(saved.extract(from: .path(.element(id: 1, event: .saved("x")))) == nil)
        #expect(saved.extract(from: .path(.element(id: 0, event: .closed))) == nil)
        #expect(saved.extract(from: .path(.popFrom(id: 0))) == nil)
    }

    @Test func pathsAppendAndModifyInPlace() {
        let result = CasePath(Event.loaded).appending(CasePath(Result<[String], Event.Failure>.success))
        #expect(result.extract(from: .loaded(.success(["b"]))) == ["b"])
        var screen: Page = .detail(1, title: "a")
        #expect(CasePath(Page.detail).modify(&screen) { $0.1 = "b" })
        #expect(screen == .detail(1, title: "b"))
        var other: Page = .record
        #expect(!CasePath(Page.detail).modify(&other) { $0.1 = "b" })
        #expect(other == .record)
    }
}
