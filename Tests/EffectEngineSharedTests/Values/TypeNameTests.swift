import EffectEngineShared
import Foundation
import Testing

@Suite struct TypeNameTests {
    @Test func aTypeNameTakesTheArticleItIsSpokenWith() {
        #expect(TypeName.withArticle(Int.self) == "an Int")
        #expect(TypeName.withArticle([Int].self) == "an Array<Int>")
        #expect(TypeName.withArticle(String.self) == "a String")
        #expect(TypeName.withArticle(UInt8.self) == "a UInt8")
        #expect(TypeName.withArticle(UUID.self) == "a UUID")
        #expect(TypeName.withArticle(Optional<Int>.self) == "an Optional<Int>")
        #expect(TypeName.withArticle("") == "")
    }
}
