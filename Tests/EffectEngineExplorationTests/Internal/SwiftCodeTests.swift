import EffectEngine
import TestSupport
import Testing

@testable import EffectEngineExploration

@Suite("SwiftCode: values spelled as Swift source", .onThreadOfItsOwn)
struct SwiftCodeTests {
    struct Item: Hashable {
        var name: String
        var tags: Set<String>
    }

    enum Step: Hashable {
        case idle
        case found(query: String, hits: [Int])
        case chosen(Item?)
    }

    @Test func scalarsSpellThemselves() {
        #expect(SwiftCode.literal(42) == "42")
        #expect(SwiftCode.literal(-7 as Int8) == "-7")
        #expect(SwiftCode.literal(true) == "true")
        #expect(SwiftCode.literal(0.5) == "0.5")
        #expect(SwiftCode.literal(Double.infinity) == ".infinity")
        #expect(SwiftCode.literal(-Double.infinity) == "-.infinity")
        #expect(SwiftCode.literal(Float.nan) == ".nan")
        #expect(SwiftCode.literal("say \"hi\"\n\\") == #""say \"hi\"\n\\""#)
        #expect(SwiftCode.literal(Character("é")) == #""é""#)
    }

    /// N12: a binding is spelled as the call that makes it, so a written test compiles.
    @Test func aBindingIsSpelledByItsKeyPath() {
        struct Form: Equatable { var title = ""; var step: Step = .idle }
        enum Event: Equatable { case binding(BindingEvent<Form>) }
        #expect(SwiftCode.literal(Event.binding(.set(\.title, "Hi"))) == #".binding(.set(\.title, "Hi"))"#)
        #expect(SwiftCode.literal(Event.binding(.set(\.step, .idle))) == ".binding(.set(\\.step, .idle))")
    }

    @Test func containersEnumsAndStructs() {
        #expect(SwiftCode.literal([1, 2]) == "[1, 2]")
        #expect(SwiftCode.literal([Int]()) == "[]")
        #expect(SwiftCode.literal(Set(["b", "a", "c"])) == #"["a", "b", "c"]"#)
        #expect(SwiftCode.literal(["b": 2, "a": 1]) == #"["a": 1, "b": 2]"#)
        #expect(SwiftCode.literal([String: Int]()) == "[:]")
        #expect(SwiftCode.literal(Int?.none as Any) == "nil")
        #expect(SwiftCode.literal(Int?.some(3) as Any) == "3")
        #expect(SwiftCode.literal(Step.idle) == ".idle")
        #expect(SwiftCode.literal(Step.found(query: "a", hits: [1])) == #".found(query: "a", hits: [1])"#)
        #expect(
            SwiftCode.literal(Step.chosen(Item(name: "x", tags: ["t"])))
                == #".chosen(.init(name: "x", tags: ["t"]))"#)
        #expect(SwiftCode.literal((1, "a")) == #"(1, "a")"#)
        #expect(SwiftCode.literal(EffectSummary.task(name: "t")) == #".task(name: "t")"#)
    }

    @Test func changesAreFieldAssignments() {
        let before = Item(name: "a", tags: [])
        #expect(SwiftCode.assignments(from: before, to: before) == [])
        #expect(
            SwiftCode.assignments(from: before, to: Item(name: "b", tags: ["x"]))
                == [#"$0.name = "b""#, #"$0.tags = ["x"]"#])
        #expect(SwiftCode.assignments(from: 1, to: 2) == nil)
        #expect(SwiftCode.assignments(from: Step.idle, to: Step.idle) == nil)
    }

    @Test func effectsAsExpressions() {
        #expect(SwiftCode.effect(nil) == "nil")
        #expect(SwiftCode.effect(.task(name: nil)) == ".task(name: nil)")
        #expect(
            SwiftCode.effect(.sequence([.action, .cancel("t")])) == #".sequence([.action, .cancel("t")])"#)
    }

    @Test func sentencesBecomeIdentifiers() {
        #expect(SwiftCode.identifier("the count is never negative") == "theCountIsNeverNegative")
        #expect(SwiftCode.identifier("TM commits once") == "tmCommitsOnce")
        #expect(SwiftCode.identifier("3 managers agree") == "test3ManagersAgree")
        #expect(SwiftCode.identifier("¿qué?") == "qu")
        #expect(SwiftCode.identifier("—") == "explorationFailure")
        #expect(SwiftCode.identifier("default") == "`default`")
    }
}
