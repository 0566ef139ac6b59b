import EffectEngine
import Testing

@Suite("Effect summaries (T4)")
struct EffectSummaryTests {
    typealias TestEffect = Effect<Int, Void>

    @Test func eachCaseSummarisesToItsShape() {
        #expect(TestEffect.task(name: "t") { _, _ in }.summary == .task(name: "t"))
        #expect(TestEffect.task { _, _ in }.summary == .task(name: nil))
        #expect(TestEffect.action { _ in 1 }.summary == .action)
        #expect(TestEffect.cancel("t").summary == .cancel("t"))
        #expect(
            TestEffect.sequence([.cancel("a"), .send(2), .run(name: "b") { _, _ in }]).summary
                == .sequence([.cancel("a"), .action, .task(name: "b")]))
    }

    @Test func pacedTasksSummariseWithTheirPacing() {
        #expect(
            TestEffect.task(name: "s", debounce: .seconds(1)) { _, _ in }.summary
                == .paced(name: "s", .debounce(.seconds(1))))
        #expect(
            TestEffect.sequence([.cancel("s"), .task(name: "t", throttle: .seconds(2)) { _, _ in }]).summary
                == .sequence([.cancel("s"), .task(name: "t", throttle: .seconds(2))]))
        #expect(TaskPacing.throttle(.seconds(2), latest: false).duration == .seconds(2))
        #expect(TaskPacing.debounce(.seconds(1)).description == "debounce: 1.0 seconds")
    }

    /// L8: a rejection is a `.report` of the feature's words, summarised as such.
    @Test func aRejectionSummarisesAsItsReport() {
        #expect(TestEffect.reject("no row 9").summary == .rejected("no row 9"))
        #expect(TestEffect.reject("no row 9").summary == .report("rejected: no row 9"))
        #expect(EffectSummary.rejected("no row 9").description == "report(\"rejected: no row 9\")")
    }

    @Test func summariesOfDifferentShapesDiffer() {
        #expect(TestEffect.cancel("a").summary != .cancel("b"))
        #expect(TestEffect.task(name: "a") { _, _ in }.summary != .task(name: nil))
    }

    @Test func optionalEffectComparesWithASummary() {
        let effect: TestEffect? = .task(name: "search") { _, _ in }
        #expect(effect?.summary == .task(name: "search"))
        let none: TestEffect? = nil
        #expect(none?.summary == nil)
    }

    @Test func descriptionIsCompact() {
        let summary = EffectSummary.sequence([
            .cancel("load"), .task(name: "load"), .action, .task(name: nil),
        ])
        #expect(summary.description == "sequence(cancel(\"load\"), task(\"load\"), action, task)")
    }

    @Test func effectStaysTwoWordsAndATag() {
        // A `TaskPriority` payload inline would make every `update` pay for an
        // address-only enum; the task case is indirect to keep Effect small.
        #expect(MemoryLayout<TestEffect>.size <= 17)
        #expect(MemoryLayout<TestEffect?>.size <= 17)
    }
}
