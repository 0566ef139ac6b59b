import Testing

@testable import EffectEngineCLI

@Suite struct SpellingTests {
    @Test(arguments: [
        ("qeury", true), ("quer", true), ("queryy", true), ("qoery", true), ("uqery", true), ("queyr", true),
        ("query", false), ("qurey", true), ("qyeru", false), ("q", false), ("", false), ("querries", false),
    ])
    func oneEditFromQuery(typed: String, isOneEdit: Bool) {
        #expect(
            Spelling.isOneEditApart(Array(typed.unicodeScalars), Array("query".unicodeScalars)) == isOneEdit)
    }

    @Test func theSuggestionListsEveryWordOneEditAway() {
        #expect(
            Spelling.suggestion(for: "ad", in: ["add", "and", "clear"]) == " (did you mean 'add' or 'and'?)")
        #expect(
            Spelling.suggestion(for: "at", in: ["add", "and", "at", "as", "it"])
                == " (did you mean 'as' or 'it'?)")
        #expect(Spelling.suggestion(for: "frobnicate", in: ["add"]) == "")
        #expect(Spelling.oneEditAway(from: "tick", in: ["tick", "tock", "tock"]) == ["tock"])
    }
}
